/**
 * The product search form (ordering §2 Product list: three steps — production region, product group,
 * filters; §5 Product search). The filters of step 3 are a code/description text, or in
 * variable-data mode (the VARIABLE_DATA group) the PO number, style number and the PO search group
 * (PO Placed, PO Uploaded, PO Shipped). Enter in the form searches; errors show inline on the fields. The two
 * selects show as read-only frames in the form's first render and come in the next one
 * (ui/InputFrame.tsx, decision 0021). The lookups' answers render the fields in the background
 * (decision 0078).
 */
import { Button, Grid, Group, Paper, SegmentedControl, Text, TextInput, ThemeIcon } from '@mantine/core';
import { PO_SEARCH_GROUPS, type PoSearchGroup, SEARCH_TEXT_MAX } from '@selvedge/shared';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, memo, type ReactNode, useDeferredValue, useMemo } from 'react';
import { useProductGroupsQuery, useProductSearchProductionRegionsQuery } from '../../api/lookups';
import { DeferredSelect, useAfterFirstRender } from '../../ui/InputFrame';
import { isVariableDataMode, type ProductSearchCriteria, type ProductSearchErrors } from './product-search';

/** A field label with its step number (the number is decorative: the accessible name is the text). */
function StepLabel({ step, children }: { step: number; children: ReactNode }) {
  return (
    <Group gap={6} component="span" wrap="nowrap" style={{ display: 'inline-flex' }}>
      <ThemeIcon size={18} radius="xl" variant="light" aria-hidden component="span">
        <Text span fz={11} fw={700} lh={1}>
          {step}
        </Text>
      </ThemeIcon>
      <span>{children}</span>
    </Group>
  );
}

export interface ProductSearchFormProps {
  value: ProductSearchCriteria;
  onChange: (next: ProductSearchCriteria) => void;
  onSearch: () => void;
  errors: ProductSearchErrors;
  /** Variable-data mode: the style number is required (a customer default, ordering §5). */
  styleNumberRequired?: boolean;
  /** Variable-data mode: the PO number is required (every role but VENDOR). */
  poNumberRequired?: boolean;
}

/** Dropdown height for about ten options (ordering §9 Dropdown size 10). */
const DROPDOWN_HEIGHT = 10 * 34;

/** The lookups the form's two selects list, as the fields render them. */
interface FormLookups {
  regions: ReturnType<typeof useProductSearchProductionRegionsQuery>['data'];
  regionsPending: boolean;
  regionsLoaded: boolean;
  groups: ReturnType<typeof useProductGroupsQuery>['data'];
  groupsPending: boolean;
}

/**
 * The product search form. Memoised, and its lookups' answers come to the fields through
 * useDeferredValue: an answer's own render is a blocking one (TanStack Query subscribes through
 * useSyncExternalStore), which here stops at this component; the fields render again in the
 * background, in slices that let the browser in between (decision 0078, total blocking time).
 * The screen keeps its callbacks stable, so its own answers do not render the form either.
 */
export const ProductSearchForm = memo(function ProductSearchForm(props: ProductSearchFormProps) {
  const regions = useProductSearchProductionRegionsQuery();
  const groups = useProductGroupsQuery();
  // One object per answer (a query's result object is new at every render).
  const current = useMemo(
    (): FormLookups => ({
      regions: regions.data,
      regionsPending: regions.isPending,
      regionsLoaded: regions.isSuccess,
      groups: groups.data,
      groupsPending: groups.isPending,
    }),
    [regions.data, regions.isPending, regions.isSuccess, groups.data, groups.isPending],
  );
  const lookups = useDeferredValue(current);
  return <ProductSearchFields {...props} lookups={lookups} />;
});

