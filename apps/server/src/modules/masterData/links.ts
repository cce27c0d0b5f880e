/**
 * Checklists of master data (a vendor's customers, a user's assignments…): many-to-many link
 * tables read as `{ id, name }` lists and written by replacing the owner's links.
 */
import type { MasterRef } from '@selvedge/shared';
import { and, asc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { keyOf } from '../../platform/crud';
import type { Db, Tx } from '../../platform/db';

export interface LinkTable {
  /** The link table, e.g. vendor_customers. */
  link: PgTable;
  /** Its column naming the owner (vendor_id). */
  owner: PgColumn;
  /** Its column naming the linked record (customer_id). */
  target: PgColumn;
  /** The linked table, its id and the column shown as name. */
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
}

/** The linked records of each owner, by name. */
export async function linkedRefs(
  q: Db | Tx,
  l: LinkTable,
  ownerIds: number[],
): Promise<Map<number, MasterRef[]>> {
  const map = new Map<number, MasterRef[]>(ownerIds.map((id) => [id, []]));
  if (ownerIds.length === 0) return map;
  const rows = (await q
    .select({ owner: l.owner, id: l.id, name: l.name })
    .from(l.link)
    .innerJoin(l.table, eq(l.id, l.target))
    .where(inArray(l.owner, ownerIds))
    .orderBy(asc(l.name), asc(l.id))) as { owner: number; id: number; name: string }[];
  for (const r of rows) map.get(r.owner)?.push({ id: r.id, name: r.name });
  return map;
}

/**
 * A search condition: the owner (`ownerId`, the owner table's id column of the outer query) is linked
 * to `targetId` (a vendor search's customer filter: the vendor buys for that customer).
 */
export function linksTo(q: Db | Tx, l: LinkTable, ownerId: PgColumn, targetId: number): SQL {
  return exists(
    q
      .select({ one: sql`1` })
      .from(l.link)
      .where(and(eq(l.owner, ownerId), eq(l.target, targetId))),
  );
}

/** Replaces the owner's links with `ids` (a missing id fails on its foreign key: 400). */
export async function replaceLinks(tx: Tx, l: LinkTable, ownerId: number, ids: number[]): Promise<void> {
  await tx.delete(l.link).where(eq(l.owner, ownerId));
  if (ids.length === 0) return;
  const ownerKey = keyOf(l.link, l.owner);
  const targetKey = keyOf(l.link, l.target);
  await tx.insert(l.link).values(ids.map((id) => ({ [ownerKey]: ownerId, [targetKey]: id })) as never);
}
