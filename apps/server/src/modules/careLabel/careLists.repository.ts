/** All SQL of the care-label lists (decision 0041): named lists of every kind and their members. */
import type { CareListKind, CareOptionKind } from '@selvedge/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { careListItems, careLists, careOptions } from '../../platform/db/schema';

type Q = Db | Tx;

export const careListsRepository = {
  /** The lists of `kind`, by name. */
  lists: (q: Q, kind: CareListKind) =>
    q
      .select({ id: careLists.id, name: careLists.name })
      .from(careLists)
      .where(eq(careLists.kind, kind))
      .orderBy(asc(careLists.name), asc(careLists.id)),

  /** List `id` if it is of `kind`. */
  list: async (q: Q, kind: CareListKind, id: number) =>
    (
      await q
        .select({ id: careLists.id, name: careLists.name })
        .from(careLists)
        .where(and(eq(careLists.id, id), eq(careLists.kind, kind)))
    )[0],

  insert: async (tx: Tx, kind: CareListKind, name: string) =>
    (
      await tx.insert(careLists).values({ kind, name }).returning({ id: careLists.id, name: careLists.name })
    )[0]!,

  /** Renames list `id` of `kind`; answers it, or undefined when there is none. */
  rename: async (tx: Tx, kind: CareListKind, id: number, name: string) =>
    (
      await tx
        .update(careLists)
        .set({ name })
        .where(and(eq(careLists.id, id), eq(careLists.kind, kind)))
        .returning({ id: careLists.id, name: careLists.name })
    )[0],

  /** Deletes list `id` of `kind` (its items go with it); answers whether there was one. */
  delete: async (tx: Tx, kind: CareListKind, id: number) =>
    (
      await tx
        .delete(careLists)
        .where(and(eq(careLists.id, id), eq(careLists.kind, kind)))
        .returning({ id: careLists.id })
    ).length > 0,

  /** The options of list `listId` (every member kind), ordered as the screens show them. */
  members: (q: Q, listId: number) =>
    q
      .select({
        id: careOptions.id,
        kind: careOptions.kind,
        name: careOptions.name,
        code: careOptions.code,
        text: careOptions.text,
        type: careOptions.type,
        displayName: careOptions.displayName,
        icon: careOptions.icon,
        sortKey: careOptions.sortKey,
      })
      .from(careListItems)
      .innerJoin(careOptions, eq(careOptions.id, careListItems.optionId))
      .where(eq(careListItems.listId, listId))
      .orderBy(
        asc(careOptions.sortKey),
        asc(careOptions.name),
        asc(careOptions.code),
        asc(careOptions.displayName),
        asc(careOptions.id),
      ),

  /** Option `id` if its kind is one of `kinds`. */
  option: async (q: Q, id: number, kinds: readonly CareOptionKind[]) =>
    (
      await q
        .select({ id: careOptions.id, kind: careOptions.kind })
        .from(careOptions)
        .where(and(eq(careOptions.id, id), inArray(careOptions.kind, [...kinds])))
    )[0],

  /** Adds the option to the list; false when it was already there. */
  addMember: async (tx: Tx, list: { id: number; kind: string }, option: { id: number; kind: string }) =>
    (
      await tx
        .insert(careListItems)
        .values({ listId: list.id, listKind: list.kind, optionId: option.id, optionKind: option.kind })
        .onConflictDoNothing()
        .returning({ optionId: careListItems.optionId })
    ).length > 0,

  /** Removes the option from the list; false when it was not there. */
  removeMember: async (tx: Tx, listId: number, optionId: number) =>
    (
      await tx
        .delete(careListItems)
        .where(and(eq(careListItems.listId, listId), eq(careListItems.optionId, optionId)))
        .returning({ optionId: careListItems.optionId })
    ).length > 0,
};
