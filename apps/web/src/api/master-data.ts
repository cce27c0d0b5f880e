/**
 * Master-data calls (master-data §7; decision 0035), one factory for every entity: the paths come from the
 * shared registry's `MASTER_DATA` (search, get, create, update) and the types from its schemas, so a
 * screen names its kind and gets its query keys, fetch functions and hooks. Each record carries `version`; an update sends it back
 * and a stale one answers 409 with the contract's message (shown by the detail screen).
 *
 * Keys (api/master-data-keys.ts): ['master-data', kind, 'search', filters] |
 * ['master-data', kind, 'record', id] | ['master-data', kind, 'history', id]. A save puts the answered record in the cache, drops the
 * kind's searches (the list shows the change) and its history.
 */
import {
  type HistoryResponse,
  MASTER_DATA,
  MASTER_DATA_PATHS,
  type MasterDataBody,
  type MasterDataKind,
  type MasterDataRecord,
  type MasterDataUpdateBody,
  type ProductImage,
  type ProductItemSearchResponse,
} from '@selvedge/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload } from './client';
import { lookupKeys } from './lookups';
import { masterDataKeys, type SearchFilters } from './master-data-keys';

export { masterDataKeys, type SearchFilters };

/** Every kind of the registry (MASTER_DATA of packages/shared). */
export type EntityKind = MasterDataKind;
/** A kind's record, create body and update body: the types of its shared schemas. */
export type RecordOf<K extends EntityKind> = MasterDataRecord<K>;
export type BodyOf<K extends EntityKind> = MasterDataBody<K>;
export type UpdateOf<K extends EntityKind> = MasterDataUpdateBody<K>;

const PATHS = MASTER_DATA;
const HISTORY_PATH = MASTER_DATA_PATHS.history;

const itemPath = (kind: EntityKind, id: number) => PATHS[kind].item.replace(':id', String(id));

/** GET <search>?filters → the list answer's records (every match, no paging). */
export async function searchRecords<K extends EntityKind>(
  kind: K,
  filters: SearchFilters,
  signal?: AbortSignal,
): Promise<RecordOf<K>[]> {
  const { search, listKey } = PATHS[kind];
  const answer = await api.get<Record<string, RecordOf<K>[]>>(search, { query: filters, signal });
  return answer?.[listKey] ?? [];
}

/** GET <item>/{id} */
export const fetchRecord = <K extends EntityKind>(kind: K, id: number, signal?: AbortSignal) =>
  api.get<RecordOf<K>>(itemPath(kind, id), { signal });

/** POST <create> → 201 with the record. */
export const createRecord = <K extends EntityKind>(kind: K, body: BodyOf<K>) =>
  api.post<RecordOf<K>>(PATHS[kind].create, body);

/** PUT <item>/{id} with the version the edit started from → the record. */
export const updateRecord = <K extends EntityKind>(kind: K, id: number, body: UpdateOf<K>) =>
  api.put<RecordOf<K>>(itemPath(kind, id), body);

/** DELETE <item>/{id} (kinds whose registry entry gives `delete`): 204; 409 with the server's text when in use. */
export const deleteRecord = (kind: EntityKind, id: number) => api.delete<null>(itemPath(kind, id));

/** GET /history?entity=&id= → who changed what, when (newest first). */
export const fetchHistory = (kind: EntityKind, id: number, signal?: AbortSignal) =>
  api.get<HistoryResponse>(HISTORY_PATH, {
    query: { entity: PATHS[kind].entity, id },
    signal,
  });

/** The records matching `filters` (nothing is fetched while `filters` is null). */
export function useRecordSearch<K extends EntityKind>(kind: K, filters: SearchFilters | null) {
  return useQuery({
    queryKey: filters ? masterDataKeys.search(kind, filters) : [...masterDataKeys.searches(kind), 'idle'],
    queryFn: ({ signal }) => searchRecords(kind, filters ?? {}, signal),
    enabled: filters !== null,
    // A list shows what the server has now: each visit and each Search asks again.
    staleTime: 0,
    meta: { silentError: true },
  });
}

/** One record (nothing is fetched while `id` is null); the screen shows a failure itself. */
export function useRecord<K extends EntityKind>(kind: K, id: number | null) {
  return useQuery({
    queryKey: masterDataKeys.record(kind, id ?? 0),
    queryFn: ({ signal }) => fetchRecord(kind, id as number, signal),
    enabled: id !== null,
    staleTime: 0,
    meta: { silentError: true },
  });
}

/** The record's history (nothing is fetched while `id` is null). */
export function useRecordHistory(kind: EntityKind, id: number | null) {
  return useQuery({
    queryKey: masterDataKeys.history(kind, id ?? 0),
    queryFn: ({ signal }) => fetchHistory(kind, id as number, signal),
    enabled: id !== null,
    staleTime: 0,
    meta: { silentError: true },
  });
}

/** What a save sends: a new record, or an update of record `id`. */
export type SaveInput<K extends EntityKind> =
  | { kind: 'create'; body: BodyOf<K> }
  | { kind: 'update'; id: number; body: UpdateOf<K> };

/**
 * Create or update; the caller shows the failure (the detail screen keeps or restores the input).
 * On success the record is cached and the kind's lists and the record's history are refreshed.
 */
export function useSaveRecord<K extends EntityKind>(kind: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveInput<K>) =>
      input.kind === 'create' ? createRecord(kind, input.body) : updateRecord(kind, input.id, input.body),
    meta: { silentError: true },
    onSuccess: (record) => {
      client.setQueryData(masterDataKeys.record(kind, record.id), record);
      void client.invalidateQueries({ queryKey: masterDataKeys.searches(kind) });
      void client.invalidateQueries({ queryKey: masterDataKeys.history(kind, record.id) });
      // Choices elsewhere (customers, vendors, regions of the filters) include the change.
      void client.invalidateQueries({ queryKey: lookupKeys.all });
    },
  });
}

/**
 * Delete record `id` of `kind`; the caller shows the failure (an option in use answers 409 "in use",
 * the record stays). On success the kind's lists are fetched again and the record leaves the cache.
 */
export function useDeleteRecord(kind: EntityKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRecord(kind, id),
    meta: { silentError: true },
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: masterDataKeys.record(kind, id) });
      void client.invalidateQueries({ queryKey: masterDataKeys.searches(kind) });
      void client.invalidateQueries({ queryKey: lookupKeys.all });
    },
  });
}

/** The subcode's items as its details list them: active, variable data skipped (master-data §7). */
export const subcodeItemsFilters = (subcodeId: number): SearchFilters => ({
  subcode: String(subcodeId),
  active: 'true',
});

/**
 * POST /product-subcodes/{id}/image (multipart field `productImage`) → the stored image, which
 * replaces the subcode's current one (master-data §4: uploaded after the save).
 */
export function uploadSubcodeImage(subcodeId: number, file: File): Promise<ProductImage> {
  return apiUpload<ProductImage>(
    MASTER_DATA_PATHS.subcodeImage.replace(':id', String(subcodeId)),
    'productImage',
    file,
  );
}

/**
 * PUT /products/convert-product-type {subcode, productType}: every item of the subcode becomes
 * `productType` (master-data §2); the subcode and its items are read again afterwards (§4).
 */
export function useConvertProductType(subcodeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productType: 'STANDARD' | 'DYNAMIC') =>
      api.put<ProductItemSearchResponse>(MASTER_DATA_PATHS.convertProductType, {
        subcode: subcodeId,
        productType,
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: masterDataKeys.kind('productItems') });
      void client.invalidateQueries({ queryKey: masterDataKeys.record('productSubcodes', subcodeId) });
    },
  });
}
