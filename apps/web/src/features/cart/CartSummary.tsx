/**
 * The summary column of the cart: who the order is for, the totals (Total in the price currency for
 * price roles, Total cost for cost roles; only the totals the answer carries), the Terms and
 * Conditions checkbox, Place Order and Return to Shopping (ordering §2 Cart).
 */
import { Anchor, Button, Checkbox, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type Cart, formatMoney } from '@selvedge/shared';
import { IconArrowLeft, IconExternalLink, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { fieldTestId } from './CartHeaderForm';

export interface CartSummaryProps {
  cart: Cart;
  terms: boolean;
  termsError: string | undefined;
  onTermsChange: (accepted: boolean) => void;
  onPlace: () => void;
  placing: boolean;
  disabled: boolean;
}

function Row({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Text
        size={strong ? 'md' : 'sm'}
        fw={strong ? 700 : 500}
        ta="right"
        data-testid={testId}
        style={{ overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/** The cart's summary card. */
export function CartSummary({
  cart,
  terms,
  termsError,
  onTermsChange,
  onPlace,
  placing,
  disabled,
}: CartSummaryProps) {
  const lines = cart.orderItems.length;
  const pieces = cart.orderItems.reduce((sum, item) => sum + item.quantity, 0);
  const charges = cart.orderCharges ?? [];
  return (
    <Paper withBorder radius="md" p="md" data-testid="cart-summary">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Order summary
        </Title>
        <Stack gap={4}>
          {cart.company && <Row label="Vendor" value={cart.company} testId="cart-company" />}
          {cart.customer && <Row label="Customer" value={cart.customer} testId="cart-customer" />}
          {cart.productionRegion && (
            <Row label="Production region" value={cart.productionRegion} testId="cart-production-region" />
          )}
          <Row
            label="Items"
            value={`${lines} line${lines === 1 ? '' : 's'}, ${pieces.toLocaleString('en-US')} pcs`}
            testId="cart-item-count"
          />
          {charges.length > 0 && (
            <Row label="Charges" value={`${charges.length}`} testId="cart-charge-count" />
          )}
        </Stack>

        {('totalPrice' in cart || 'totalCost' in cart) && <Divider />}
        {'totalPrice' in cart && (
          <Row
            label="Total"
            value={cart.totalPrice ? formatMoney(cart.totalPrice) : '---'}
            testId="cart-total-price"
            strong
          />
        )}
        {'totalCost' in cart && (
          <Row
            label="Total cost"
            value={cart.totalCost ? formatMoney(cart.totalCost) : '---'}
            testId="cart-total-cost"
            strong
          />
        )}
        <Divider />

        <Checkbox
          checked={terms}
          onChange={(event) => onTermsChange(event.currentTarget.checked)}
          error={termsError}
          data-testid={fieldTestId('termsAndConditions')}
          label={
            <>
              I accept the{' '}
              <Anchor
                href="/terms-and-conditions"
                target="_blank"
                rel="noopener noreferrer"
                data-testid="cart-terms-link"
                size="sm"
                inline
              >
                Terms and Conditions
                <IconExternalLink size={12} style={{ marginLeft: 2, verticalAlign: 'middle' }} />
              </Anchor>
            </>
          }
        />

        <Button
          size="md"
          fullWidth
          onClick={onPlace}
          loading={placing}
          disabled={disabled && !placing}
          leftSection={<IconSend size={18} />}
          data-testid="cart-place-order"
        >
          Place Order
        </Button>
        <Button
          component={Link}
          to="/product-list"
          variant="default"
          fullWidth
          leftSection={<IconArrowLeft size={16} />}
          data-testid="cart-return-to-shopping"
        >
          Return to Shopping
        </Button>
      </Stack>
    </Paper>
  );
}
