/**
 * The filter form of the order list (ordering §2 Order list; §4 List filter mapping; §5 Order date
 * filter): Order Number (which finds its order whatever the other filters, docs/decisions/0016),
 * Finance Approval, Status (exactly the options of §4, cleared = any), Customer, Company (disabled
 * for CSR), Production Region, Start Date and End Date shown as DD-MMM-YY (§9), with Search (also
 * Enter) and Reset. A "Needs my action" step in the criteria shows as a removable filter. The form
 * sits in the FilterPanel: collapsed on a phone behind 'Filters · N active' (decision 0038).
 *
 * The selects and date inputs show as read-only frames in the form's first render and come in the
 * next one (ui/InputFrame.tsx; decision 0021: they made the order list's largest task, before its title
 * showed).
 */
import { Badge, Button, CloseButton, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  DISPLAY_DATE_FORMAT,
  FINANCE_APPROVAL_FILTERS,
  NEEDS_ACTION_RULES,
  ORDER_STATUS_FILTERS,
  type OrderStatusFilter,
  parseTypedDate,
  type Role,
} from '@selvedge/shared';
import { IconRestore, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type FormEvent, lazy, memo, useMemo } from 'react';
import { useCustomersQuery, useProductionRegionsQuery, useVendorsQuery } from '../../api/lookups';
import { FilterPanel } from '../../ui/FilterPanel';
import { Deferred, DeferredSelect, InputFrame, LazySelect, useAfterFirstRender } from '../../ui/InputFrame';
import {
  canFilterByCompany,
  type FinanceApprovalFilter,
  MAX_ORDER_NUMBER,
  type OrderSearchCriteria,
  withDateRule,
} from './order-search';

const STATUS_OPTIONS = ORDER_STATUS_FILTERS.map((f) => ({ value: f.value, label: f.label }));
const APPROVAL_OPTIONS = FINANCE_APPROVAL_FILTERS.map((f) => ({ value: f.value, label: f.label }));

export interface OrderFilterFormProps {
  value: OrderSearchCriteria;
  onChange: (next: OrderSearchCriteria) => void;
  onSearch: () => void;
  onReset: () => void;
  role: Role | null;
  /** Error text of the order number field, if any. */
  orderNumberError?: string | null;
  /** Removes the "Needs my action" step from the search (and searches again). */
  onClearNeedsAction?: () => void;
  /** How many filters the search that ran has (activeFilterCount), shown on the Filters toggle. */
  activeCount: number;
}

// The calendar (@mantine/dates and its styles) is not part of the screen's first load: the date
// fields show their frames until it arrives (decision 0021).
const DateInput = lazy(() => import('@mantine/dates').then((m) => ({ default: m.DateInput })));

/** A date as the frame shows it (DD-MMM-YY, ordering §9), or nothing. */
const dateText = (date: string | null) => (date ? dayjs(date).format(DISPLAY_DATE_FORMAT) : undefined);

/**
 * Start Date or End Date (ordering §5 Order date filter): typed or picked, shown as DD-MMM-YY (§9),
 * 'YYYY-MM-DD' or null as the value; its read-only frame until the calendar has loaded (`ready`).
 */
function DateFilter({
  ready,
  label,
  value,
  onChange,
  minDate,
  testId,
}: {
  ready: boolean;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  minDate?: string;
  testId: string;
}) {
  return (
    <Deferred ready={ready} frame={<InputFrame label={label} value={dateText(value)} placeholder="Any" />}>
      <DateInput
        label={label}
        placeholder="Any"
        valueFormat={DISPLAY_DATE_FORMAT}
        dateParser={parseTypedDate}
        value={value}
        onChange={onChange}
        minDate={minDate}
        clearable
        data-testid={testId}
      />
    </Deferred>
  );
}

/** What the three lookup selects are given by the form. */
interface LookupSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
}

// Each lookup select reads its own list: when a list arrives, only its select renders again, not
// the whole form (decision 0021, total blocking time of the first load).

/** Customer: the customers the user may see. */
function CustomerSelect({ value, onChange }: LookupSelectProps) {
  const customers = useCustomersQuery();
  const options = useMemo(
    () => (customers.data?.customers ?? []).map((c) => ({ value: String(c.id), label: c.companyName })),
    [customers.data],
  );
  return (
    <LazySelect
      label="Customer"
      placeholder={customers.isPending ? 'Loading…' : 'All customers'}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage="No customer found"
      data-testid="order-filter-customer"
    />
  );
}

/** Company (the ordering vendor): disabled for the roles without that filter (CSR). */
function CompanySelect({ value, onChange, allowed }: LookupSelectProps & { allowed: boolean }) {
  const vendors = useVendorsQuery();
  const options = useMemo(
    () => (vendors.data?.vendors ?? []).map((v) => ({ value: String(v.id), label: v.name })),
    [vendors.data],
  );
  return (
    <LazySelect
      label="Company"
      placeholder={allowed ? (vendors.isPending ? 'Loading…' : 'All companies') : 'All companies'}
      data={options}
      value={allowed ? value : null}
      onChange={onChange}
      searchable
      clearable
      disabled={!allowed}
      nothingFoundMessage="No company found"
      data-testid="order-filter-company"
    />
  );
}

