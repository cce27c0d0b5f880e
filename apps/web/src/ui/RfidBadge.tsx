/** The RFID badge of an RFID subcode (docs/rfid.md): product search results and details, cart and order lines. */
import { Badge } from '@mantine/core';
import { RFID_MESSAGES } from '@selvedge/shared';

/** The badge; a span, as it sits inside lines of text (a product's description is a paragraph). */
export function RfidBadge() {
  return (
    <Badge component="span" size="sm" variant="light" color="grape" data-testid="rfid-badge">
      {RFID_MESSAGES.badge}
    </Badge>
  );
}
