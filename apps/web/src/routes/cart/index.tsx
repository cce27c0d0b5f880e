/**
 * Cart screen (/cart; ordering §2 Cart, §4 Placing an order, §5 Cart, §8 Place-order refusals).
 *
 * Left: the header form (each field saves on blur or choice), the item cards (edit, remove), the
 * charges and the related documents (upload, download, remove). Right (below on narrow screens): the summary with the totals, the Terms and Conditions
 * checkbox, Place Order and Return to Shopping.
 *
 * - An empty cart goes to the order list (also when its last item is removed).
 * - Place Order validates every field (the first invalid one gets the focus), saves anything unsaved,
 *   then calls PUT /orders/place under the 'Updating Order...' overlay. orderId > 0 opens the order;
 *   -1 to -4 show the refusal for the role and reload the cart (new prices); a failed call shows the
 *   server's message. While a place call runs the button is disabled, so a double click sends one call.
 */
import { Alert, Button, Center, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import {
  CART_API_MESSAGES,
  type Cart,
  type CartItem,
  MESSAGES,
  OVERLAYS,
  placeOrderMessage,
} from '@selvedge/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  cartKeys,
  placeOrder,
  removeCartItem,
  useCartQuery,
  useShippingAddressesQuery,
} from '../../api/cart';
import { ApiError } from '../../api/client';
import { orderKeys } from '../../api/orders';
import { CartCharges } from '../../features/cart/CartCharges';
import { CartHeaderForm, fieldTestId } from '../../features/cart/CartHeaderForm';
import { CartItemCard } from '../../features/cart/CartItemCard';
import { CartRelatedDocuments } from '../../features/cart/CartRelatedDocuments';
import { CartSummary } from '../../features/cart/CartSummary';
import { useChooseNewAddress } from '../../features/cart/new-shipping-address';
import { FORM_FIELDS, type FormErrors, useCartHeaderForm } from '../../features/cart/use-cart-header-form';
import { useSession } from '../../features/session/use-session';
import { apiFieldErrors, showApiError, showError, showInfo, showSuccess } from '../../ui/messages';
import { withOverlay } from '../../ui/overlay';

/** Scrolls to the first invalid field (screen order) and puts the focus on it. */
function focusFirstInvalid(errors: FormErrors) {
  const field = FORM_FIELDS.find((f) => errors[f]);
  if (!field) return;
  const node = document.querySelector<HTMLElement>(`[data-testid="${fieldTestId(field)}"]`);
  if (!node) return;
  node.scrollIntoView({ behavior: 'smooth', block: 'center' });
  node.focus({ preventScroll: true });
}

