/**
 * The filter form of the order list (ordering §2 Order list; §4 List filter mapping; §5 Order date
 * filter): Order Number, Finance Approval, Status, Customer, Company (disabled for CSR), Production
 * Region, Start Date and End Date, with Search (also Enter) and Reset.
 */
import { Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  FINANCE_APPROVAL_FILTERS,
  ORDER_STATUS_FILTERS,
  type OrderStatusFilter,
  type Role,
} from '@selvedge/shared';
import { IconRestore, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { FormEvent } from 'react';
import { useCustomersQuery, useProductionRegionsQuery, useVendorsQuery } from '../../api/lookups';
import {
  canFilterByCompany,
  type FinanceApprovalFilter,
  MAX_ORDER_NUMBER,
  type OrderSearchCriteria,
  withDateRule,
} from './order-search';

dayjs.extend(customParseFormat);

/** How the date fields show a date (the input also takes DD-MMM-YY and YYYY-MM-DD). */
const DATE_FORMAT = 'DD-MMM-YYYY';
const PARSE_FORMATS = [
  'DD-MMM-YYYY',
  'D-MMM-YYYY',
  'DD-MMM-YY',
  'D-MMM-YY',
  'YYYY-MM-DD',
  'DD MMM YYYY',
  'D MMM YYYY',
];

/** Parses what the user typed in a date field; null when it is not a date. */
export function parseTypedDate(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  for (const format of PARSE_FORMATS) {
    const d = dayjs(text, format, 'en', true);
    if (d.isValid()) return d.format('YYYY-MM-DD');
  }
  return null;
}

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
}

/** The order search form; Enter anywhere in it searches. */
export function OrderFilterForm({
  value,
  onChange,
  onSearch,
  onReset,
  role,
  orderNumberError,
}: OrderFilterFormProps) {
  const customers = useCustomersQuery();
  const vendors = useVendorsQuery();
  const regions = useProductionRegionsQuery();
  const companyAllowed = canFilterByCompany(role);

  const set = <K extends keyof OrderSearchCriteria>(key: K, v: OrderSearchCriteria[K]) =>
    onChange(withDateRule({ ...value, [key]: v }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };

  const customerOptions = (customers.data?.customers ?? []).map((c) => ({
    value: String(c.id),
    label: c.companyName,
  }));
  const vendorOptions = (vendors.data?.vendors ?? []).map((v) => ({ value: String(v.id), label: v.name }));
  const regionOptions = (regions.data?.productionRegions ?? []).map((r) => ({
    value: String(r.id),
    label: r.productionRegionName,
  }));

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={submit}
      data-testid="order-filters"
      noValidate
    >
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
        <TextInput
          label="Order Number"
          placeholder="Any"
          inputMode="numeric"
          maxLength={String(MAX_ORDER_NUMBER).length}
          value={value.orderNumber}
          onChange={(e) => set('orderNumber', e.currentTarget.value.replace(/\D/g, ''))}
          error={orderNumberError}
          data-testid="order-filter-order-number"
        />
        <Select
          label="Finance Approval"
          placeholder="Any"
          data={APPROVAL_OPTIONS}
          value={value.financeApproval}
          onChange={(v) => set('financeApproval', (v as FinanceApprovalFilter | null) ?? null)}
          clearable
          data-testid="order-filter-finance-approval"
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={value.orderStatus}
          onChange={(v) => v && set('orderStatus', v as OrderStatusFilter)}
          allowDeselect={false}
          maxDropdownHeight={320}
          data-testid="order-filter-status"
        />
        <Select
          label="Customer"
          placeholder={customers.isPending ? 'Loading…' : 'All customers'}
          data={customerOptions}
          value={value.customer}
          onChange={(v) => set('customer', v)}
          searchable
          clearable
          nothingFoundMessage="No customer found"
          data-testid="order-filter-customer"
        />
        <Select
          label="Company"
          placeholder={companyAllowed ? (vendors.isPending ? 'Loading…' : 'All companies') : 'All companies'}
          data={vendorOptions}
          value={companyAllowed ? value.company : null}
          onChange={(v) => set('company', v)}
          searchable
          clearable
          disabled={!companyAllowed}
          nothingFoundMessage="No company found"
          data-testid="order-filter-company"
        />
        <Select
          label="Production Region"
          placeholder={regions.isPending ? 'Loading…' : 'All regions'}
          data={regionOptions}
          value={value.productionRegion}
          onChange={(v) => set('productionRegion', v)}
          searchable
          clearable
          nothingFoundMessage="No region found"
          data-testid="order-filter-production-region"
        />
        <DateInput
          label="Start Date"
          placeholder="Any"
          valueFormat={DATE_FORMAT}
          dateParser={parseTypedDate}
          value={value.startDate}
          onChange={(v) => set('startDate', v)}
          clearable
          data-testid="order-filter-start-date"
        />
        <DateInput
          label="End Date"
          placeholder="Any"
          valueFormat={DATE_FORMAT}
          dateParser={parseTypedDate}
          value={value.endDate}
          onChange={(v) => set('endDate', v)}
          minDate={value.startDate ?? undefined}
          clearable
          data-testid="order-filter-end-date"
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
    </Paper>
  );
}
