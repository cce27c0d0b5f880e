/**
 * The RFID card of order details (docs/rfid.md): per RFID line its GTIN(s), serial ranges,
 * tag count, filter and first EPC (hex and tag URI), for the roles that see production documents
 * (VISIBILITY.productionPurchaseOrders), and the encoding file's download for the roles that may
 * download variable data. Nothing shows for an order without RFID lines.
 */
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { canSee, hasCapability, type Role } from '@selvedge/shared';
import { IconDownload } from '@tabler/icons-react';
import { downloadFile } from '../../api/files';
import { rfidPaths, useOrderRfidQuery } from '../../api/rfid';
import { RfidBadge } from '../../ui/RfidBadge';
import { Section } from './Section';

export function OrderRfid({ orderId, role }: { orderId: number; role: Role | null }) {
  const allowed = !!role && canSee('productionPurchaseOrders', role);
  const { data } = useOrderRfidQuery(orderId, allowed);
  if (!allowed || !data || data.lines.length === 0) return null;
  const mayDownload = hasCapability('downloadVariableDataCsv', role);
  return (
    <Section title="RFID" testId="order-rfid">
      <Stack gap="sm">
        {mayDownload && (
          <Group>
            <Button
              size="xs"
              // "default", not "light": hovered, the light button's text fell to 4.0:1 (axe, WCAG 1.4.3)
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => void downloadFile(rfidPaths.encoding(orderId))}
              data-testid="rfid-encoding-download"
            >
              RFID Encoding File
            </Button>
          </Group>
        )}
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product Subcode</Table.Th>
                <Table.Th>GTIN</Table.Th>
                <Table.Th>Serials</Table.Th>
                <Table.Th>Tags</Table.Th>
                <Table.Th>Filter</Table.Th>
                <Table.Th>First EPC</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((line) => (
                <Table.Tr key={line.orderItemId} data-testid="order-rfid-line">
                  <Table.Td>
                    <Group gap={6}>
                      {line.productSubcode}
                      <RfidBadge />
                    </Group>
                  </Table.Td>
                  <Table.Td>{line.gtins.join(', ')}</Table.Td>
                  <Table.Td>
                    {line.ranges.map((r) => (
                      <Text key={`${r.gtin}-${r.firstSerial}`} size="sm">
                        {r.firstSerial}–{r.lastSerial}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>{line.count}</Table.Td>
                  <Table.Td>{line.filter}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {line.firstEpcHex}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {line.firstTagUri}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Section>
  );
}
