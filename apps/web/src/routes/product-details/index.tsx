/**
 * Product Details screen (ordering §2 Product details; §3 Product item (details); §5; §6 Visibility;
 * §7 Products; §8):
 * - /product-details?productItemId=12 (or a comma list 12,40) → GET /products/details?ids=… (a new line);
 * - /product-details?orderItemId=7 → GET /products/edit-details/7 (edit a line of the cart).
 *
 * A missing or malformed parameter shows 'Invalid URL params' and returns to the product list. A load
 * failure shows its message (red) and an error panel with the way back. The answer's productType picks
 * the layout: STANDARD (StandardProductForm), VARIABLE_DATA and DYNAMIC (TicketProductForm).
 */

import { Alert, Button, Grid, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { editDetailsParams, MESSAGES, productItemIdsParam } from '@selvedge/shared';
import { IconAlertTriangle, IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { type ProductDetailsTarget, useProductDetailsQuery } from '../../api/products';
import { StandardProductForm } from '../../features/products/StandardProductForm';
import { TicketProductForm } from '../../features/products/TicketProductForm';
import { useSession } from '../../features/session/use-session';
import { errorMessageOf, showApiError, showError } from '../../ui/messages';

/**
 * What the query string asks for: product item ids (new line) or an orderItemId (edit), null when
 * missing, malformed, or both are given.
 */
export function parseDetailsTarget(params: URLSearchParams): ProductDetailsTarget | null {
  const ids = params.getAll('productItemId');
  const orderItemId = params.get('orderItemId');
  if (ids.length > 0 && orderItemId !== null) return null;
  if (orderItemId !== null) {
    if (!/^\d{1,10}$/.test(orderItemId.trim())) return null;
    const parsed = editDetailsParams.safeParse({ orderItemId: orderItemId.trim() });
    return parsed.success && parsed.data.orderItemId <= 2_147_483_647
      ? { kind: 'edit', orderItemId: parsed.data.orderItemId }
      : null;
  }
  if (ids.length === 0) return null;
  const parsed = productItemIdsParam.safeParse(ids.length === 1 ? ids[0] : ids);
  return parsed.success ? { kind: 'new', ids: parsed.data } : null;
}

function LoadingDetails() {
  return (
    <Stack gap="md" role="status" aria-label="Loading product" data-testid="product-details-loading">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Skeleton h={28} w={180} />
          <Skeleton h={16} w="60%" />
          <Group gap="xs">
            <Skeleton h={24} w={140} />
            <Skeleton h={24} w={110} />
            <Skeleton h={24} w={140} />
          </Group>
        </Stack>
      </Paper>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              {[0, 1, 2, 3].map((i) => (
                <Group key={i} justify="space-between">
                  <Skeleton h={16} w={60} />
                  <Skeleton h={28} w={140} />
                </Group>
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Skeleton h={20} w={100} />
              <Skeleton h={14} />
              <Skeleton h={14} />
              <Skeleton h={36} mt="sm" />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The product details screen. */
export default function ProductDetailsPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { role } = useSession();
  const search = searchParams.toString();
  const target = useMemo(() => parseDetailsTarget(new URLSearchParams(search)), [search]);
  const query = useProductDetailsQuery(target);
  const handled = useRef<string | null>(null);
  const editing = target?.kind === 'edit';
  const back = editing
    ? { to: '/cart', label: 'Back to Cart' }
    : { to: '/product-list', label: 'Back to Products' };

  // Missing or malformed parameters: 'Invalid URL params', back to the list (ordering §5).
  useEffect(() => {
    if (target !== null || handled.current === `invalid-${search}`) return;
    handled.current = `invalid-${search}`;
    showError(MESSAGES.invalidUrlParams);
    void navigate('/product-list', { replace: true });
  }, [target, search, navigate]);

  // A load failure is shown once as a red message; the error panel below offers the way back.
  useEffect(() => {
    if (!query.isError || handled.current === `error-${search}`) return;
    handled.current = `error-${search}`;
    if (isApiError(query.error) && query.error.sessionExpired) return; // the session layer logs out
    showApiError(query.error);
  }, [query.isError, query.error, search]);

  const data = query.data;
  const productType = data?.productType ?? 'STANDARD';
  const unsupported = data?.products.some((p) => p.productType !== productType) ?? false;

  let body: ReactNode;
  if (target === null) {
    body = null;
  } else if (query.isPending) {
    body = <LoadingDetails />;
  } else if (query.isError && !data) {
    body = (
      <Alert
        color="red"
        icon={<IconAlertTriangle />}
        title="This product could not be loaded"
        data-testid="product-details-error"
      >
        <Stack gap="sm" align="flex-start">
          {errorMessageOf(query.error)}
          <Group gap="sm">
            {!(isApiError(query.error) && query.error.status === 404) && (
              <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
                Try again
              </Button>
            )}
            <Button size="xs" variant="white" color="red" component={Link} to={back.to}>
              {back.label}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  } else if (!data || data.products.length === 0) {
    body = (
      <Alert
        color="gray"
        icon={<IconInfoCircle />}
        title="No product to show"
        data-testid="product-details-empty"
      >
        The product could not be found.
      </Alert>
    );
  } else if (unsupported) {
    body = (
      <Alert
        color="blue"
        icon={<IconInfoCircle />}
        title="Not available"
        data-testid="product-type-unsupported"
      >
        These products are of different kinds: open them one kind at a time.
      </Alert>
    );
  } else if (productType !== 'STANDARD') {
    body = (
      <TicketProductForm
        key={search}
        products={data.products}
        productType={productType}
        role={role}
        orderItemId={target.kind === 'edit' ? target.orderItemId : undefined}
      />
    );
  } else {
    body = (
      <StandardProductForm
        key={search}
        products={data.products}
        role={role}
        orderItemId={target.kind === 'edit' ? target.orderItemId : undefined}
        canUpdateInventory={data.canUpdateInventory}
        canRestock={data.canRestock}
      />
    );
  }

  return (
    <Stack gap="md" data-testid="screen-product-details" maw={1400} mx="auto" w="100%">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2}>{editing ? 'Edit Cart Item' : 'Product Details'}</Title>
        <Button
          component={Link}
          to={back.to}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          data-testid="product-details-back"
        >
          {back.label}
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