const ProductSearchFields = memo(function ProductSearchFields({
  value,
  onChange,
  onSearch,
  errors,
  styleNumberRequired = false,
  poNumberRequired = true,
  lookups,
}: ProductSearchFormProps & { lookups: FormLookups }) {
  const ready = useAfterFirstRender();

  const regionOptions = (lookups.regions?.productionRegions ?? []).map((r) => ({
    value: String(r.id),
    label: r.productionRegionName,
  }));
  const groupOptions = (lookups.groups?.productGroups ?? []).map((g) => ({
    value: g.value,
    label: g.displayName,
  }));
  const variableData = isVariableDataMode(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };

  const set = <K extends keyof ProductSearchCriteria>(key: K, v: ProductSearchCriteria[K]) =>
    onChange({ ...value, [key]: v });

  const noRegions = lookups.regionsLoaded && regionOptions.length === 0;
  const regionLabel = <StepLabel step={1}>Production Region</StepLabel>;
  const regionPlaceholder = lookups.regionsPending ? 'Loading…' : 'Choose a region';
  const regionError =
    errors.productionRegion ?? (noRegions ? 'You have no products to order in any region' : undefined);
  const groupLabel = <StepLabel step={2}>Product Group</StepLabel>;
  const groupPlaceholder = lookups.groupsPending ? 'Loading…' : 'Any group';

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={submit}
      noValidate
      data-testid="product-search-form"
      aria-label="Product search"
    >
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <DeferredSelect
            ready={ready}
            label={regionLabel}
            placeholder={regionPlaceholder}
            data={regionOptions}
            value={value.productionRegion}
            onChange={(v) => set('productionRegion', v)}
            allowDeselect={false}
            searchable
            withAsterisk
            maxDropdownHeight={DROPDOWN_HEIGHT}
            nothingFoundMessage="No matching region"
            error={regionError}
            disabled={lookups.regionsPending}
            data-testid="product-search-region"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <DeferredSelect
            ready={ready}
            label={groupLabel}
            placeholder={groupPlaceholder}
            data={groupOptions}
            value={value.productGroup}
            onChange={(v) => set('productGroup', v)}
            clearable
            searchable
            maxDropdownHeight={DROPDOWN_HEIGHT}
            nothingFoundMessage="No matching group"
            error={errors.productGroup}
            disabled={lookups.groupsPending}
            data-testid="product-search-group"
          />
        </Grid.Col>
        {variableData ? (
          <>
            <Grid.Col span={{ base: 12, xs: 6, sm: 4, md: 2 }}>
              <TextInput
                label={<StepLabel step={3}>PO Number</StepLabel>}
                value={value.poNumber}
                onChange={(e) => set('poNumber', e.currentTarget.value)}
                maxLength={SEARCH_TEXT_MAX}
                withAsterisk={poNumberRequired}
                error={errors.poNumber}
                data-testid="product-search-po"
                autoComplete="off"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6, sm: 4, md: 2 }}>
              <TextInput
                label="Style No."
                value={value.styleNumber}
                onChange={(e) => set('styleNumber', e.currentTarget.value)}
                maxLength={SEARCH_TEXT_MAX}
                withAsterisk={styleNumberRequired}
                error={errors.styleNumber}
                data-testid="product-search-style"
                autoComplete="off"
              />
            </Grid.Col>
          </>
        ) : (
          <Grid.Col span={{ base: 12, sm: 8, md: 4 }}>
            <TextInput
              label={<StepLabel step={3}>Code or Description</StepLabel>}
              placeholder="e.g. RT-WL or woven"
              value={value.search}
              onChange={(e) => set('search', e.currentTarget.value)}
              maxLength={SEARCH_TEXT_MAX}
              error={errors.search ?? (errors.productGroup ? true : undefined)}
              data-testid="product-search-text"
              autoComplete="off"
            />
          </Grid.Col>
        )}
        {variableData && (
          <Grid.Col span={{ base: 12, sm: 8, md: 10 }}>
            <SegmentedControl
              value={value.orderStatus}
              onChange={(v) => set('orderStatus', v as PoSearchGroup)}
              data={PO_SEARCH_GROUPS.map((g) => ({ value: g.value, label: g.label }))}
              aria-label="PO search group"
              data-testid="product-search-po-group"
            />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
          {/* An empty label row keeps the button level with the fields (in variable-data mode it sits beside the PO groups). */}
          {!variableData && (
            <Text size="sm" fw={500} mb={5} aria-hidden visibleFrom="sm">
              &nbsp;
            </Text>
          )}
          <Button
            type="submit"
            fullWidth
            leftSection={<IconSearch size={16} />}
            data-testid="product-search-submit"
          >
            Search
          </Button>
        </Grid.Col>
      </Grid>
    </Paper>
  );
});
