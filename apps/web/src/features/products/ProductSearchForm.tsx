/**
 * The product search form (ordering §2 Product list: three steps — production region, product group,
 * filters; §5 Product search). Enter in the form searches; errors show inline on the fields. The two
 * selects show as read-only frames in the form's first render and come in the next one
 * (ui/InputFrame.tsx, issue 9).
 */
import { Button, Grid, Group, Paper, Text, TextInput, ThemeIcon } from '@mantine/core';
import { VARIABLE_DATA_PRODUCT_GROUP } from '@selvedge/shared';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useProductGroupsQuery, useProductSearchProductionRegionsQuery } from '../../api/lookups';
import { DeferredSelect, useAfterFirstRender } from '../../ui/InputFrame';
import { type ProductSearchCriteria, type ProductSearchErrors, SEARCH_TEXT_MAX } from './product-search';

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
}

/** Dropdown height for about ten options (ordering §9 Dropdown size 10). */
const DROPDOWN_HEIGHT = 10 * 34;

/** The product search form. */
export function ProductSearchForm({ value, onChange, onSearch, errors }: ProductSearchFormProps) {
  const regions = useProductSearchProductionRegionsQuery();
  const groups = useProductGroupsQuery();
  const ready = useAfterFirstRender();

  const regionOptions = (regions.data?.productionRegions ?? []).map((r) => ({
    value: String(r.id),
    label: r.productionRegionName,
  }));
  // Variable-data search is not served yet: its group is left out (STANDARD mode only).
  const groupOptions = (groups.data?.productGroups ?? [])
    .filter((g) => g.value !== VARIABLE_DATA_PRODUCT_GROUP)
    .map((g) => ({ value: g.value, label: g.displayName }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };

  const set = <K extends keyof ProductSearchCriteria>(key: K, v: ProductSearchCriteria[K]) =>
    onChange({ ...value, [key]: v });

  const noRegions = regions.isSuccess && regionOptions.length === 0;
  const regionLabel = <StepLabel step={1}>Production Region</StepLabel>;
  const regionPlaceholder = regions.isPending ? 'Loading…' : 'Choose a region';
  const regionError =
    errors.productionRegion ?? (noRegions ? 'You have no products to order in any region' : undefined);
  const groupLabel = <StepLabel step={2}>Product Group</StepLabel>;
  const groupPlaceholder = groups.isPending ? 'Loading…' : 'Any group';

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
            disabled={regions.isPending}
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
            disabled={groups.isPending}
            data-testid="product-search-group"
          />
        </Grid.Col>
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
        <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
          {/* An empty label row keeps the button level with the fields. */}
          <Text size="sm" fw={500} mb={5} aria-hidden visibleFrom="sm">
            &nbsp;
          </Text>
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
}
