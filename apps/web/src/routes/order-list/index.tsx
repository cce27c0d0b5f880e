/**
 * Order List screen (/order-list; ordering §2 Order list, §3 Session state, §4 List filter mapping,
 * §5 Order date filter, §9): "Needs my action" (docs/decisions/0016), the filter form, one card per
 * order, and pagination (50 a page, from page 0). The last search is kept per user in sessionStorage
 * ('order-search') and runs again when the screen opens; /order-list?needsAction=<step> opens the
 * orders waiting for the user at that step. A failed load shows one error in place of the results
 * (never the previous results under it). Under the filters, the download buttons (OrderDownloads:
 * the files of the search that ran, decision 0038).
 */
import { Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { NEEDS_ACTION_STEPS, type NeedsActionStep, needsActionStepsFor, OVERLAYS } from '@selvedge/shared';
import { IconClipboardOff } from '@tabler/icons-react';
import {
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useNeedsActionQuery, useOrderListQuery } from '../../api/orders';
import { NeedsActionPanel, NeedsActionPlaceholder } from '../../features/orders/NeedsActionPanel';
import { OrderCard } from '../../features/orders/OrderCard';
import { OrderFilterForm } from '../../features/orders/OrderFilterForm';
import {
  activeFilterCount,
  defaultCriteria,
  loadCriteria,
  needsActionCriteria,
  type OrderSearchCriteria,
  orderNumberError,
  saveCriteria,
  toListParams,
  withDateRule,
} from '../../features/orders/order-search';
import { sameCriteria } from '../../features/search/stored-criteria';
import { useSessionUser } from '../../features/session/use-session';
import { errorMessageOf } from '../../ui/messages';
import { useOverlay } from '../../ui/overlay';
import { PagedResults } from '../../ui/paging';
import { LoadErrorAlert } from '../../ui/route-states';

/**
 * The download buttons (CSV and Excel files, their format menus) come after the list's first paint:
 * they are not part of its first load (decision 0064). Their place is kept meanwhile (one row of
 * extra-small buttons), so the results do not move down when they arrive.
 */
const OrderListDownloads = lazy(() =>
  import('../../features/orders/OrderDownloads').then((m) => ({ default: m.OrderListDownloads })),
);
const DOWNLOADS_ROW_HEIGHT = 30;

/** The results' place while the first answer loads (memoised: it has no props). */
const LoadingCards = memo(function LoadingCards() {
  return (
    <Stack gap="sm" aria-label="Loading orders" role="status" data-testid="order-list-loading">
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder radius="md" padding="md">
          <Group gap="sm">
            <Skeleton h={22} w={140} />
            <Skeleton h={18} w={90} radius="xl" />
          </Group>
          <Group mt="md" gap="xl">
            {[0, 1, 2, 3, 4].map((j) => (
              <Stack key={j} gap={6}>
                <Skeleton h={10} w={80} />
                <Skeleton h={14} w={120} />
              </Stack>
            ))}
          </Group>
        </Card>
      ))}
    </Stack>
  );
});

/**
 * "Needs my action", or its placeholder while the counts load. It reads the counts itself: their
 * answer renders this section, not the whole screen (decision 0021, total blocking time); and the
 * panel comes in the background, in slices (useDeferredValue): the answer's own render, a blocking
 * one (TanStack Query subscribes through useSyncExternalStore), stops here (decision 0078).
 * Memoised: the screen's own answers do not render it.
 */
const NeedsActionSection = memo(function NeedsActionSection({
  userId,
  steps,
  current,
}: {
  userId: string | null;
  steps: readonly NeedsActionStep[];
  current: NeedsActionStep | null;
}) {
  const needs = useNeedsActionQuery(steps.length > 0 ? userId : null);
  const counts = useDeferredValue(needs.data);
  if (counts) return <NeedsActionPanel counts={counts} current={current} />;
  // The panel's place is kept while its counts load, or their answer is not rendered yet, so the
  // filters do not move down (decision 0021).
  const waiting = needs.isPending || needs.data !== counts;
  return waiting && userId !== null ? <NeedsActionPlaceholder steps={steps} /> : null;
});