/** Production Region: every region. */
function RegionSelect({ value, onChange }: LookupSelectProps) {
  const regions = useProductionRegionsQuery();
  const options = useMemo(
    () =>
      (regions.data?.productionRegions ?? []).map((r) => ({
        value: String(r.id),
        label: r.productionRegionName,
      })),
    [regions.data],
  );
  return (
    <LazySelect
      label="Production Region"
      placeholder={regions.isPending ? 'Loading…' : 'All regions'}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage="No region found"
      data-testid="order-filter-production-region"
    />
  );
}

/**
 * The order search form; Enter anywhere in it searches. Memoised: the screen renders again as its
 * queries change state, the form only when its own props change (pass stable callbacks).
 */
export const OrderFilterForm = memo(function OrderFilterForm({
  value,
  onChange,
  onSearch,
  onReset,
  role,
  orderNumberError,
  onClearNeedsAction,
  activeCount,
}: OrderFilterFormProps) {
  // False in the first render (the frames), true in the next one, rendered in the background.
  const ready = useAfterFirstRender();
  const companyAllowed = canFilterByCompany(role);

  const set = <K extends keyof OrderSearchCriteria>(key: K, v: OrderSearchCriteria[K]) =>
    onChange(withDateRule({ ...value, [key]: v }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };

  return (
    <FilterPanel activeCount={activeCount} testId="order-filters">
      <form onSubmit={submit} noValidate aria-label="Order filters">
        {value.needsAction && (
          <Group gap="xs" mb="sm" data-testid="order-filter-needs-action">
            <Text size="sm" c="dimmed">
              Waiting for you:
            </Text>
            <Badge
              size="lg"
              variant="light"
              tt="none"
              rightSection={
                <CloseButton
                  size="xs"
                  variant="transparent"
                  onClick={onClearNeedsAction}
                  aria-label={`Remove the filter ${NEEDS_ACTION_RULES[value.needsAction].label}`}
                  data-testid="order-filter-needs-action-clear"
                />
              }
            >
              {NEEDS_ACTION_RULES[value.needsAction].label}
            </Badge>
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="Order Number"
            description="Finds it whatever the other filters"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder="Any"
            inputMode="numeric"
            maxLength={String(MAX_ORDER_NUMBER).length}
            value={value.orderNumber}
            onChange={(e) => set('orderNumber', e.currentTarget.value.replace(/\D/g, ''))}
            error={orderNumberError}
            data-testid="order-filter-order-number"
          />
          <DeferredSelect
            ready={ready}
            label="Finance Approval"
            placeholder="Any"
            data={APPROVAL_OPTIONS}
            value={value.financeApproval}
            onChange={(v) => set('financeApproval', (v as FinanceApprovalFilter | null) ?? null)}
            clearable
            data-testid="order-filter-finance-approval"
          />
          <DeferredSelect
            ready={ready}
            label="Status"
            placeholder="Any status"
            data={STATUS_OPTIONS}
            value={value.orderStatus}
            onChange={(v) => set('orderStatus', (v as OrderStatusFilter | null) ?? null)}
            clearable
            maxDropdownHeight={320}
            data-testid="order-filter-status"
          />
          <Deferred ready={ready} frame={<InputFrame label="Customer" placeholder="All customers" />}>
            <CustomerSelect value={value.customer} onChange={(v) => set('customer', v)} />
          </Deferred>
          <Deferred
            ready={ready}
            frame={<InputFrame label="Company" placeholder="All companies" disabled={!companyAllowed} />}
          >
            <CompanySelect
              value={value.company}
              onChange={(v) => set('company', v)}
              allowed={companyAllowed}
            />
          </Deferred>
          <Deferred ready={ready} frame={<InputFrame label="Production Region" placeholder="All regions" />}>
            <RegionSelect value={value.productionRegion} onChange={(v) => set('productionRegion', v)} />
          </Deferred>
          <DateFilter
            ready={ready}
            label="Start Date"
            value={value.startDate}
            onChange={(v) => set('startDate', v)}
            testId="order-filter-start-date"
          />
          <DateFilter
            ready={ready}
            label="End Date"
            value={value.endDate}
            onChange={(v) => set('endDate', v)}
            minDate={value.startDate ?? undefined}
            testId="order-filter-end-date"
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md" gap="sm">
          <Button
            type="button"
            variant="default"
            leftSection={<IconRestore size={16} />}
            onClick={onReset}
            data-testid="order-reset-button"
          >
            Reset
          </Button>
          <Button type="submit" leftSection={<IconSearch size={16} />} data-testid="order-search-button">
            Search
          </Button>
        </Group>
      </form>
    </FilterPanel>
  );
});
