/**
 * The care-label list calls (master-data §7; decision 0041): lists of a kind, a list's items, adding,
 * renaming, removing lists and toggling members. Query keys ['care-label', …]. The option calls are
 * registry kinds of the master-data kit (api/master-data.ts: useRecordSearch('careMaterial'…)).
 */
import {
  CARE_LIST_PATHS,
  type CareListItemsResponse,
  type CareListKind,
  type CareListRecord,
  type CareListsResponse,
  type CareOptionKind,
} from '@selvedge/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const careLabelKeys = {
  all: ['care-label'] as const,
  lists: (kind: CareListKind) => [...careLabelKeys.all, 'lists', kind] as const,
  items: (kind: CareListKind, listId: number) => [...careLabelKeys.all, 'items', kind, listId] as const,
};

const fill = (path: string, params: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_, k: string) => String(params[k]));

/** The named lists of `kind`, by name. */
export function useCareLists(kind: CareListKind) {
  return useQuery({
    queryKey: careLabelKeys.lists(kind),
    queryFn: async ({ signal }) =>
      (await api.get<CareListsResponse>(fill(CARE_LIST_PATHS.lists, { kind }), { signal })).listContent,
    staleTime: 0,
  });
}

/** A list's items, by kind (nothing is fetched while `listId` is null). */
export function useCareListItems(kind: CareListKind, listId: number | null) {
  return useQuery({
    queryKey: careLabelKeys.items(kind, listId ?? 0),
    queryFn: ({ signal }) =>
      api.get<CareListItemsResponse>(fill(CARE_LIST_PATHS.items, { kind, listId: listId as number }), {
        signal,
      }),
    enabled: listId !== null,
    staleTime: 0,
  });
}

/** Add (no id), rename (id) or remove a list of `kind`; the kind's lists are fetched again. */
export function useSaveCareList(kind: CareListKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { action: 'add' | 'rename'; id?: number; name: string } | { action: 'remove'; id: number },
    ) =>
      input.action === 'add'
        ? api.post<CareListRecord>(fill(CARE_LIST_PATHS.lists, { kind }), { name: input.name })
        : input.action === 'rename'
          ? api.put<CareListRecord>(fill(CARE_LIST_PATHS.list, { kind, listId: input.id as number }), {
              name: input.name,
            })
          : api.delete<null>(fill(CARE_LIST_PATHS.list, { kind, listId: input.id as number })),
    onSettled: () => client.invalidateQueries({ queryKey: careLabelKeys.lists(kind) }),
  });
}

/** The path adding or removing option `optionId` of `optionKind` in list `listId` of `kind`. */
export function careListItemPath(
  kind: CareListKind,
  listId: number,
  optionKind: CareOptionKind,
  optionId: number,
) {
  if (kind === 'fabric-composition')
    return fill(
      optionKind === 'component-type' ? CARE_LIST_PATHS.fabricComponentType : CARE_LIST_PATHS.fabricMaterial,
      { listId, optionId },
    );
  return fill(CARE_LIST_PATHS.item, { kind, listId, optionId });
}

/** Checks (adds) or unchecks (removes) an option of a list at once; the list's items are fetched again. */
export function useToggleCareListItem(kind: CareListKind, listId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { optionKind: CareOptionKind; optionId: number; checked: boolean }) => {
      const path = careListItemPath(kind, listId as number, input.optionKind, input.optionId);
      return input.checked ? api.post<null>(path) : api.delete<null>(path);
    },
    onSettled: () => client.invalidateQueries({ queryKey: careLabelKeys.items(kind, listId ?? 0) }),
  });
}
