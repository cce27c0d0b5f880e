/**
 * The Documents card of order details (ordering §2 Order details, §3 Order, §4 Tabs and documents,
 * §6 Visibility, §7 Documents): Related Documents; Shipping Documents when the answer carries them
 * (never for CSR), with the upload while the server lists 'uploadShippingDocument' (a CSR gets the
 * upload without the list); and the
 * Generated Documents — the Vendor PO of every placed order, a Production PO per factory, the
 * Vendor Packing Slip and the Production Packing Slips once shipped.
 */
import { Divider, Group, Stack, Text } from '@mantine/core';
import { type OrderDetails, OVERLAYS } from '@selvedge/shared';
import { documentPaths, uploadShippingDocument } from '../../api/documents';
import { useOrderCommand } from '../../api/orders';
import { FileUploadButton } from '../../ui/FileUploadButton';
import { type DocumentEntry, DocumentRows, documentEntries } from './OrderDocuments';
import { Section } from './Section';

/** The generated PDFs the answer offers (ordering §3 vendorPackingSlip, productionsPurchaseOrders...). */
export function generatedDocuments(order: OrderDetails): DocumentEntry[] {
  const id = order.orderId;
  const entries: DocumentEntry[] = [];
  if (order.orderStatus !== 'PENDING')
    entries.push({
      key: 'vendor-po',
      name: 'Vendor PO',
      note: order.vendorPO ?? undefined,
      path: documentPaths.vendorPO(id),
      testId: 'generated-doc-vendor-po',
    });
  for (const po of order.productionsPurchaseOrders)
    entries.push({
      key: `production-po-${po.purchaseOrderId}`,
      name: `Production PO ${po.productionPO}`,
      path: documentPaths.productionPO(id, po.purchaseOrderId),
      testId: 'generated-doc-production-po',
    });
  if (order.vendorPackingSlip)
    entries.push({
      key: 'vendor-packing-slip',
      name: `Vendor Packing Slip ${order.vendorPackingSlip}`,
      path: documentPaths.vendorPackingSlip(id),
      testId: 'generated-doc-vendor-packing-slip',
    });
  for (const slip of order.productionPackingSlips)
    entries.push({
      key: `production-packing-slip-${slip.packingSlipId}`,
      name: `Production Packing Slip ${slip.productionPackingSlipNumber}`,
      path: documentPaths.productionPackingSlip(id, slip.packingSlipId),
      testId: 'generated-doc-production-packing-slip',
    });
  return entries;
}

/** The Documents card. */
export function OrderDocumentsCard({ order }: { order: OrderDetails }) {
  const orderId = order.orderId;
  const { run, busy } = useOrderCommand(orderId);
  const canUploadShipping = order.actions.includes('uploadShippingDocument');

  const uploadShipping = (file: File) =>
    void run({
      overlay: OVERLAYS.updatingOrder,
      call: (progress) => uploadShippingDocument(orderId, file, progress),
    });

  const uploadButton = (
    <FileUploadButton
      label="Upload"
      size="compact-sm"
      onFile={uploadShipping}
      disabled={busy}
      testId="shipping-document-upload"
      aria-label="Upload Shipping Document"
    />
  );

  return (
    <Section title="Documents" testId="order-documents">
      <Stack gap="sm">
        <DocumentRows
          label="Related Documents"
          entries={documentEntries(order.relatedDocs, (doc) => documentPaths.related(orderId, doc))}
          testId="order-related-docs"
        />
        {order.shippingDocs && (
          <>
            <Divider />
            <DocumentRows
              label="Shipping Documents"
              entries={documentEntries(order.shippingDocs, (doc) => documentPaths.shipping(orderId, doc))}
              testId="order-shipping-docs"
              action={canUploadShipping && uploadButton}
            />
          </>
        )}
        {!order.shippingDocs && canUploadShipping && (
          // A role that may upload but not see shipping documents (CSR) gets the upload alone.
          <>
            <Divider />
            <Group justify="space-between" gap="xs" data-testid="order-shipping-upload">
              <Text size="sm" c="dimmed">
                Shipping document
              </Text>
              {uploadButton}
            </Group>
          </>
        )}
        <Divider />
        <DocumentRows
          label="Generated Documents"
          entries={generatedDocuments(order)}
          testId="order-generated-docs"
        />
      </Stack>
    </Section>
  );
}
