/**
 * The frame of one product on product details (ordering §2 Product details), the same for every
 * layout: an article named by the subcode with the product's header, then the layout's own sections
 * on the left and the pricing column (summary, actions, price and cost tiers) on the right; on a
 * phone the pricing column follows the sections.
 */
import { Grid, Stack } from '@mantine/core';
import type { ProductItemDetails } from '@selvedge/shared';
import type { ReactNode } from 'react';
import { PricingColumn } from './PricingSummary';
import { ProductHeader } from './ProductHeader';
import type { productPricing } from './product-line';

/**
 * One product: its header, `notice` under it, `children` (the layout's sections) and the pricing
 * column of `pricing` with `actions` (none while several products share the actions below them).
 */
export function ProductFrame({
  product,
  pricing,
  actions,
  notice,
  children,
}: {
  product: ProductItemDetails;
  pricing: ReturnType<typeof productPricing>;
  actions?: ReactNode;
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack
      gap="md"
      component="article"
      aria-label={product.productSubcode}
      data-testid={`product-${product.productSubcode}`}
    >
      <ProductHeader product={product} />
      {notice}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">{children}</Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <PricingColumn pricing={pricing} minValue={product.minValue}>
            {actions}
          </PricingColumn>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
