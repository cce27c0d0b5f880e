/**
 * The master-data kit (decision 0017; ARCHITECTURE.md Mechanisms: "a create/read/update/search kit for
 * master data"), written once and configured per entity:
 *
 * - routes from the shared registry (`MASTER_DATA` and `MASTER_DATA_SCHEMAS` of packages/shared):
 *   search, get, create and update, each with its zod schemas and permission (`registerCrudRoutes`);
 * - a store over a table and its filters (`simpleStore` for flat entities; richer entities write
 *   their own `find`/`insert`/`update` and keep the rest);
 * - one service (`createCrud`) that runs every change in one transaction: optimistic lock on
 *   `version` (a stale version answers 409 and changes nothing), the entity's own checks, the write,
 *   and a history row (who, when, each changed field before and after) in `master_data_history`;
 * - a unique violation answers 409 naming the duplicate (one table of every unique name, UNIQUE_NAMES);
 *   a reference to a missing record 400.
 */
import {
  CRUD_CALLS,
  type CrudCall,
  errorResponse,
  type HistoryEntity,
  type HistoryEntry,
  MASTER_DATA,
  MASTER_DATA_MESSAGES,
  MASTER_DATA_SCHEMAS,
  MAX_ID,
  type MasterDataCreate,
  type MasterDataEntity,
  type MasterDataKind,
  type MasterDataQuery,
  type MasterDataRecord,
  type MasterDataSchemaSet,
  type MasterDataUpdate,
  MESSAGES,
  masterDataLabel,
  missingReferenceMessage,
  REQUEST_MESSAGES,
  type RoutePermission,
  VALIDATION_MESSAGES,
} from '@selvedge/shared';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AuthUser, currentUser } from './auth';
import type { ZodApp } from './context';
import type { Db, Tx } from './db';
import { masterDataHistory } from './db/schema';
import { AppError, badRequest, conflict, notFound } from './errors';
import { type LiveAudience, publishMasterDataSave } from './liveEvents';

type Q = Db | Tx;
export interface VersionedRecord {
  id: number;
  version: number;
}
type Lookup<Query> = { ids: number[] } | { query: Query };

/** How an entity's records are read and written. */
export interface CrudStore<R extends VersionedRecord, C, U, Query> {
  /** The table holding the record's `id` and `version`. */
  table: PgTable;
  idColumn: PgColumn;
  versionColumn: PgColumn;
  /** Records by id, or every record matching a search, in list order. */
  find(q: Q, lookup: Lookup<Query>, user: AuthUser): Promise<R[]>;
  /** Inserts the main row and its children; answers the new id. */
  insert(tx: Tx, body: C, user: AuthUser): Promise<number>;
  /** Writes the main row and its children (the version is already raised). */
  update(tx: Tx, id: number, body: U, before: R, user: AuthUser): Promise<void>;
}

/**
 * How the kit runs one entity. Its history entity and its name in messages ('Warehouse not found.')
 * come from the registry (MASTER_DATA of packages/shared), by the kind given to createCrud.
 */
export interface CrudConfig<R extends VersionedRecord, C, U, Query> {
  store: CrudStore<R, C, U, Query>;
  /**
   * Row-level access (ARCHITECTURE.md Who may do what: someone else's row answers 404); all rows
   * when absent.
   */
  canAccess?: (user: AuthUser, id: number) => boolean;
  /** Checks that need the database (references, cross-field rules); throw an AppError to refuse. */
  check?: (tx: Tx, body: C | U, user: AuthUser, before: R | null) => Promise<void>;
  /** After the write, in the same transaction (e.g. end a deactivated user's sessions). */
  afterWrite?: (tx: Tx, before: R | null, after: R, user: AuthUser) => Promise<void>;
  /** What the user's role sees of a record (fields left out, ARCHITECTURE.md Who may do what). */
  view?: (record: R, user: AuthUser) => R;
  /**
   * Who gets the live update of a write to record `id` (docs/live-updates.md); the administrators
   * when absent. Keep it in step with `canAccess`.
   */
  liveAudience?: (id: number) => LiveAudience;
}

