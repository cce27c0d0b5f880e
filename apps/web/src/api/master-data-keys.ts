/**
 * The master-data query keys (api/master-data.ts), in a module of their own: the live updates
 * (api/events.ts, features/live) name them on every signed-in screen, and api/master-data.ts
 * brings the shared registry with every entity's schemas (zod and the care-label symbols), which
 * a screen without master data must not load to refresh a key (decision 0073).
 *
 * Keys: ['master-data', kind, 'search', filters] | ['master-data', kind, 'record', id] |
 * ['master-data', kind, 'history', id].
 */
import type { MasterDataKind } from '@selvedge/shared';

/** Search filters as the list keeps them: text per filter field ('' = unset). */
export type SearchFilters = Record<string, string>;

export const masterDataKeys = {
  all: ['master-data'] as const,
  kind: (kind: MasterDataKind) => [...masterDataKeys.all, kind] as const,
  searches: (kind: MasterDataKind) => [...masterDataKeys.kind(kind), 'search'] as const,
  search: (kind: MasterDataKind, filters: SearchFilters) =>
    [...masterDataKeys.searches(kind), filters] as const,
  record: (kind: MasterDataKind, id: number) => [...masterDataKeys.kind(kind), 'record', id] as const,
  history: (kind: MasterDataKind, id: number) => [...masterDataKeys.kind(kind), 'history', id] as const,
};
