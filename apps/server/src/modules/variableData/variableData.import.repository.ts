/**
 * SQL of a retailer data file's import (docs/decisions/0045): what the rows are checked against,
 * the batches into the staging table and the refusals, progress, and the one short transaction that
 * makes the staged rows visible. Batches are one `insert … select from unnest(...)` each (one
 * statement per batch, never one per row), on PGlite and PostgreSQL alike.
 *
 * Every write of a run is fenced by its number (`data_uploads.runs`, docs/decisions/0055): it locks
 * the upload's row and goes through only while the upload is 'processing' under that number, else
 * throws RunSuperseded and writes nothing. A run whose job was given to another (its worker stalled
 * past the job's heartbeat) cannot mix its rows into the new run's.
 */
import type { DataUploadRefusal, DataUploadReport, TicketPrice, VariableDataRow } from '@selvedge/shared';
import { VARIABLE_DATA_PRODUCT_GROUP } from '@selvedge/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { dataUploadRefusals, dataUploads, variableDataStaging } from '../../platform/db/schema';

type Q = Db | Tx;

/** A run's write refused: the upload ended, or another run took it over (docs/decisions/0055). */
export class RunSuperseded extends Error {
  constructor(uploadId: number, run: number) {
    super(`import run ${run} of upload ${uploadId} no longer owns it`);
  }
}

/**
 * Locks the upload's row for the rest of `tx` and checks that run `run` still owns it (state
 * 'processing' under that number); throws RunSuperseded otherwise.
 */
async function ownRun(tx: Tx, id: number, run: number) {
  const [row] = await tx
    .select({ state: dataUploads.state, runs: dataUploads.runs })
    .from(dataUploads)
    .where(eq(dataUploads.id, id))
    .for('update');
  if (row?.state !== 'processing' || row.runs !== run) throw new RunSuperseded(id, run);
}

/** Empties what a run staged and refused. */
async function clearRun(tx: Tx, id: number) {
  await tx.delete(variableDataStaging).where(eq(variableDataStaging.dataUploadId, id));
  await tx.delete(dataUploadRefusals).where(eq(dataUploadRefusals.dataUploadId, id));
}

/** A good row, its ticket type resolved to the customer's subcode. */
export interface StagedRow extends VariableDataRow {
  productSubcodeId: number;
}

/** The counts of the final step (the rest of the report is the reader's). */
export type ImportCounts = Pick<
  DataUploadReport,
  'itemsCreated' | 'itemsUpdated' | 'rowsAdded' | 'rowsChanged' | 'rowsRemoved'
> & { rowsRefusedOrdered: number; rowsRefusedDuplicate: number };

/** Digits without leading zeros, as `checkRow` gives vendor numbers. */
export const vendorKey = (n: string) => n.replace(/^0+(?=\d)/, '');

const text = (values: string[]) => sql`${sql.param(values)}::text[]`;
const ints = (values: number[]) => sql`${sql.param(values)}::int[]`;

