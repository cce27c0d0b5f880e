/**
 * Care-label lists (master-data §2 Lists tab, §7, §8 Lists; decision 0041): one mechanism for every
 * kind. A list belongs to one kind and holds options of its member kinds (CARE_LIST_MEMBER_KINDS; a
 * fabric composition list holds component types and materials). Checkbox toggles add or remove
 * one member at once. Errors: 404 'Could not find list specified' / 'Could not find the option
 * specified' (also for an option of another kind), 409 for a duplicate name, a member already in the
 * list, or a list a customer has chosen.
 */
import {
  CARE_INSTRUCTION_ITEM_KEYS,
  CARE_LIST_MEMBER_KINDS,
  CARE_LIST_MESSAGES,
  type CareInstructionType,
  type CareListItemsResponse,
  type CareListKind,
  type CareListRecord,
  type CareOptionKind,
} from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import { pgError } from '../../platform/crud';
import type { Db, Tx } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { publishCareListChange } from '../../platform/liveEvents';
import { careListsRepository as repo } from './careLists.repository';

/** Runs `work`, turning a duplicate list name into 409 and a list a customer has chosen into 409. */
async function guarded<T>(name: string | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const pg = pgError(err);
    if (pg?.code === '23505' && name !== null) throw conflict(CARE_LIST_MESSAGES.duplicate(name));
    if (pg?.code === '23503') throw conflict(CARE_LIST_MESSAGES.listInUse);
    throw err;
  }
}

const listMissing = () => notFound(CARE_LIST_MESSAGES.listNotFound);
const optionMissing = () => notFound(CARE_LIST_MESSAGES.optionNotFound);

export function createCareListsService(db: Db) {
  async function listOrThrow(kind: CareListKind, listId: number) {
    const list = await repo.list(db, kind, listId);
    if (!list) throw listMissing();
    return list;
  }

  /**
   * Runs `change` in one transaction once the list (404 'Could not find list specified') and the
   * option of one of `memberKinds` (404 'Could not find the option specified') are found: the
   * checkbox toggles of the Lists tab (master-data §2, §8 Lists).
   */
  const changeMember = (
    user: AuthUser,
    kind: CareListKind,
    listId: number,
    optionId: number,
    memberKinds: readonly CareOptionKind[],
    change: (tx: Tx, option: { id: number; kind: string }) => Promise<void>,
  ): Promise<void> =>
    db.transaction(async (tx) => {
      const list = await repo.list(tx, kind, listId);
      if (!list) throw listMissing();
      const option = await repo.option(tx, optionId, memberKinds);
      if (!option) throw optionMissing();
      await change(tx, option);
      await publishCareListChange(tx, user, kind, listId);
    });

  return {
    /** The lists of `kind`, by name. */
    lists: (kind: CareListKind): Promise<CareListRecord[]> => repo.lists(db, kind),

    /** Adds a list; answers it (with the new id). Each change below is a live update for the admins (docs/live-updates.md). */
    add: (user: AuthUser, kind: CareListKind, name: string): Promise<CareListRecord> =>
      guarded(name, () =>
        db.transaction(async (tx) => {
          const list = await repo.insert(tx, kind, name);
          await publishCareListChange(tx, user, kind, list.id);
          return list;
        }),
      ),

    /** Renames a list. */
    rename: (user: AuthUser, kind: CareListKind, listId: number, name: string): Promise<CareListRecord> =>
      guarded(name, () =>
        db.transaction(async (tx) => {
          const list = await repo.rename(tx, kind, listId, name);
          if (!list) throw listMissing();
          await publishCareListChange(tx, user, kind, listId);
          return list;
        }),
      ),

    /** Removes a list and its items; 409 while a customer has chosen it. */
    remove: (user: AuthUser, kind: CareListKind, listId: number): Promise<void> =>
      guarded(null, () =>
        db.transaction(async (tx) => {
          if (!(await repo.delete(tx, kind, listId))) throw listMissing();
          await publishCareListChange(tx, user, kind, listId);
        }),
      ),

    /** The list's items, shaped by kind (careListItemsResponse). */
    async items(kind: CareListKind, listId: number): Promise<CareListItemsResponse> {
      await listOrThrow(kind, listId);
      const members = await repo.members(db, listId);
      const refs = (k: CareOptionKind) =>
        members.filter((m) => m.kind === k).map((m) => ({ id: m.id, name: m.name ?? '' }));
      switch (kind) {
        case 'fabric-composition':
          return { componentTypes: refs('component-type'), materials: refs('material') };
        case 'care-code':
          return { codes: members.map((m) => ({ id: m.id, code: m.code ?? '', text: m.text ?? '' })) };
        case 'care-instruction': {
          const answer: CareListItemsResponse = {};
          for (const [type, key] of Object.entries(CARE_INSTRUCTION_ITEM_KEYS))
            answer[key] = members
              .filter((m) => m.type === type)
              .map((m) => ({
                id: m.id,
                type: type as CareInstructionType,
                displayName: m.displayName ?? '',
                icon: m.icon ?? '',
                sortKey: m.sortKey ?? 0,
              }));
          return answer;
        }
        default:
          return { refs: refs(kind) };
      }
    },

    /**
     * Adds option `optionId` to the list (409 when it is there already). `memberKinds` narrows which
     * option kinds count (a fabric composition list's component-types or materials checklist).
     */
    addItem: (
      user: AuthUser,
      kind: CareListKind,
      listId: number,
      optionId: number,
      memberKinds: readonly CareOptionKind[] = CARE_LIST_MEMBER_KINDS[kind],
    ): Promise<void> =>
      changeMember(user, kind, listId, optionId, memberKinds, async (tx, option) => {
        if (!(await repo.addMember(tx, { id: listId, kind }, option)))
          throw conflict(CARE_LIST_MESSAGES.alreadyInList);
      }),

    /** Removes option `optionId` from the list (404 when it is not in it). */
    removeItem: (
      user: AuthUser,
      kind: CareListKind,
      listId: number,
      optionId: number,
      memberKinds: readonly CareOptionKind[] = CARE_LIST_MEMBER_KINDS[kind],
    ): Promise<void> =>
      changeMember(user, kind, listId, optionId, memberKinds, async (tx) => {
        if (!(await repo.removeMember(tx, listId, optionId))) throw optionMissing();
      }),
  };
}