export interface Crud<R extends VersionedRecord, C, U, Query> {
  search(user: AuthUser, query: Query): Promise<R[]>;
  get(user: AuthUser, id: number): Promise<R>;
  create(user: AuthUser, body: C): Promise<R>;
  update(user: AuthUser, id: number, body: U & { version: number }): Promise<R>;
  /**
   * Deletes record `id` (404 when missing or not the user's). A record others still refer to (a
   * foreign key restricts) answers 409 "in use" and stays; the deletion is in the history.
   */
  delete(user: AuthUser, id: number): Promise<void>;
  config: CrudConfig<R, C, U, Query>;
}

/** The crud configuration of a registry kind, typed by its shared schemas (records, parsed bodies). */
export type CrudConfigOf<K extends MasterDataKind> = CrudConfig<
  MasterDataRecord<K>,
  MasterDataCreate<K>,
  MasterDataUpdate<K>,
  MasterDataQuery<K>
>;
/** The crud service of a registry kind. */
export type CrudOf<K extends MasterDataKind> = Crud<
  MasterDataRecord<K>,
  MasterDataCreate<K>,
  MasterDataUpdate<K>,
  MasterDataQuery<K>
>;

// ---------------------------------------------------------------- history

/** Fields never listed as changes. */
const NOT_HISTORY = new Set(['id', 'version']);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ between two versions of a record (all set fields of a new one). */
export function diffRecords(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): { field: string; before: unknown; after: unknown }[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  const changes: { field: string; before: unknown; after: unknown }[] = [];
  for (const field of fields) {
    if (NOT_HISTORY.has(field)) continue;
    const b = before ? (before[field] ?? null) : null;
    const a = after[field] ?? null;
    if (!same(b, a)) changes.push({ field, before: b, after: a });
  }
  return changes;
}

/** Writes one history row (crud does this for every create and update; other changes call it too). */
export async function writeHistory(
  tx: Tx,
  entry: {
    entity: HistoryEntity;
    entityId: number;
    action: 'CREATE' | 'UPDATE' | 'DELETE';
    version: number;
    user: AuthUser;
    changes: { field: string; before: unknown; after: unknown }[];
  },
) {
  await tx.insert(masterDataHistory).values({
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    version: entry.version,
    userId: entry.user.id,
    userName: entry.user.name,
    changes: entry.changes,
  });
}

/** The history of one record, newest first. */
export async function readHistory(db: Q, entity: HistoryEntity, entityId: number): Promise<HistoryEntry[]> {
  const rows = await db
    .select()
    .from(masterDataHistory)
    .where(and(eq(masterDataHistory.entity, entity), eq(masterDataHistory.entityId, entityId)))
    .orderBy(desc(masterDataHistory.id));
  return rows.map((r) => ({
    id: r.id,
    entity: r.entity as HistoryEntity,
    entityId: r.entityId,
    action: r.action as 'CREATE' | 'UPDATE' | 'DELETE',
    version: r.version,
    userId: r.userId,
    userName: r.userName,
    changedAt: r.changedAt.toISOString(),
    changes: r.changes,
  }));
}

// ---------------------------------------------------------------- database errors

interface PgErrorLike {
  code?: string;
  constraint?: string;
  detail?: string;
}