export const importRepository = {
  /** The upload to process, or undefined. */
  async upload(db: Q, id: number) {
    const [row] = await db
      .select({
        id: dataUploads.id,
        customerId: dataUploads.customerId,
        uploadedBy: dataUploads.uploadedBy,
        layout: dataUploads.layout,
        fileKey: dataUploads.fileKey,
        fileName: dataUploads.fileName,
        state: dataUploads.state,
      })
      .from(dataUploads)
      .where(eq(dataUploads.id, id));
    return row;
  },

  /** Every vendor number (digits without leading zeros). */
  async vendorNumbers(db: Q): Promise<Set<string>> {
    const r = await db.execute(sql`select vendor_number as n from vendors where vendor_number is not null`);
    return new Set((r.rows as { n: string }[]).map((x) => vendorKey(x.n)));
  },

  /**
   * The customer's subcodes by name (a row's ticket type), the customer's name and GS1 Company
   * Prefix (null without one), and which of its subcodes are RFID (docs/rfid.md): their rows'
   * barcodes must be GTINs of that prefix.
   */
  async subcodesOf(
    db: Q,
    customerId: number,
  ): Promise<{ name: string; prefix: string | null; subcodes: Map<string, number>; rfid: Set<number> }> {
    const r = await db.execute(sql`select c.company_name as customer, c.gs1_company_prefix as prefix,
        ps.id, ps.product_subcode as subcode, ps.rfid
      from customers c left join product_subcodes ps on ps.customer_id = c.id where c.id = ${customerId}`);
    const rows = r.rows as {
      customer: string;
      prefix: string | null;
      id: number | null;
      subcode: string | null;
      rfid: boolean | null;
    }[];
    const subcodes = new Map<string, number>();
    const rfid = new Set<number>();
    for (const x of rows) {
      if (x.id === null || x.subcode === null) continue;
      subcodes.set(x.subcode, x.id);
      if (x.rfid) rfid.add(x.id);
    }
    return { name: rows[0]?.customer ?? '', prefix: rows[0]?.prefix ?? null, subcodes, rfid };
  },

  /**
   * The keys (`subcodeId|PO|style`) of the customer's VARIABLE_DATA items already ordered (on any
   * order line, carts included): their rows are kept, and a file's rows for them are refused.
   */
  async orderedKeys(db: Q, customerId: number): Promise<Set<string>> {
    const r =
      await db.execute(sql`select pi.product_subcode_id || '|' || pi.po_number || '|' || pi.style_number as k
      from product_items pi join product_subcodes ps on ps.id = pi.product_subcode_id
      where ps.customer_id = ${customerId} and pi.product_type = 'VARIABLE_DATA'
        and exists (select from order_item_sizes ois where ois.product_item_id = pi.id)`);
    return new Set((r.rows as { k: string }[]).map((x) => x.k));
  },

  /**
   * Starts a run of an upload not ended yet: clears what an earlier run staged or refused, marks it
   * 'processing' under the next run number and, when `cut`, counts the earlier run as cut off.
   * Answers the run's number and the runs cut off so far, or null when the upload has ended meanwhile.
   */
  async begin(db: Db, id: number, cut: boolean): Promise<{ run: number; runsCut: number } | null> {
    return db.transaction(async (tx) => {
      const [started] = await tx
        .update(dataUploads)
        .set({
          state: 'processing',
          rowsDone: 0,
          rowsTotal: null,
          startedAt: sql`now()`,
          report: null,
          runs: sql`${dataUploads.runs} + 1`,
          runsCut: sql`${dataUploads.runsCut} + ${sql.raw(cut ? '1' : '0')}`,
        })
        .where(and(eq(dataUploads.id, id), inArray(dataUploads.state, ['queued', 'processing'])))
        .returning({ run: dataUploads.runs, runsCut: dataUploads.runsCut });
      if (!started) return null;
      await clearRun(tx, id);
      return started;
    });
  },

  /** Run `run` has counted the file's records (rows done / total on the screen). */
  async counted(db: Db, id: number, run: number, rowsTotal: number, after?: (tx: Tx) => Promise<unknown>) {
    await db.transaction(async (tx) => {
      await ownRun(tx, id, run);
      await tx.update(dataUploads).set({ rowsTotal }).where(eq(dataUploads.id, id));
      await after?.(tx);
    });
  },

  /**
   * One batch of run `run`, committed together: the good rows into the staging table, the refused
   * ones, and the rows read so far (the screen reads it while the import runs).
   */
  async batch(
    db: Db,
    id: number,
    run: number,
    batch: { staged: StagedRow[]; refusals: DataUploadRefusal[]; rowsDone: number },
    /** Runs last in the transaction (the live progress event). */
    after?: (tx: Tx) => Promise<unknown>,
  ) {
    await db.transaction(async (tx) => {
      await ownRun(tx, id, run);
      await importRepository.stage(tx, id, batch.staged);
      await importRepository.refuse(tx, id, batch.refusals);
      await tx.update(dataUploads).set({ rowsDone: batch.rowsDone }).where(eq(dataUploads.id, id));
      await after?.(tx);
    });
  },

  /**
   * Run `run` failed on a fault (database, storage): what it staged and refused is cleared and the
   * upload waits for the job's next attempt ('queued'), so that attempt does not take it for cut off.
   */
  async release(db: Db, id: number, run: number) {
    await db.transaction(async (tx) => {
      await ownRun(tx, id, run);
      await clearRun(tx, id);
      await tx
        .update(dataUploads)
        .set({ state: 'queued', rowsDone: 0, rowsTotal: null })
        .where(eq(dataUploads.id, id));
    });
  },

  /** Writes one batch of good rows into the staging table: one statement. */
  async stage(db: Q, uploadId: number, rows: StagedRow[]) {
    if (rows.length === 0) return;
    const col = <T>(f: (r: StagedRow) => T) => rows.map(f);
    const prices = (p: TicketPrice[]) => JSON.stringify(p);
    await db.execute(sql`insert into variable_data_staging (data_upload_id, product_subcode_id, line,
        vendor_number, po_number, po_date, style_number, ticket_type, description, size, colour, barcode,
        prices, quantity)
      select ${uploadId}, u.subcode, u.line, u.vendor, u.po, u.po_date::date, u.style, u.ticket, u.descr,
        u.size, u.colour, u.barcode, u.prices::jsonb, u.quantity
      from unnest(${ints(col((r) => r.productSubcodeId))}, ${ints(col((r) => r.line))},
        ${text(col((r) => r.vendorNumber))}, ${text(col((r) => r.poNumber))},
        ${sql`${sql.param(col((r) => r.poDate))}::text[]`}, ${text(col((r) => r.styleNumber))},
        ${text(col((r) => r.ticketType))}, ${text(col((r) => r.description))}, ${text(col((r) => r.size))},
        ${text(col((r) => r.colour))}, ${text(col((r) => r.barcode))}, ${text(col((r) => prices(r.prices)))},
        ${ints(col((r) => r.quantity))})
        as u(subcode, line, vendor, po, po_date, style, ticket, descr, size, colour, barcode, prices, quantity)`);
  },

  /** Writes refusals: one statement. */
  async refuse(db: Q, uploadId: number, refusals: DataUploadRefusal[]) {
    if (refusals.length === 0) return;
    await db.execute(sql`insert into data_upload_refusals (data_upload_id, line, field, reason)
      select ${uploadId}, u.line, u.field, u.reason
      from unnest(${sql`${sql.param(refusals.map((r) => r.line))}::int[]`}, ${text(refusals.map((r) => r.field))},
        ${text(refusals.map((r) => r.reason))}) as u(line, field, reason)`);
  },

  /**
   * A staged row whose (item, size, colour) came earlier in the file is refused with the earlier
   * line; it leaves the staging table. Answers how many. (Staging belongs to this upload alone, so
   * this runs before the final transaction.)
   */
  async refuseDuplicates(db: Db, uploadId: number, run: number): Promise<number> {
    return db.transaction(async (tx) => {
      await ownRun(tx, uploadId, run);
      const r = await tx.execute(sql`with ranked as (
          select line, size, colour, po_number, style_number, ticket_type,
            min(line) over (partition by product_subcode_id, po_number, style_number, size, colour) as first
          from variable_data_staging where data_upload_id = ${uploadId}),
        dup as (select * from ranked where line <> first),
        refused as (insert into data_upload_refusals (data_upload_id, line, field, reason)
          select ${uploadId}, line, 'size',
            'size ' || size || case when colour = '' then '' else ' colour ' || colour end
            || ' of PO number ' || po_number || ' style ' || style_number || ' (' || ticket_type || ') is on line '
            || first || ' already'
          from dup returning line)
        delete from variable_data_staging s using refused
        where s.data_upload_id = ${uploadId} and s.line = refused.line returning s.line`);
      return r.rows.length;
    });
  },

  /**
   * The final step, one transaction: refuses staged rows of items ordered since the reading began,
   * creates the missing items (one per customer subcode, PO, style), counts the difference with the
   * rows there were (added / changed / removed by size and colour), replaces the rows of every item
   * the file names, empties the staging table and marks the upload finished with `report`.
   * Imports of one customer run one at a time here (an advisory lock), so two files naming the same
   * PO and style cannot both create its item. Answers the counts; throws RunSuperseded when run
   * `run` no longer owns the upload.
   */
  async finish(
    db: Db,
    upload: { id: number; customerId: number },
    run: number,
    report: (tx: Tx, counts: ImportCounts) => Promise<DataUploadReport>,
    /** Runs last in the transaction (the mail to the uploader is queued there). */
    ended: (tx: Tx, report: DataUploadReport) => Promise<void>,
  ): Promise<ImportCounts> {
    const u = upload.id;
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(26, ${upload.customerId})`);
      await ownRun(tx, u, run);

      const ordered = await tx.execute(sql`with o as (
          select s.line, s.po_number, s.style_number, s.ticket_type from variable_data_staging s
          join product_items pi on pi.product_type = 'VARIABLE_DATA' and pi.product_subcode_id = s.product_subcode_id
            and pi.po_number = s.po_number and pi.style_number = s.style_number
          where s.data_upload_id = ${u}
            and exists (select from order_item_sizes ois where ois.product_item_id = pi.id)),
        refused as (insert into data_upload_refusals (data_upload_id, line, field, reason)
          select ${u}, line, 'PO number', ${ORDERED_REASON_SQL} from o returning line)
        delete from variable_data_staging s using refused
        where s.data_upload_id = ${u} and s.line = refused.line returning s.line`);

      const created = await tx.execute(sql`insert into product_items (product_subcode_id, product_type,
          product_size, product_group_id, vendor_number, po_number, style_number)
        select distinct on (s.product_subcode_id, s.po_number, s.style_number)
          s.product_subcode_id, 'VARIABLE_DATA', '',
          (select id from product_groups where value = ${VARIABLE_DATA_PRODUCT_GROUP}),
          s.vendor_number, s.po_number, s.style_number
        from variable_data_staging s where s.data_upload_id = ${u}
        order by s.product_subcode_id, s.po_number, s.style_number, s.line
        on conflict (product_subcode_id, po_number, style_number) where product_type = 'VARIABLE_DATA'
        do nothing returning id`);
      const createdIds = (created.rows as { id: number }[]).map((r) => r.id);

      const diff = await tx.execute(sql`with items as (
          select distinct pi.id from variable_data_staging s
          join product_items pi on pi.product_type = 'VARIABLE_DATA' and pi.product_subcode_id = s.product_subcode_id
            and pi.po_number = s.po_number and pi.style_number = s.style_number
          where s.data_upload_id = ${u}),
        new as (
          select pi.id as item, s.size, s.colour, s.vendor_number, s.description, s.barcode, s.prices, s.quantity
          from variable_data_staging s
          join product_items pi on pi.product_type = 'VARIABLE_DATA' and pi.product_subcode_id = s.product_subcode_id
            and pi.po_number = s.po_number and pi.style_number = s.style_number
          where s.data_upload_id = ${u}),
        old as (
          select r.product_item_id as item, r.size, r.colour, r.vendor_number, r.description, r.barcode,
            r.prices, r.quantity
          from variable_data_rows r where r.product_item_id in (select id from items)),
        matched as (
          select n.item, (n.vendor_number, n.description, n.barcode, n.prices, n.quantity)
              is distinct from (o.vendor_number, o.description, o.barcode, o.prices, o.quantity) as changed
          from new n join old o on o.item = n.item and o.size = n.size and o.colour = n.colour)
        select
          (select count(*)::int from new) - (select count(*)::int from matched) as added,
          (select count(*)::int from matched where changed) as changed,
          (select count(*)::int from old) - (select count(*)::int from matched) as removed,
          (select count(*)::int from items where id <> all(${ints(createdIds)})) as updated,
          (select coalesce(array_agg(id), '{}') from items) as ids`);
      const d = diff.rows[0] as {
        added: number;
        changed: number;
        removed: number;
        updated: number;
        ids: number[];
      };

      await tx.execute(sql`delete from variable_data_rows where product_item_id = any(${ints(d.ids)})`);
      await tx.execute(sql`insert into variable_data_rows (product_item_id, data_upload_id, line, vendor_number,
          description, size, colour, barcode, prices, quantity)
        select pi.id, ${u}, s.line, s.vendor_number, s.description, s.size, s.colour, s.barcode, s.prices, s.quantity
        from variable_data_staging s
        join product_items pi on pi.product_type = 'VARIABLE_DATA' and pi.product_subcode_id = s.product_subcode_id
          and pi.po_number = s.po_number and pi.style_number = s.style_number
        where s.data_upload_id = ${u}
        order by s.line`);
      // The item shows the vendor of its first row (a PO is one vendor's).
      await tx.execute(sql`update product_items pi set vendor_number = f.vendor_number, version = pi.version + 1
        from (select distinct on (product_item_id) product_item_id, vendor_number from variable_data_rows
          where product_item_id = any(${ints(d.ids)}) order by product_item_id, line) f
        where pi.id = f.product_item_id and pi.vendor_number is distinct from f.vendor_number`);
      await tx.delete(variableDataStaging).where(eq(variableDataStaging.dataUploadId, u));

      const counts: ImportCounts = {
        itemsCreated: createdIds.length,
        itemsUpdated: d.updated,
        rowsAdded: d.added,
        rowsChanged: d.changed,
        rowsRemoved: d.removed,
        rowsRefusedOrdered: ordered.rows.length,
        rowsRefusedDuplicate: 0,
      };
      const done = await report(tx, counts);
      await tx
        .update(dataUploads)
        .set({ state: 'finished', report: done, finishedAt: sql`now()`, fileKey: null })
        .where(eq(dataUploads.id, u));
      await ended(tx, done);
      return counts;
    });
  },

  /**
   * Marks the upload refused whole: nothing of it kept, one refusal saying why. `run`: by that run
   * (RunSuperseded when it no longer owns the upload); null: whatever run it is in, if it has not
   * ended (answers false when it has).
   */
  async refuseWhole(
    db: Db,
    id: number,
    run: number | null,
    refusal: DataUploadRefusal,
    report: DataUploadReport,
    ended: (tx: Tx, report: DataUploadReport) => Promise<void>,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (run !== null) await ownRun(tx, id, run);
      else {
        const [row] = await tx
          .select({ state: dataUploads.state })
          .from(dataUploads)
          .where(eq(dataUploads.id, id))
          .for('update');
        if (row?.state !== 'queued' && row?.state !== 'processing') return false;
      }
      await clearRun(tx, id);
      await tx.insert(dataUploadRefusals).values({ dataUploadId: id, ...refusal });
      await tx
        .update(dataUploads)
        .set({ state: 'refused', report, finishedAt: sql`now()`, fileKey: null })
        .where(eq(dataUploads.id, id));
      await ended(tx, report);
      return true;
    });
  },

  /** Rows refused and the first `limit` refusals, in line order. */
  async refusals(db: Q, id: number, limit: number): Promise<{ lines: number; first: DataUploadRefusal[] }> {
    const [count, first] = await Promise.all([
      db.execute(
        sql`select count(distinct line)::int as n from data_upload_refusals where data_upload_id = ${id}`,
      ),
      db
        .select({
          line: dataUploadRefusals.line,
          field: dataUploadRefusals.field,
          reason: dataUploadRefusals.reason,
        })
        .from(dataUploadRefusals)
        .where(eq(dataUploadRefusals.dataUploadId, id))
        .orderBy(dataUploadRefusals.line, dataUploadRefusals.id)
        .limit(limit),
    ]);
    return { lines: (count.rows[0] as { n: number }).n, first };
  },
};

/** Why a row of an ordered item is refused (SQL text over the staged row `o`). */
const ORDERED_REASON_SQL = sql.raw(
  `po_number || ' style ' || style_number || ' (' || ticket_type || ') is already ordered: its rows are kept'`,
);
