/**
 * The cart's Related Documents box (ordering §2 Order details: related documents; §4 'Related
 * documents can be uploaded only while PENDING'; §7 POST /orders/{id}/related-document, §8
 * 'Document has been uploaded successfully.'): a vendor attaches its own PO (or any paper the order
 * needs) to the cart, sees the list with downloads, and removes a document after confirming. The
 * documents go with the order when it is placed.
 *
 * The calls need the cart's order id; until the cart exists (`orderId` null) nothing can be
 * attached, and the box says why.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { type Cart, OVERLAYS } from '@selvedge/shared';
import { useCartCommand } from '../../api/cart';
import { deleteRelatedDocument, documentPaths, uploadRelatedDocument } from '../../api/documents';
import { FileUploadButton } from '../../ui/FileUploadButton';
import { type DocumentEntry, DocumentRows, documentEntries } from '../orders/OrderDocuments';

/** The Related Documents box of the cart. */
export function CartRelatedDocuments({ cart }: { cart: Pick<Cart, 'orderId' | 'relatedDocs'> }) {
  const { run, busy } = useCartCommand();
  const orderId = cart.orderId;

  const upload = (file: File) => {
    if (orderId === null) return;
    void run({
      overlay: OVERLAYS.updatingOrder,
      call: (progress) => uploadRelatedDocument(orderId, file, progress),
    });
  };

  const confirmRemove = (entry: DocumentEntry) => {
    if (orderId === null) return;
    openConfirmModal({
      title: 'Remove this document from your cart?',
      centered: true,
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.name}
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'related-doc-remove-confirm' } as Record<string, unknown>,
      onConfirm: () =>
        void run({
          overlay: OVERLAYS.updatingOrder,
          call: () => deleteRelatedDocument(orderId, Number(entry.key)),
        }),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="cart-related-docs">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Related Documents
        </Title>
        {orderId === null ? (
          <Text size="sm" c="dimmed" data-testid="cart-related-docs-unavailable">
            Documents can be attached once the cart has an item.
          </Text>
        ) : (
          <DocumentRows
            label="Attached to this order"
            entries={documentEntries(cart.relatedDocs, (doc) => documentPaths.related(orderId, doc))}
            testId="cart-related-docs-list"
            emptyText="No documents yet. Attach your own PO or any paper the order needs."
            onRemove={confirmRemove}
            disabled={busy}
            action={
              <FileUploadButton
                label="Upload Document"
                size="compact-sm"
                onFile={upload}
                disabled={busy}
                testId="related-document-upload"
              />
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