/** The PostgreSQL error inside a driver or Drizzle error (PGlite and pg both carry `code`). */
export function pgError(err: unknown): PgErrorLike | null {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const c = e as PgErrorLike & { cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c;
    e = c.cause;
  }
  return null;
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** How the 409 of a unique index names the duplicate. */
interface UniqueName {
  /** The body field holding the name (its value, as saved — trimmed — goes in the message). */
  field: string;
  /** The message's subject when it is not the entity's own name ('Vendor number'). */
  label?: string;
  /** A fixed message (the spec's own text) instead of `<label> "<value>" already exists.`. */
  message?: string;
}

/**
 * Every unique name or code of master data (decision 0046): the index (migration 0013,
 * each on lower(btrim(column)), so names differing only by case or surrounding spaces are one name)
 * and how its 409 reads. One table for every entity: a unique violation on any of these indexes
 * answers `Customer "Roots" already exists.` with the entity's label (the registry's singular), on
 * PostgreSQL and PGlite alike (both report the index as the violated constraint).
 */
export const UNIQUE_NAMES: Readonly<Record<string, UniqueName>> = {
  warehouses_name_ci: { field: 'warehouseName' },
  production_regions_name_ci: { field: 'productionRegionName' },
  product_codes_code_ci: { field: 'productCode' },
  customers_name_ci: { field: 'companyName' },
  vendors_name_ci: { field: 'companyName' },
  vendors_vendor_number_unique: { field: 'vendorNumber', label: 'Vendor number' },
  vendor_shipping_addresses_vendor_option_ci: { field: 'optionName', message: MESSAGES.duplicateEntry },
  factories_short_code_ci: { field: 'shortCode', label: 'Factory short code' },
  users_email_ci: { field: 'email', label: 'A user with email' },
  product_subcodes_customer_subcode_ci: { field: 'productSubcode' },
  care_options_kind_name_ci: { field: 'name' },
  care_options_kind_code_ci: { field: 'code' },
  care_options_kind_type_display_name_ci: { field: 'displayName' },
};

/**
 * Turns constraint violations into 409 (duplicate) and 400 (missing reference); others pass through.
 * `label` names the entity in a duplicate's message (masterDataLabel of the crud's kind).
 */
function translateDbError(err: unknown, body: unknown, label: string): unknown {
  const pg = pgError(err);
  if (!pg) return err;
  if (pg.code === '23505') {
    const rule = pg.constraint ? UNIQUE_NAMES[pg.constraint] : undefined;
    if (rule?.message) return conflict(rule.message, rule.field);
    if (rule) {
      const value = (body as Record<string, unknown> | null)?.[rule.field];
      return conflict(
        MASTER_DATA_MESSAGES.duplicate(rule.label ?? label, String(value ?? '').trim()),
        rule.field,
      );
    }
    const key = /Key \((.+?)\)=\((.*)\)/.exec(pg.detail ?? '');
    return conflict(
      key ? MASTER_DATA_MESSAGES.duplicate(camel(key[1]!), key[2]!) : REQUEST_MESSAGES.duplicateEntry,
    );
  }
  // Safety net behind the schemas' limits: bad input is never a 500 (ARCHITECTURE.md Contract).
  if (pg.code === '22003') return badRequest(REQUEST_MESSAGES.numberOutOfRange);
  if (pg.code === '22001') return badRequest(REQUEST_MESSAGES.textTooLong);
  if (pg.code === '23503') {
    const key = /Key \((\w+)\)=\((\d+)\) is not present/.exec(pg.detail ?? '');
    if (!key) return badRequest(REQUEST_MESSAGES.missingReference);
    const field = camel(key[1]!.replace(/_id$/, ''));
    return badRequest(missingReferenceMessage(field, key[2]), field);
  }
  return err;
}

// ---------------------------------------------------------------- the service

/** The crud service of the registry's `kind`, run as `config` says (see CrudConfig). */
export function createCrud<R extends VersionedRecord, C, U, Query>(
  db: Db,
  kind: MasterDataKind,
  config: CrudConfig<R, C, U, Query>,
): Crud<R, C, U, Query> {
  const { store } = config;
  const entity: HistoryEntity = MASTER_DATA[kind].entity;
  const view = (r: R, user: AuthUser) => (config.view ? config.view(r, user) : r);
  const missing = () => notFound(MASTER_DATA_MESSAGES.notFound(masterDataLabel(kind)));

  async function loadOne(q: Q, id: number, user: AuthUser): Promise<R | null> {
    return (await store.find(q, { ids: [id] }, user))[0] ?? null;
  }

  async function guarded<T>(body: C | U, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw translateDbError(err, body, masterDataLabel(kind));
    }
  }

  return {
    config,
    async search(user, query) {
      const rows = await store.find(db, { query }, user);
      return rows.filter((r) => !config.canAccess || config.canAccess(user, r.id)).map((r) => view(r, user));
    },

    async get(user, id) {
      if (config.canAccess && !config.canAccess(user, id)) throw missing();
      const record = await loadOne(db, id, user);
      if (!record) throw missing();
      return view(record, user);
    },

    async create(user, body) {
      const created = await guarded(body, () =>
        db.transaction(async (tx) => {
          await config.check?.(tx, body, user, null);
          const id = await store.insert(tx, body, user);
          const after = await loadOne(tx, id, user);
          if (!after) throw new Error(`${entity} ${id} vanished after insert`);
          await config.afterWrite?.(tx, null, after, user);
          await writeHistory(tx, {
            entity,
            entityId: id,
            action: 'CREATE',
            version: after.version,
            user,
            changes: diffRecords(null, after as unknown as Record<string, unknown>),
          });
          // Live update (docs/decisions/0068): other admins' searches of this entity list the new record.
          await publishMasterDataSave(tx, user, kind, id, config.liveAudience?.(id));
          return after;
        }),
      );
      return view(created, user);
    },

    async update(user, id, body) {
      if (config.canAccess && !config.canAccess(user, id)) throw missing();
      const updated = await guarded(body, () =>
        db.transaction(async (tx) => {
          // Raise the version only if it is the one the edit started from: this locks the row, so a
          // concurrent save waits and then finds the version moved on (409).
          const raised = await tx
            .update(store.table)
            .set({ [keyOf(store.table, store.versionColumn)]: sql`${store.versionColumn} + 1` } as never)
            .where(and(eq(store.idColumn, id), eq(store.versionColumn, body.version)))
            .returning({ id: store.idColumn });
          if (raised.length === 0) {
            const exists = await tx
              .select({ id: store.idColumn })
              .from(store.table)
              .where(eq(store.idColumn, id));
            if (exists.length === 0) throw missing();
            throw conflict(MASTER_DATA_MESSAGES.staleVersion);
          }
          const before = await loadOne(tx, id, user);
          if (!before) throw missing();
          await config.check?.(tx, body, user, before);
          await store.update(tx, id, body, before, user);
          const after = await loadOne(tx, id, user);
          if (!after) throw missing();
          await config.afterWrite?.(tx, before, after, user);
          const changes = diffRecords(
            before as unknown as Record<string, unknown>,
            after as unknown as Record<string, unknown>,
          );
          // A save that changed nothing still takes a version (it was a save) but leaves no history row.
          if (changes.length > 0)
            await writeHistory(tx, {
              entity,
              entityId: id,
              action: 'UPDATE',
              version: after.version,
              user,
              changes,
            });
          // Live update (docs/decisions/0068): an admin with this record open learns of the save before its own 409.
          await publishMasterDataSave(tx, user, kind, id, config.liveAudience?.(id));
          return after;
        }),
      );
      return view(updated, user);
    },

    async delete(user, id) {
      if (config.canAccess && !config.canAccess(user, id)) throw missing();
      try {
        await db.transaction(async (tx) => {
          const before = await loadOne(tx, id, user);
          if (!before) throw missing();
          await tx.delete(store.table).where(eq(store.idColumn, id));
          await writeHistory(tx, {
            entity,
            entityId: id,
            action: 'DELETE',
            version: before.version,
            user,
            changes: diffRecords(before as unknown as Record<string, unknown>, {}),
          });
          await publishMasterDataSave(tx, user, kind, id, config.liveAudience?.(id));
        });
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (pgError(err)?.code === '23503') throw conflict(MASTER_DATA_MESSAGES.inUse(masterDataLabel(kind)));
        throw err;
      }
    },
  };
}