/** The cart screen. */
export default function CartPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { role } = useSession();
  const cartQuery = useCartQuery();
  const addressesQuery = useShippingAddressesQuery();
  const cart = cartQuery.data;

  const onSaved = useCallback(
    (saved: Cart) => queryClient.setQueryData(cartKeys.detail(), saved),
    [queryClient],
  );
  const form = useCartHeaderForm(role, onSaved);
  const { initialize } = form;

  const [placing, setPlacing] = useState(false);
  const placingRef = useRef(false);
  /** Set once the order is placed: the emptied cart must not send the user to the order list. */
  const placedRef = useRef(false);
  /** Whether the cart had lines when the screen opened (an empty cart on arrival says so). */
  const seenItemsRef = useRef(false);
  /**
   * Set when an empty cart sends the user to the order list: the screen stays until the list has
   * loaded, and a refetch meanwhile (a live event about the cart) must not say so a second time.
   */
  const leavingRef = useRef(false);

  useEffect(() => {
    if (!cart || cartQuery.isFetching) return;
    if (cart.orderItems.length > 0) {
      seenItemsRef.current = true;
      initialize(cart);
      return;
    }
    if (placedRef.current || leavingRef.current) return;
    leavingRef.current = true;
    if (!seenItemsRef.current) showInfo(CART_API_MESSAGES.cartEmpty);
    navigate('/order-list', { replace: true });
  }, [cart, cartQuery.isFetching, initialize, navigate]);

  // Back from adding a shipping address on the vendor details: choose the new address.
  const { commit } = form;
  const chooseAddress = useCallback((address: string) => commit('shippingAddress', address), [commit]);
  useChooseNewAddress(
    !!cart && !cartQuery.isFetching && cart.orderItems.length > 0,
    addressesQuery.data?.addresses,
    addressesQuery.dataUpdatedAt,
    addressesQuery.isFetching,
    chooseAddress,
  );

  const refreshCart = () => queryClient.invalidateQueries({ queryKey: cartKeys.all });

  const remove = useMutation({
    mutationFn: (item: CartItem) => removeCartItem(item.orderItemId),
    onSuccess: async () => {
      showSuccess(MESSAGES.itemRemoved);
      await refreshCart();
    },
  });

  const confirmRemove = (item: CartItem) =>
    openConfirmModal({
      title: 'Remove this item from your cart?',
      centered: true,
      children: (
        <Text size="sm">
          <Text span fw={600}>
            {item.productSubcode}
          </Text>{' '}
          — {item.description}
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'cart-remove-confirm' } as Record<string, unknown>,
      cancelProps: { 'data-testid': 'cart-remove-cancel' } as Record<string, unknown>,
      onConfirm: () => remove.mutate(item),
    });

  const onPlace = async () => {
    if (placingRef.current) return;
    placingRef.current = true;
    setPlacing(true);
    try {
      const errors = form.validateAll();
      if (Object.keys(errors).length > 0) {
        focusFirstInvalid(errors);
        return;
      }
      const result = await withOverlay(OVERLAYS.updatingOrder, async () => {
        if (!(await form.flush())) return null; // the failed save's message is on screen
        return placeOrder(form.terms);
      });
      if (!result) return;
      if (result.orderId > 0) {
        placedRef.current = true;
        showSuccess(MESSAGES.orderPlaced);
        await navigate(`/order-details?orderId=${result.orderId}`);
        void queryClient.invalidateQueries({ queryKey: cartKeys.all });
        void queryClient.invalidateQueries({ queryKey: orderKeys.all });
        return;
      }
      showError(placeOrderMessage(result.orderId, role));
      await refreshCart();
    } catch (error) {
      // A refusal of a header field (an address not among the saved ones) shows under it (decision 0058).
      const onFields = apiFieldErrors(error, FORM_FIELDS);
      if (onFields) {
        form.showErrors(onFields);
        focusFirstInvalid(onFields);
      } else showApiError(error);
      // A conflict (already placed, product gone...) may mean the cart changed: show the current one.
      if (error instanceof ApiError && error.status === 409) void refreshCart();
    } finally {
      placingRef.current = false;
      setPlacing(false);
    }
  };

  if (cartQuery.isPending) {
    return (
      <Center h="50vh" data-testid="screen-cart" role="status" aria-label="Loading cart">
        <Stack align="center" gap="xs">
          <Loader />
          <Text c="dimmed" size="sm">
            Loading your cart…
          </Text>
        </Stack>
      </Center>
    );
  }

  if (cartQuery.isError || !cart) {
    return (
      <Stack gap="md" maw={640} data-testid="screen-cart">
        <Title order={2}>Cart</Title>
        <Alert color="red" icon={<IconAlertTriangle />} title="The cart could not be loaded" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{cartQuery.error instanceof Error ? cartQuery.error.message : ''}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => cartQuery.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  if (cart.orderItems.length === 0) {
    // On the way to the order list (effect above).
    return <Center h="50vh" data-testid="screen-cart" />;
  }

  const busy = placing || remove.isPending;
  const subtitle = [cart.customer, cart.productionRegion].filter(Boolean).join(' · ');

  return (
    <Stack gap="md" data-testid="screen-cart" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Stack gap={0}>
          <Title order={2}>Cart</Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {cartQuery.isFetching && <Loader size="sm" aria-label="Refreshing cart" />}
      </Group>

      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <CartHeaderForm
              form={form}
              role={role}
              vendorId={cart.vendorId}
              addresses={addressesQuery.data?.addresses ?? []}
              addressesLoading={addressesQuery.isPending}
            />
            <Stack gap="sm" data-testid="cart-items">
              <Title order={3} size="h4">
                Items
              </Title>
              {cart.orderItems.map((item) => (
                <CartItemCard
                  key={item.orderItemId}
                  item={item}
                  onRemove={confirmRemove}
                  removing={remove.isPending && remove.variables?.orderItemId === item.orderItemId}
                  disabled={busy}
                />
              ))}
            </Stack>
            <CartCharges charges={cart.orderCharges} />
            <CartRelatedDocuments cart={cart} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} style={{ position: 'sticky', top: 76 }}>
          <CartSummary
            cart={cart}
            terms={form.terms}
            termsError={form.errors.termsAndConditions}
            onTermsChange={form.setTerms}
            onPlace={onPlace}
            placing={placing}
            disabled={busy}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
