/**
 * Product List screen (/product-list; ordering §2 Product list, §3 Product search result and Paging
 * info, §5 Product search, §9): the search form in three steps (production region, product group,
 * code/description filter), then a paged table of STANDARD products (50 a page, from page 0). A row
 * is a link to /product-details?productItemId=… (opens in a new tab too).
 *
 * The last search is kept per user in sessionStorage ('product-search') and runs again by itself
 * when the screen opens with valid criteria. Overlay 'Searching...' while a search runs (after 300 ms).
 * Variable-data mode (the VARIABLE_DATA group): PO number, style number and the PO search group,
 * GET /products/variable-data, rows with checkboxes and 'Order Selected' (VariableDataResultsTable).
 * A variable-data search that finds nothing offers the regions and groups where it would (the
 * answer's foundElsewhere, decision 0057), each a button that searches there.
 */
import { Button, EmptyState, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import {
  OVERLAYS,
  PO_SEARCH_GROUPS,
  VARIABLE_DATA_STYLE_NUMBER_REQUIRED,
  type VariableDataFoundElsewhere,
} from '@selvedge/shared';
import { IconSearch, IconShirtOff } from '@tabler/icons-react';
import {
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useCustomerDefaultIsEqualToQuery, useProductSearchProductionRegionsQuery } from '../../api/lookups';
import { useProductSearchQuery, useVariableDataSearchQuery } from '../../api/products';
import { formatCount } from '../../features/products/format-count';
import { ProductSearchForm } from '../../features/products/ProductSearchForm';
import {
  emptyCriteria,
  isValidCriteria,
  isVariableDataMode,
  loadCriteria,
  type ProductSearchCriteria,
  type ProductSearchErrors,
  saveCriteria,
  toSearchParams,
  toVariableDataParams,
  type VariableDataRules,
  validateCriteria,
} from '../../features/products/product-search';
import { sameCriteria } from '../../features/search/stored-criteria';
import { useSession, useSessionUser } from '../../features/session/use-session';
import { errorMessageOf } from '../../ui/messages';
import { useOverlay } from '../../ui/overlay';
import { PagedResults } from '../../ui/paging';
import { LoadErrorAlert } from '../../ui/route-states';

const poGroupLabel = (value: string) => PO_SEARCH_GROUPS.find((g) => g.value === value)?.label ?? value;

/** "PO PO-778120, style 62040000 is", "Your POs are"…: what the search looked for, as a sentence's subject. */
function searchedPo(c: ProductSearchCriteria | null): string {
  const po = c?.poNumber.trim();
  const style = c?.styleNumber.trim();
  if (po && style) return `PO ${po}, style ${style} is`;
  if (po) return `PO ${po} is`;
  if (style) return `Style ${style} is`;
  return 'Your POs are';
}

/**
 * The variable-data results (rows with checkboxes, 'Order Selected') load when a variable-data search
 * has answered: the standard search, the screen's first load, does not carry them (decision 0064).
 */
const VariableDataResultsTable = lazy(() =>
  import('../../features/products/VariableDataResultsTable').then((m) => ({
    default: m.VariableDataResultsTable,
  })),
);

/**
 * The standard results table loads with the first search, not with the idle screen: its scroll
 * container brings Mantine's ScrollArea and with it floating-ui (~20 KiB gzipped), which nothing
 * else of the screen's first paint needs (decision 0077). A search starts loading it beside its request.
 */
const loadProductResultsTable = () => import('../../features/products/ProductResultsTable');
const ProductResultsTable = lazy(() =>
  loadProductResultsTable().then((m) => ({ default: m.ProductResultsTable })),
);

function LoadingRows() {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="status"
      aria-label="Searching products"
      data-testid="product-list-loading"
    >
      <Stack gap="sm">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Group key={i} gap="lg" wrap="nowrap">
            <Skeleton h={16} w={140} />
            <Skeleton h={16} style={{ flex: 1 }} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The product list screen. */
export default function ProductListPage() {
  const { user } = useSessionUser();
  const userId = user?.id ?? null;

  const { role } = useSession();
  const styleDefault = useCustomerDefaultIsEqualToQuery(userId, VARIABLE_DATA_STYLE_NUMBER_REQUIRED, 'true');
  const styleNumberRequired = styleDefault.data?.value === true;
  const rules: VariableDataRules = useMemo(
    () => ({ isVendor: role === 'VENDOR', styleNumberRequired }),
    [role, styleNumberRequired],
  );

  const [stored] = useState(() => loadCriteria(userId));
  const [form, setForm] = useState<ProductSearchCriteria>(() => stored ?? emptyCriteria());
  // The search that ran (null until the first valid search): kept criteria run again by themselves
  // (variable-data criteria once the style-number rule is known).
  const [submitted, setSubmitted] = useState<ProductSearchCriteria | null>(() =>
    stored && !isVariableDataMode(stored) && isValidCriteria(stored) ? stored : null,
  );
  const rulesKnown = !styleDefault.isPending;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the rule arrives
  useEffect(() => {
    if (rulesKnown && stored && isVariableDataMode(stored) && isValidCriteria(stored, rules))
      setSubmitted(stored);
  }, [rulesKnown]);
  const [errors, setErrors] = useState<ProductSearchErrors>({});
  const vdMode = submitted !== null && isVariableDataMode(submitted);
  const params = useMemo(
    () => (submitted && !vdMode ? toSearchParams(submitted) : null),
    [submitted, vdMode],
  );
  const vdParams = useMemo(
    () => (submitted && vdMode ? toVariableDataParams(submitted) : null),
    [submitted, vdMode],
  );
  const standardQuery = useProductSearchQuery(params);
  const vdQuery = useVariableDataSearchQuery(vdParams);
  const query = vdMode ? vdQuery : standardQuery;
  const regions = useProductSearchProductionRegionsQuery();
  const resultsRef = useRef<HTMLDivElement>(null);

  useOverlay(OVERLAYS.searching, query.isFetching);

  // Step 1 preselects the default region (the only one) when none is chosen yet: rendered in the
  // background, with the regions' answer (ProductSearchForm, decision 0078).
  const defaultRegion = regions.data?.productionRegion ?? null;
  useEffect(() => {
    if (defaultRegion === null) return;
    startTransition(() =>
      setForm((f) => (f.productionRegion ? f : { ...f, productionRegion: String(defaultRegion) })),
    );
  }, [defaultRegion]);

  useEffect(() => {
    if (params) void loadProductResultsTable();
  }, [params]);

  // The search that ran is the one kept for the next visit.
  useEffect(() => {
    if (submitted) saveCriteria(userId, submitted);
  }, [userId, submitted]);

  // The form's callbacks keep their identity while what they use does not change: an answer of the
  // screen's queries does not render the (memoised) form again (decision 0078).
  const changeForm = useCallback(
    (next: ProductSearchCriteria) => {
      setForm(next);
      // Errors clear as the user fixes the fields; they are checked again on Search.
      if (Object.keys(errors).length > 0) {
        const now = validateCriteria(next, rules);
        setErrors((e) => ({
          productionRegion: now.productionRegion && e.productionRegion,
          productGroup: now.productGroup && e.productGroup,
          search: now.search && e.search,
          poNumber: now.poNumber && e.poNumber,
          styleNumber: now.styleNumber && e.styleNumber,
        }));
      }
    },
    [errors, rules],
  );

  const { refetch } = query;
  const search = useCallback(() => {
    const found = validateCriteria(form, rules);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const next: ProductSearchCriteria = {
      ...form,
      search: form.search.trim(),
      poNumber: form.poNumber.trim(),
      styleNumber: form.styleNumber.trim(),
      page: 0,
    };
    setForm(next);
    if (submitted && sameCriteria(next, submitted)) void refetch();
    else setSubmitted(next);
  }, [form, rules, submitted, refetch]);

  /** Runs the search that ran in the region and PO search group where it finds POs (decision 0057). */
  const searchElsewhere = (e: VariableDataFoundElsewhere) => {
    if (!submitted) return;
    const next: ProductSearchCriteria = {
      ...submitted,
      productionRegion: String(e.productionRegionId),
      orderStatus: e.orderStatus,
      page: 0,
    };
    setForm(next);
    setSubmitted(next);
  };

  const goToPage = (page: number) => {
    setSubmitted((s) => (s ? { ...s, page } : s));
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  // Both answers as one shape: the rows and the paging info.
  const data = vdMode
    ? vdQuery.data && { ...vdQuery.data.pageableOrderItemsInfo, products: vdQuery.data.products }
    : standardQuery.data;
  // A kept page beyond the last one (fewer products since): back to the first page.
  useEffect(() => {
    if (data && data.products.length === 0 && data.totalItems > 0 && data.currentPage > 0) {
      setSubmitted((s) => (s ? { ...s, page: 0 } : s));
    }
  }, [data]);

  let results: ReactNode;
  if (!params && !vdParams) {
    results = (
      <Paper withBorder radius="md" p="xl" data-testid="product-list-idle">
        <EmptyState
          icon={<IconSearch size={28} />}
          title="Find products to order"
          description="Choose a production region, then a product group or a code/description, and press Search."
          size="sm"
        />
      </Paper>
    );
  } else if (query.isPending) {
    results = <LoadingRows />;
  } else if (query.isError && !data) {
    results = (
      <LoadErrorAlert
        title="Products could not be loaded"
        message={errorMessageOf(query.error)}
        onRetry={() => void query.refetch()}
        testId="product-list-error"
      />
    );
  } else if (!data || data.products.length === 0) {
    const elsewhere = (vdMode && vdQuery.data?.foundElsewhere) || [];
    const searchedIn =
      regions.data?.productionRegions.find((r) => String(r.id) === submitted?.productionRegion)
        ?.productionRegionName ?? 'this production region';
    results = (
      <Paper withBorder radius="md" p="xl" data-testid="product-list-empty">
        <EmptyState
          icon={<IconShirtOff size={28} />}
          title="No products match your search."
          description={
            !vdMode
              ? 'Try another product group, or a shorter code or description.'
              : elsewhere.length > 0
                ? `${searchedPo(submitted)} not in ${searchedIn} (${poGroupLabel(submitted?.orderStatus ?? '')}). Search where it is:`
                : 'Check the PO and style numbers, or try another PO search group.'
          }
          size="sm"
        >
          {elsewhere.length > 0 && (
            <EmptyState.Actions>
              <Group justify="center" gap="xs" data-testid="found-elsewhere">
                {elsewhere.map((e) => (
                  <Button
                    key={`${e.productionRegionId}-${e.orderStatus}`}
                    size="xs"
                    variant="light"
                    leftSection={<IconSearch size={14} aria-hidden />}
                    onClick={() => searchElsewhere(e)}
                    data-testid="found-elsewhere-option"
                  >
                    {e.productionRegion} · {poGroupLabel(e.orderStatus)} ({formatCount(e.totalItems)})
                  </Button>
                ))}
              </Group>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Paper>
    );
  } else {
    results = (
      <PagedResults
        page={data}
        count={data.products.length}
        noun={{ one: 'product', many: 'products' }}
        onPage={goToPage}
        summaryTestId="product-list-summary"
        pagerLabel="Product pages"
        pagerTestId="product-pagination"
      >
        <Suspense fallback={<LoadingRows />}>
          {vdMode && vdQuery.data ? (
            <VariableDataResultsTable
              key={JSON.stringify(vdParams)}
              products={vdQuery.data.products}
              stale={query.isPlaceholderData}
            />
          ) : (
            standardQuery.data && (
              <ProductResultsTable products={standardQuery.data.products} stale={query.isPlaceholderData} />
            )
          )}
        </Suspense>
      </PagedResults>
    );
  }

  return (
    <Stack gap="md" data-testid="screen-product-list" maw={1400} mx="auto" w="100%">
      <Title order={2}>Product List</Title>
      <ProductSearchForm
        value={form}
        onChange={changeForm}
        onSearch={search}
        errors={errors}
        poNumberRequired={!rules.isVendor}
        styleNumberRequired={rules.styleNumberRequired}
      />
      <div ref={resultsRef} style={{ scrollMarginTop: 72 }}>
        {results}
      </div>
    </Stack>
  );
}
