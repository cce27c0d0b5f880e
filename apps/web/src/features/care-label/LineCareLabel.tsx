/**
 * The care label of an order line on the cart and order details (ordering §3 Care label): a
 * disclosure 'Care label' that shows the label drawn as it will be woven (the same drawing as the
 * production PO, from what the label itself says it prints), and on order details its product
 * passport's QR code.
 */
import { Box, Group, Text } from '@mantine/core';
import { type CareLabel, careLabelLayout } from '@selvedge/shared';
import { useMemo } from 'react';
import { CareLabelPreview } from './CareLabelPreview';
import { PassportQr } from './PassportQr';

/**
 * The line's care label behind a 'Care label' disclosure, open when `open` is set; with
 * `digitalLink` (order details, a placed line with a product passport) its QR code beside it.
 */
export function LineCareLabel({
  label,
  open = false,
  digitalLink,
}: {
  label: CareLabel;
  open?: boolean;
  digitalLink?: string | null;
}) {
  const layout = useMemo(() => careLabelLayout({ label }), [label]);
  return (
    <Box component="details" open={open} data-testid="line-care-label">
      <Text component="summary" size="sm" fw={600} style={{ cursor: 'pointer' }}>
        Care label
      </Text>
      <Group mt="xs" align="flex-start" gap="lg">
        <Box maw={220}>
          <CareLabelPreview layout={layout} widthPx={220} />
        </Box>
        {digitalLink && <PassportQr url={digitalLink} />}
      </Group>
    </Box>
  );
}
