/**
 * The STANDARD search results (ordering §2 Product list, standard mode): Product Code and
 * Description. The product code is a real link to product details stretched over its row: a click
 * anywhere on the row opens the product, a middle click or Ctrl-click opens it in a new tab, and Tab
 * and Enter reach and open it like any link (decision 0016 Papercuts).
 */
import { Anchor, Table, Text } from '@mantine/core';
import type { ProductSearchResult } from '@selvedge/shared';
import { Link } from 'react-router';
import { ResultsTable } from '../../ui/ResultsTable';
import { RfidBadge } from '../../ui/RfidBadge';
import { stretchedLink } from '../links/stretched-link';

/** Where a search result opens: product details of its first item (ordering §2 Product list). */
export const productDetailsPath = (product: Pick<ProductSearchResult, 'productItemId'>) =>
  `/product-details?productItemId=${product.productItemId}`;

export interface ProductResultsTableProps {
  products: ProductSearchResult[];
  /** True while the next page loads (rows dim). */
  stale?: boolean;
}

/** The results table. */
export function ProductResultsTable({ products, stale }: ProductResultsTableProps) {
  return (
    // Two columns fit a 390 px phone: the description wraps rather than scrolling sideways.
    <Table.ScrollContainer minWidth={320}>
      <ResultsTable highlightOnHover data-testid="product-results" stale={stale}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="clamp(7rem, 30%, 200px)">Product Code</Table.Th>
            <Table.Th>Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <Table.Tr
              key={p.productItemId}
              className={stretchedLink.container}
              data-testid="product-row"
              data-product-item-id={p.productItemId}
              data-product-subcode={p.productSubcode}
            >
              <Table.Td>
                <Anchor
                  component={Link}
                  to={productDetailsPath(p)}
                  className={stretchedLink.link}
                  fw={600}
                  size="sm"
                  ff="monospace"
                  data-testid="product-row-link"
                  aria-label={`${p.productSubcode}: ${p.description}`}
                >
                  {p.productSubcode}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {p.description} {p.rfid && <RfidBadge />}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResultsTable>
    </Table.ScrollContainer>
  );
}
