/**
 * The filter form of the order list (ordering §2 Order list; §4 List filter mapping; §5 Order date
 * filter): Order Number (which finds its order whatever the other filters, docs/decisions/0016),
 * Finance Approval, Status (exactly the options of §4, cleared = any), Customer, Company (disabled
 * for CSR), Production Region, Start Date and End Date shown as DD-MMM-YY (§9), with Search (also
 * Enter) and Reset. A "Needs my action" step in the criteria shows as a removable filter.
 */
import { Badge, Button, CloseButton, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
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
import type { FormEvent } from 'react';
import { useCustomersQuery, useProductionRegionsQuery, useVendorsQuery } from '../../api/lookups';
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
}

/** The order search form; Enter anywhere in it searches. */
export function OrderFilterForm({
  value,
  onChange,
  onSearch,
  onReset,
  role,
  orderNumberError,
  onClearNeedsAction,
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
          placeholder="Any status"
          data={STATUS_OPTIONS}
          value={value.orderStatus}
          onChange={(v) => set('orderStatus', (v as OrderStatusFilter | null) ?? null)}
          clearable
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
          valueFormat={DISPLAY_DATE_FORMAT}
          dateParser={parseTypedDate}
          value={value.startDate}
          onChange={(v) => set('startDate', v)}
          clearable
          data-testid="order-filter-start-date"
        />
        <DateInput
          label="End Date"
          placeholder="Any"
          valueFormat={DISPLAY_DATE_FORMAT}
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
