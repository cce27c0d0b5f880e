/**
 * Choices of the master-data forms and filters (master-data §4: lookup lists load after the record):
 * customers, vendors, production regions, currencies, warehouses and factories, each as
 * `{ value: id as text, label: name }`, sorted by name. Built on the app's lookup calls where they
 * exist, else on the master-data searches.
 */
import {
  type AllSchemasResponse,
  type CurrencyTypesResponse,
  MASTER_DATA_PATHS,
  type ProductSubgroupsResponse,
} from '@selvedge/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import {
  lookupKeys,
  useCustomersQuery,
  useProductGroupsQuery,
  useProductionRegionsQuery,
  useVendorsQuery,
} from '../../api/lookups';
import { useRecordSearch } from '../../api/master-data';
import type { OptionsHook, SelectOption } from './entity-config';

const byLabel = (a: SelectOption, b: SelectOption) => a.label.localeCompare(b.label);
const options = (items: { id: number; name: string }[] | undefined): SelectOption[] =>
  (items ?? []).map((i) => ({ value: String(i.id), label: i.name })).sort(byLabel);

export const useCustomerOptions: OptionsHook = () => {
  const q = useCustomersQuery();
  return {
    options: options(q.data?.customers.map((c) => ({ id: c.id, name: c.companyName }))),
    loading: q.isPending,
  };
};

export const useVendorOptions: OptionsHook = () => {
  const q = useVendorsQuery();
  return { options: options(q.data?.vendors), loading: q.isPending };
};

export const useRegionOptions: OptionsHook = () => {
  const q = useProductionRegionsQuery();
  return {
    options: options(q.data?.productionRegions.map((r) => ({ id: r.id, name: r.productionRegionName }))),
    loading: q.isPending,
  };
};

/** A reference list that rarely changes (GET `path`), kept for half an hour. */
const useReferenceQuery = <T>(key: string, path: string) =>
  useQuery({
    queryKey: [...lookupKeys.all, key],
    queryFn: ({ signal }) => api.get<T>(path, { signal }),
    staleTime: 30 * 60_000,
  });

/** GET /refs/currency-types: the currencies (name is the ISO 4217 code). */
export const useCurrencyOptions: OptionsHook = () => {
  const q = useReferenceQuery<CurrencyTypesResponse>('currency-types', '/refs/currency-types');
  return { options: options(q.data?.currencyTypes), loading: q.isPending };
};

const ALL = {};

export const useWarehouseOptions: OptionsHook = () => {
  const q = useRecordSearch('warehouses', ALL);
  return {
    options: options(q.data?.map((w) => ({ id: w.id, name: w.warehouseName }))),
    loading: q.isPending,
  };
};

export const useFactoryOptions: OptionsHook = () => {
  const q = useRecordSearch('factories', ALL);
  return { options: options(q.data), loading: q.isPending };
};

export const useProductCodeOptions: OptionsHook = () => {
  const q = useRecordSearch('productCodes', ALL);
  return {
    options: options(q.data?.map((c) => ({ id: c.id, name: c.productCode }))),
    loading: q.isPending,
  };
};

/** GET /refs/product-group: product groups by id, shown by display name. */
export const useProductGroupOptions: OptionsHook = () => {
  const q = useProductGroupsQuery();
  return {
    options: options(q.data?.productGroups.map((g) => ({ id: g.id, name: g.displayName }))),
    loading: q.isPending,
  };
};

/** GET /refs/product-subgroup: product subgroups (product item details). */
export const useProductSubgroupOptions: OptionsHook = () => {
  const q = useReferenceQuery<ProductSubgroupsResponse>(
    'product-subgroups',
    MASTER_DATA_PATHS.productSubgroups,
  );
  return { options: options(q.data?.productSubgroups), loading: q.isPending };
};

/** GET /attributes/all-schemas: every attribute schema with whom it belongs to (global or a customer's). */
export function useAllSchemas() {
  return useQuery({
    queryKey: [...lookupKeys.all, 'all-schemas'],
    queryFn: ({ signal }) => api.get<AllSchemasResponse>(MASTER_DATA_PATHS.allSchemas, { signal }),
    staleTime: 60_000,
  });
}

export const useSchemaOptions: OptionsHook = () => {
  const q = useAllSchemas();
  return { options: options(q.data?.listContent), loading: q.isPending };
};

/** A constant list as an options hook; the list stays readable (`options`) for the history's labels. */
export const staticOptions = (list: SelectOption[]): OptionsHook & { readonly options: SelectOption[] } =>
  Object.assign(() => ({ options: list }), { options: list });

/** A reference as the form keeps it: its id as text ('' = none). */
export const refValue = (ref: { id: number } | null | undefined): string => (ref ? String(ref.id) : '');
/** The form's id text as a body reference (null = none). */
export const refBody = (value: string): { id: number } | null => (value ? { id: Number(value) } : null);
/** A checklist value as body references. */
export const refsBody = (values: string[]): { id: number }[] => values.map((v) => ({ id: Number(v) }));
/** A number input's value as a body number: an emptied input ('') is NaN, which the schema refuses as required. */
export const numberBody = (value: number | string): number => (value === '' ? Number.NaN : Number(value));
