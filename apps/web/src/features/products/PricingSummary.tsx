/**
 * The summary of one product on the details screen (ordering §2 Product details; §6 Visibility; §9):
 * quantity, the tier quantity with the cart's pieces (marked *), unit price and unit cost of the tier
 * applied (4 decimals), Total in the price currency (price roles) and Total in the cost currency
 * (ACCOUNT and ADMIN only), 2 decimals with thousands separators. Actions go below (children).
 */
import { DataList, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoney, formatUnitMoney, type Money } from '@selvedge/shared';
import type { ReactNode } from 'react';
import { formatCount, type ProductPricing, type TierPricing } from './product-line';
import { TierTable } from './TierTable';

function unitText(side: TierPricing): string {
  if (!side.currency) return 'See tiers';
  if (!side.applied) return '—';
  return formatUnitMoney(side.applied);
}

function totalText(side: TierPricing): string {
  if (!side.currency) return '—';
  return formatMoney({ currency: side.currency, price: side.total ?? '0' });
}

export interface PricingSummaryProps {
  pricing: ProductPricing;
  minValue?: Money | null;
  children?: ReactNode;
}

/** The summary panel. */
export function PricingSummary({ pricing, minValue, children }: PricingSummaryProps) {
  const { price, cost, cartQuantity } = pricing;
  const star = cartQuantity > 0 ? '*' : '';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="product-summary"
      component="section"
      aria-label="Summary"
    >
      <Title order={4} mb="xs">
        Summary
      </Title>
      <DataList size="sm" gap={6} labelWidth={110}>
        <DataList.Item>
          <DataList.ItemLabel>Quantity</DataList.ItemLabel>
          <DataList.ItemValue data-testid="summary-quantity">
            {formatCount(pricing.lineQuantity)}
          </DataList.ItemValue>
        </DataList.Item>
        {cartQuantity > 0 && (
          <DataList.Item>
            <DataList.ItemLabel>Tier quantity</DataList.ItemLabel>
            <DataList.ItemValue data-testid="summary-tier-quantity">
              {formatCount(pricing.tierQuantity)}
              {star}
            </DataList.ItemValue>
          </DataList.Item>
        )}
        {price && (
          <DataList.Item>
            <DataList.ItemLabel>Unit Price</DataList.ItemLabel>
            <DataList.ItemValue data-testid="unit-price">{unitText(price)}</DataList.ItemValue>
          </DataList.Item>
        )}
        {cost && (
          <DataList.Item>
            <DataList.ItemLabel>Unit Cost</DataList.ItemLabel>
            <DataList.ItemValue data-testid="unit-cost">{unitText(cost)}</DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList>
      {(price || (cost && pricing.showCostTotal)) && <Divider my="sm" />}
      <Stack gap={4}>
        {price && (
          <Text fw={700} size="lg" data-testid="total-price">
            <Text span fw={500} size="sm" c="dimmed" mr="xs">
              Total
            </Text>
            {totalText(price)}
          </Text>
        )}
        {cost && pricing.showCostTotal && (
          <Text fw={price ? 600 : 700} size={price ? 'md' : 'lg'} data-testid="total-cost">
            <Text span fw={500} size="sm" c="dimmed" mr="xs">
              {price ? 'Total Cost' : 'Total'}
            </Text>
            {totalText(cost)}
          </Text>
        )}
      </Stack>
      {cartQuantity > 0 && (
        <Text size="xs" c="dimmed" mt="sm" data-testid="cart-quantity-note">
          * includes {formatCount(cartQuantity)} pieces of this product already in your cart
        </Text>
      )}
      {minValue && (
        <Text size="xs" c="dimmed" mt={6} data-testid="min-value-note">
          Minimum order value {formatMoney(minValue)} across this product code; a shortfall is charged as the
          difference.
        </Text>
      )}
      {children}
    </Paper>
  );
}

/**
 * The details screen's pricing column, the same for every product layout: the summary with the
 * actions (children) below it, then the price tiers and, for the roles that see costs, the cost tiers.
 */
export function PricingColumn({ pricing, minValue, children }: PricingSummaryProps) {
  return (
    <Stack gap="md">
      <PricingSummary pricing={pricing} minValue={minValue}>
        {children}
      </PricingSummary>
      {pricing.price && (
        <TierTable
          title="Price Tiers"
          amountLabel="Unit Price"
          pricing={pricing.price}
          testId="price-tiers"
        />
      )}
      {pricing.cost && (
        <TierTable title="Cost Tiers" amountLabel="Unit Cost" pricing={pricing.cost} testId="cost-tiers" />
      )}
    </Stack>
  );
}