/** The order list screen. */
export default function OrderListPage() {
  const { user, role } = useSessionUser();
  const userId = user?.id ?? null;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const stepParam = searchParams.get('needsAction');
  const linkedStep = (NEEDS_ACTION_STEPS as readonly string[]).includes(stepParam ?? '')
    ? (stepParam as NeedsActionStep)
    : null;
  const needsSteps = useMemo(() => needsActionStepsFor(role), [role]);

  const [form, setForm] = useState<OrderSearchCriteria>(() =>
    linkedStep ? needsActionCriteria(role, linkedStep) : loadCriteria(userId, role),
  );
  const [submitted, setSubmitted] = useState<OrderSearchCriteria>(form);
  const [numberError, setNumberError] = useState<string | null>(null);
  const params = useMemo(() => toListParams(submitted), [submitted]);
  const query = useOrderListQuery(params);
  const resultsRef = useRef<HTMLDivElement>(null);

  useOverlay(OVERLAYS.searching, query.isFetching);

  // The search that ran is the one kept for the next visit.
  useEffect(() => saveCriteria(userId, submitted), [userId, submitted]);

  // The form's callbacks keep their identity while the criteria do not change: the form (memoised)
  // does not render again when an answer arrives (decision 0021, total blocking time).
  const { refetch } = query;
  const run = useCallback(
    (next: OrderSearchCriteria) => {
      if (sameCriteria(next, submitted)) void refetch();
      else setSubmitted(next);
    },
    [submitted, refetch],
  );

  // A "Needs my action" link (/order-list?needsAction=…): search that step, then drop the parameter
  // so that the address is the list's again (the search is kept like any other).
  useEffect(() => {
    if (stepParam === null) return;
    if (linkedStep) {
      const next = needsActionCriteria(role, linkedStep);
      setNumberError(null);
      setForm(next);
      setSubmitted(next);
    }
    void navigate('/order-list', { replace: true });
  }, [linkedStep, stepParam, role, navigate]);

  const search = useCallback(() => {
    const error = orderNumberError(form.orderNumber);
    setNumberError(error);
    if (error) return;
    const next = withDateRule({ ...form, page: 0 });
    setForm(next);
    run(next);
  }, [form, run]);

  const reset = useCallback(() => {
    const defaults = defaultCriteria(role);
    setNumberError(null);
    setForm(defaults);
    run(defaults);
  }, [role, run]);

  const changeForm = useCallback(
    (next: OrderSearchCriteria) => {
      setForm(next);
      if (numberError && next.orderNumber !== form.orderNumber) setNumberError(null);
    },
    [form, numberError],
  );

  const clearNeedsAction = useCallback(() => {
    const next = { ...form, needsAction: null, page: 0 };
    setForm(next);
    run(next);
  }, [form, run]);

  const goToPage = (page: number) => {
    setSubmitted((s) => ({ ...s, page }));
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  // The answer as rendered: a new answer's cards (up to 50) are rendered in the background, in slices
  // that let the browser in between, rather than in one long task (decision 0021, total blocking time).
  // Until they are ready, what was there stays (the loading cards, or the previous page).
  const data = useDeferredValue(query.data);
  const rendering = data === undefined && query.data !== undefined;
  // A kept page beyond the last one (fewer orders since): back to the first page.
  useEffect(() => {
    if (data && data.orders.length === 0 && data.totalItems > 0 && submitted.page > 0) {
      setSubmitted((s) => ({ ...s, page: 0 }));
    }
  }, [data, submitted.page]);

  // The same element while the search and the user do not change: an answer's render (a blocking
  // one) passes over it, so the buttons' code, arriving meanwhile, mounts them in a render of their
  // own in the background rather than in the answer's (decision 0078, total blocking time).
  const downloads = useMemo(
    () => (
      <Suspense fallback={<div style={{ minHeight: DOWNLOADS_ROW_HEIGHT }} />}>
        <OrderListDownloads params={params} role={role} userId={userId} />
      </Suspense>
    ),
    [params, role, userId],
  );

  let results: ReactNode;
  if (query.isPending || (rendering && !query.isError)) {
    results = <LoadingCards />;
  } else if (query.isError) {
    // One error, in place of the results: rows of an earlier answer are not shown under it.
    results = (
      <LoadErrorAlert
        title="Orders could not be loaded"
        message={errorMessageOf(query.error)}
        onRetry={() => void refetch()}
        testId="order-list-error"
      />
    );
  } else if (!data || data.orders.length === 0) {
    results = (
      <Paper withBorder radius="md" p="xl" data-testid="order-list-empty">
        <Stack align="center" gap="xs">
          <IconClipboardOff size={32} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text fw={500}>No orders match these filters.</Text>
          <Text size="sm" c="dimmed">
            Change the filters and search again, or reset them to the defaults.
          </Text>
        </Stack>
      </Paper>
    );
  } else {
    results = (
      <PagedResults
        page={data}
        count={data.orders.length}
        noun={{ one: 'order', many: 'orders' }}
        onPage={goToPage}
        summaryTestId="order-list-summary"
        pagerLabel="Order pages"
      >
        <Stack
          gap="sm"
          data-testid="order-list-results"
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          aria-busy={query.isFetching}
        >
          {data.orders.map((order) => (
            <OrderCard key={order.orderId} order={order} role={role} />
          ))}
        </Stack>
      </PagedResults>
    );
  }

  return (
    <Stack gap="md" data-testid="screen-order-list" maw={1400} mx="auto">
      <Title order={2}>Order List</Title>
      <NeedsActionSection userId={userId} steps={needsSteps} current={submitted.needsAction} />
      <OrderFilterForm
        value={form}
        onChange={changeForm}
        onSearch={search}
        onReset={reset}
        role={role}
        orderNumberError={numberError}
        onClearNeedsAction={clearNeedsAction}
        activeCount={activeFilterCount(submitted)}
      />
      {downloads}
      <div ref={resultsRef} style={{ scrollMarginTop: 72 }}>
        {results}
      </div>
    </Stack>
  );
}