// ---------------------------------------------------------------- a store over one flat table

/** `%text%` for ILIKE, with the pattern characters of the text escaped. */
export const contains = (column: PgColumn, text: string) =>
  ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

/** All given conditions (undefined ones skipped). */
export const allOf = (...conds: (SQL | undefined)[]) => {
  const list = conds.filter((c): c is SQL => !!c);
  return list.length === 0 ? undefined : and(...list);
};

/**
 * A store for an entity whose record is its table's columns (warehouses, production regions,
 * product codes): `columns` maps each record field to its column (the body uses the same names),
 * `filters` maps each search field to the column it matches (contains, ignoring case).
 */
export function simpleStore<
  R extends VersionedRecord,
  C extends object,
  U extends object,
  Query extends object,
>(opts: {
  table: PgTable;
  id: PgColumn;
  version: PgColumn;
  columns: Record<Exclude<keyof R & string, 'id' | 'version'>, PgColumn>;
  filters: Record<keyof Query & string, PgColumn>;
  /** List order (the id breaks ties). */
  orderBy: PgColumn | PgColumn[];
  /**
   * For a table shared by several kinds (care_options): the rows of this kind. Finds see only them
   * (another kind's id is not found: 404), inserts set it.
   */
  scope?: { column: PgColumn; value: string };
}): CrudStore<R, C, U, Query> {
  const fields = Object.keys(opts.columns) as (keyof typeof opts.columns)[];
  const selection = {
    id: opts.id,
    version: opts.version,
    ...Object.fromEntries(fields.map((f) => [f, opts.columns[f]])),
  };
  /** The body's fields that are columns, keyed as the table declares them (Drizzle's insert/set keys). */
  const values = (body: object) =>
    Object.fromEntries(
      fields
        .filter((f) => f in body)
        .map((f) => [keyOf(opts.table, opts.columns[f] as PgColumn), (body as Record<string, unknown>)[f]]),
    );
  return {
    table: opts.table,
    idColumn: opts.id,
    versionColumn: opts.version,
    async find(q, lookup) {
      const scoped = opts.scope ? eq(opts.scope.column, opts.scope.value) : undefined;
      const where =
        'ids' in lookup
          ? allOf(inArray(opts.id, lookup.ids), scoped)
          : allOf(
              scoped,
              ...Object.entries(lookup.query).map(([k, v]) =>
                typeof v === 'string' && opts.filters[k as keyof Query & string]
                  ? contains(opts.filters[k as keyof Query & string], v)
                  : undefined,
              ),
            );
      const rows = await q
        .select(selection as never)
        .from(opts.table)
        .where(where)
        .orderBy(...[opts.orderBy].flat().map((c) => asc(c)), asc(opts.id));
      return rows as unknown as R[];
    },
    async insert(tx, body) {
      const rows = await tx
        .insert(opts.table)
        .values({
          ...values(body),
          ...(opts.scope ? { [keyOf(opts.table, opts.scope.column)]: opts.scope.value } : {}),
        } as never)
        .returning({ id: opts.id });
      return (rows as { id: number }[])[0]!.id;
    },
    async update(tx, id, body) {
      await tx
        .update(opts.table)
        .set(values(body) as never)
        .where(eq(opts.id, id));
    },
  };
}

