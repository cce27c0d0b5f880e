/**
 * The STANDARD search results (ordering §2 Product list, standard mode): Product Code and
 * Description. A row click, or Enter/Space on a focused row, opens the product.
 */
import { Table, Text } from '@mantine/core';
import type { ProductSearchResult } from '@selvedge/shared';
import type { KeyboardEvent } from 'react';

export interface ProductResultsTableProps {
  products: ProductSearchResult[];
  onOpen: (product: ProductSearchResult) => void;
  /** True while the next page loads (rows dim). */
  stale?: boolean;
}

/** The results table. */
export function ProductResultsTable({ products, onOpen, stale }: ProductResultsTableProps) {
  const onKeyDown = (event: KeyboardEvent, product: ProductSearchResult) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(product);
    }
  };

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table
        highlightOnHover
        striped
        withTableBorder
        verticalSpacing="sm"
        horizontalSpacing="md"
        data-testid="product-results"
        aria-busy={stale}
        style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={200}>Product Code</Table.Th>
            <Table.Th>Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <Table.Tr
              key={p.productItemId}
              tabIndex={0}
              title={`Open ${p.productSubcode}`}
              onClick={() => onOpen(p)}
              onKeyDown={(e) => onKeyDown(e, p)}
              style={{ cursor: 'pointer' }}
              data-testid="product-row"
              data-product-item-id={p.productItemId}
              data-product-subcode={p.productSubcode}
            >
              <Table.Td>
                <Text fw={600} size="sm" ff="monospace">
                  {p.productSubcode}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{p.description}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