/** The property key under which `table` declares `column` (what Drizzle's insert and set take). */
export function keyOf(table: PgTable, column: PgColumn): string {
  for (const [key, col] of Object.entries(getTableColumns(table))) if (col === column) return key;
  throw new Error(`column ${column.name} is not in the table`);
}

// ---------------------------------------------------------------- routes from the contract

/** An empty query parameter (`?customerId=`) means "no filter", as if it were absent. */
export async function dropEmptyQueryParams(req: FastifyRequest) {
  const q = req.query as Record<string, unknown> | undefined;
  if (!q) return;
  for (const key of Object.keys(q)) if (q[key] === '') delete q[key];
}

const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, VALIDATION_MESSAGES.idDigits('an id'))
    .transform(Number)
    .refine((v) => v >= 1 && v <= MAX_ID, VALIDATION_MESSAGES.idBetween('an id', MAX_ID)),
});

/**
 * Registers the crud routes of the registry's `kind` — search, get, create (201) and update, each
 * when the registry gives it a permission — with its shared schemas, answered by `crud`.
 */
export function registerCrudRoutes<K extends MasterDataKind>(
  app: ZodApp,
  kind: K,
  crud: CrudOf<K>,
  tag: string,
) {
  const paths: MasterDataEntity = MASTER_DATA[kind];
  const schemas: MasterDataSchemaSet = MASTER_DATA_SCHEMAS[kind];
  const label = masterDataLabel(kind).toLowerCase();
  const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
  // The route's schema has parsed the input into what the crud takes (the registry binds the two).
  const parsed = {
    query: (req: FastifyRequest) => req.query as MasterDataQuery<K>,
    create: (req: FastifyRequest) => req.body as MasterDataCreate<K>,
    update: (req: FastifyRequest) => req.body as MasterDataUpdate<K> & { version: number },
    id: (req: FastifyRequest) => (req.params as { id: number }).id,
  };
  const routes: Record<CrudCall, (permission: RoutePermission) => void> = {
    search: (permission) =>
      app.get(
        paths.search,
        {
          config: { permission },
          preValidation: dropEmptyQueryParams,
          schema: {
            tags: [tag],
            summary: `Search ${label} records (every match, no paging)`,
            querystring: schemas.query,
            response: { 200: schemas.list, ...errors },
          },
        },
        async (req) => ({ [paths.listKey]: await crud.search(currentUser(req), parsed.query(req)) }),
      ),
    get: (permission) =>
      app.get(
        paths.item,
        {
          config: { permission },
          schema: {
            tags: [tag],
            summary: `One record: ${label}`,
            params: idParam,
            response: { 200: schemas.record, ...errors, 404: errorResponse },
          },
        },
        async (req) => crud.get(currentUser(req), parsed.id(req)),
      ),
    create: (permission) =>
      app.post(
        paths.create,
        {
          config: { permission },
          schema: {
            tags: [tag],
            summary: `Create: ${label}; answers 201 with the record`,
            body: schemas.create,
            response: { 201: schemas.record, ...errors, 409: errorResponse },
          },
        },
        async (req, reply) => reply.code(201).send(await crud.create(currentUser(req), parsed.create(req))),
      ),
    update: (permission) =>
      app.put(
        paths.item,
        {
          config: { permission },
          schema: {
            tags: [tag],
            summary: `Update: ${label} (send the version you opened; 409 when it changed since)`,
            params: idParam,
            body: schemas.update,
            response: { 200: schemas.record, ...errors, 404: errorResponse, 409: errorResponse },
          },
        },
        async (req) => crud.update(currentUser(req), parsed.id(req), parsed.update(req)),
      ),
    delete: (permission) =>
      app.delete(
        paths.item,
        {
          config: { permission },
          schema: {
            tags: [tag],
            summary: `Delete: ${label}; answers 204 (409 while other records refer to it)`,
            params: idParam,
            response: { 204: z.null(), ...errors, 404: errorResponse, 409: errorResponse },
          },
        },
        async (req, reply) => {
          await crud.delete(currentUser(req), parsed.id(req));
          return reply.code(204).send(null);
        },
      ),
  };
  for (const call of CRUD_CALLS) {
    const permission = paths.access[call];
    if (permission) routes[call](permission);
  }
}
