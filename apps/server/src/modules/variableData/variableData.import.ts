/**
 * The import of one uploaded retailer data file (master-data §2 Variable data upload;
 * docs/decisions/0045), run by the `variableData.import` job:
 *
 * 1. counts the file's records (a quick pass over the bytes) so the screen can show rows done / total;
 * 2. streams the stored file through a fatal UTF-8 decoder (a file that is not UTF-8 is refused
 *    whole) into the customer's parser — Roots: each line checked whole, then csv-parse in batches of lines;
 *    Dunnes: a line at a time into FlatFileParser, whose trailer check ends it — and checks each row
 *    against the database (vendor number known, ticket type a subcode of the customer, item not
 *    already ordered), writing good rows to the staging table and refusals to theirs in batches of
 *    STAGE_BATCH, progress committed after each batch;
 * 3. refuses rows that repeat a size and colour of their item, then makes the rest visible in one
 *    short transaction (variableData.import.repository.ts `finish`).
 *
 * Memory stays flat whatever the file's size: one batch of rows at a time. A file refused whole
 * keeps nothing. A run that fails on a fault clears what it staged and leaves the upload 'queued' for
 * the job's next attempt. A run cut off (its process killed: it never got to clear up) leaves staged
 * rows and the upload 'processing'; the job's heartbeat stops, pg-boss gives the job to another
 * worker, and the next run clears them and starts over — the second run cut off ends the upload
 * refused instead (IMPORT_INTERRUPTED; docs/decisions/0055). Each run writes under its own number
 * (variableData.import.repository.ts), so a stalled run cannot mix its rows into the next one's.
 */
import { Transform } from 'node:stream';
import {
  BROKEN_QUOTES_REASON,
  barcodeFieldName,
  DATA_UPLOAD_REPORT_REFUSALS,
  type DataUploadRefusal,
  type DataUploadReport,
  FileRefusedError,
  FlatFileParser,
  gtinMatchesPrefix,
  IMPORT_GAVE_UP,
  IMPORT_INTERRUPTED,
  type RootsHeader,
  type RowRefusal,
  rootsHeader,
  rootsRecord,
  VARIABLE_DATA_IMPORT_MESSAGES,
  type VariableDataRow,
} from '@selvedge/shared';
import { parse as parseCsv } from 'csv-parse/sync';
import type { JobContext } from '../../platform/context';
import type { Db, Tx } from '../../platform/db';
import { publishUploadProgress } from '../../platform/liveEvents';
import type { FileStorage } from '../../platform/storage';
import {
  type ImportCounts,
  RunSuperseded,
  importRepository as repo,
  type StagedRow,
} from './variableData.import.repository';
import { queueUploadMail } from './variableData.mail';

/** Good rows (or refusals) written per statement; progress is committed after each batch. */
export const STAGE_BATCH = 5000;

/** What one run did: the report, or null when there was nothing to do (ended, no file, another run took over). */
export type ImportOutcome = { state: 'finished' | 'refused'; report: DataUploadReport } | null;

type Layout = 'FLAT_FILE' | 'DELIMITED_ROOTS';

/** Least time between two live progress events of one import run (docs/decisions/0068). */
export const PROGRESS_EVERY_MS = 500;

/** The run cut off that ends an upload refused (IMPORT_INTERRUPTED): the second. */
export const CUT_RUNS_REFUSED = 2;

/**
 * Imports upload `uploadId` (see the module comment) and queues the mail to the uploader in the
 * transaction that ends it. Answers the outcome (null: nothing to do, or another run took over);
 * throws only on faults (database or storage down, `signal` aborted), so the job is retried and
 * starts again from the stored file.
 */
export function importUpload(
  ctx: JobContext,
  uploadId: number,
  signal?: AbortSignal,
): Promise<ImportOutcome> {
  return runImport(
    {
      db: ctx.db,
      storage: ctx.storage,
      mail: (tx, upload, report) => queueUploadMail(tx, ctx, upload, report),
      signal,
    },
    uploadId,
  );
}

/** What a run needs: the database, the stored file, and what ends it in its last transaction. */
export interface ImportDeps extends Pick<JobContext, 'db' | 'storage'> {
  /** Queues the uploader's mail through `tx`; null sends none (the demo data's own uploads). */
  mail: ((tx: Tx, upload: UploadOfRun, report: DataUploadReport) => Promise<void>) | null;
  /** Aborted when the run's job is no longer this process's (pg-boss lost its heartbeat): it stops. */
  signal?: AbortSignal;
}
type UploadOfRun = { id: number; customerId: number; uploadedBy: number | null; fileName: string };

/** importUpload with its dependencies given (the demo seed runs it in its own transaction). */
export async function runImport(deps: ImportDeps, uploadId: number): Promise<ImportOutcome> {
  const { db, storage } = deps;
  const started = Date.now();
  const upload = await repo.upload(db, uploadId);
  if (!upload || upload.fileKey === null || upload.state === 'finished' || upload.state === 'refused') {
    return null;
  }
  const layout = upload.layout as Layout;
  const mail = async (tx: Tx, report: DataUploadReport) => {
    await deps.mail?.(tx, upload, report);
    await publishUploadProgress(tx, upload, {
      state: report.fileRefusal ? 'refused' : 'finished',
      rowsDone: report.rowsRead,
      rowsTotal: rowsTotal ?? report.rowsRead,
    });
  };
  // Live progress (docs/decisions/0068): at most one event per PROGRESS_EVERY_MS, in the batch's transaction.
  let rowsTotal: number | null = null;
  let lastProgress = 0;
  const progress = (rowsDone: number) => async (tx: Tx) => {
    if (Date.now() - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = Date.now();
    await publishUploadProgress(tx, upload, { state: 'processing', rowsDone, rowsTotal });
  };
  const key = upload.fileKey;

  // Still 'processing': the run before never ended, neither done nor failed — its process stopped.
  const begun = await repo.begin(db, uploadId, upload.state === 'processing');
  if (!begun) return null;
  const { run } = begun;

  let rowsRead = 0;
  let staged: StagedRow[] = [];
  let refusals: DataUploadRefusal[] = [];
  const flush = async () => {
    deps.signal?.throwIfAborted();
    await repo.batch(db, uploadId, run, { staged, refusals, rowsDone: rowsRead }, progress(rowsRead));
    staged = [];
    refusals = [];
  };

  const report = (counts: Partial<ImportCounts>, refused: { lines: number; first: DataUploadRefusal[] }) => ({
    rowsRead,
    itemsCreated: counts.itemsCreated ?? 0,
    itemsUpdated: counts.itemsUpdated ?? 0,
    rowsAdded: counts.rowsAdded ?? 0,
    rowsChanged: counts.rowsChanged ?? 0,
    rowsRemoved: counts.rowsRemoved ?? 0,
    rowsRefused: refused.lines,
    refusals: refused.first,
    fileRefusal: null,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  });

  try {
    if (begun.runsCut >= CUT_RUNS_REFUSED) {
      return await refuseWhole(
        db,
        storage,
        { id: uploadId, fileKey: key },
        run,
        IMPORT_INTERRUPTED,
        null,
        started,
        mail,
      );
    }
    rowsTotal = await countRecords((await storage.get(key)).stream, layout);
    await repo.counted(db, uploadId, run, rowsTotal, progress(0));
    // One after the other: `db` may be a transaction (the demo seed's), one connection.
    const vendors = await repo.vendorNumbers(db);
    const customer = await repo.subcodesOf(db, upload.customerId);
    const ordered = await repo.orderedKeys(db, upload.customerId);

    /** One record's outcome from the parser: checked against the database, then batched. */
    const take = async (result: { row: VariableDataRow } | { refusals: RowRefusal[] }) => {
      rowsRead++;
      if ('refusals' in result) refusals.push(...result.refusals);
      else {
        const { row } = result;
        const subcodeId = customer.subcodes.get(row.ticketType);
        if (!vendors.has(row.vendorNumber)) {
          refusals.push({
            line: row.line,
            field: 'vendor number',
            reason: VARIABLE_DATA_IMPORT_MESSAGES.unknownVendor(row.vendorNumber),
          });
        } else if (subcodeId === undefined) {
          refusals.push({
            line: row.line,
            field: 'ticket type',
            reason: VARIABLE_DATA_IMPORT_MESSAGES.notASubcode(row.ticketType, customer.name),
          });
        } else if (
          customer.rfid.has(subcodeId) &&
          (customer.prefix === null || !gtinMatchesPrefix(row.barcode, customer.prefix))
        ) {
          // Every piece of an RFID subcode's row gets an EPC of the row's barcode as GTIN
          // (docs/rfid.md): a barcode outside the customer's prefix could not be encoded at placing.
          refusals.push({
            line: row.line,
            field: barcodeFieldName(layout),
            reason: VARIABLE_DATA_IMPORT_MESSAGES.barcodeNotOfPrefix(row.ticketType, customer.prefix),
          });
        } else if (ordered.has(`${subcodeId}|${row.poNumber}|${row.styleNumber}`)) {
          refusals.push({
            line: row.line,
            field: 'PO number',
            reason: VARIABLE_DATA_IMPORT_MESSAGES.alreadyOrdered(row),
          });
        } else {
          staged.push({ ...row, productSubcodeId: subcodeId });
        }
      }
      if (staged.length >= STAGE_BATCH || refusals.length >= STAGE_BATCH) await flush();
    };

    try {
      const source = (await storage.get(key)).stream;
      if (layout === 'DELIMITED_ROOTS') await readRoots(source, take);
      else await readFlatFile(source, take);
      await flush();
    } catch (err) {
      if (!(err instanceof FileRefusedError)) throw err;
      return await refuseWhole(
        db,
        storage,
        { id: uploadId, fileKey: key },
        run,
        err.message,
        err.line,
        started,
        mail,
      );
    }

    await repo.refuseDuplicates(db, uploadId, run);
    let finalReport: DataUploadReport | undefined;
    await repo.finish(
      db,
      { id: uploadId, customerId: upload.customerId },
      run,
      async (tx, c) => {
        finalReport = report(c, await repo.refusals(tx, uploadId, DATA_UPLOAD_REPORT_REFUSALS));
        return finalReport;
      },
      mail,
    );
    await storage.delete(key).catch(() => undefined);
    return finalReport ? { state: 'finished', report: finalReport } : null;
  } catch (err) {
    // Another run owns the upload now, or it ended: this one has nothing more to do.
    if (err instanceof RunSuperseded) return null;
    // A fault: the job's next attempt starts over, and must not count this run as cut off.
    await repo.release(db, uploadId, run).catch(() => undefined);
    throw err;
  }
}

/**
 * Ends an upload refused whole: nothing of it kept, one refusal (`line`, field 'file', `reason`)
 * and a report saying so, the uploader's mail queued, the stored file deleted. By run `run`, or
 * (null) by no run: then nothing when the upload has ended meanwhile.
 */
async function refuseWhole(
  db: Db,
  storage: FileStorage,
  upload: { id: number; fileKey: string },
  run: number | null,
  reason: string,
  line: number | null,
  started: number,
  mail: (tx: Tx, report: DataUploadReport) => Promise<void>,
): Promise<ImportOutcome> {
  const refusal = { line, field: 'file', reason };
  const whole: DataUploadReport = {
    rowsRead: 0,
    itemsCreated: 0,
    itemsUpdated: 0,
    rowsAdded: 0,
    rowsChanged: 0,
    rowsRemoved: 0,
    rowsRefused: 0,
    refusals: [refusal],
    fileRefusal: reason,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  if (!(await repo.refuseWhole(db, upload.id, run, refusal, whole, mail))) return null;
  await storage.delete(upload.fileKey).catch(() => undefined);
  return { state: 'refused', report: whole };
}

/**
 * Ends upload `uploadId` as refused when its import's job has failed for good — its last attempt
 * failed on a fault (database or storage), or its worker was killed on it — so that it does not stay
 * 'processing' for ever; the uploader gets the refusal mail. Run by the job's dead letter
 * (variableData.jobs.ts). Nothing when the upload has already ended or has no stored file any more.
 */
export async function giveUpImport(ctx: JobContext, uploadId: number): Promise<void> {
  const upload = await repo.upload(ctx.db, uploadId);
  if (!upload || upload.fileKey === null || upload.state === 'finished' || upload.state === 'refused') return;
  await refuseWhole(
    ctx.db,
    ctx.storage,
    { id: uploadId, fileKey: upload.fileKey },
    null,
    IMPORT_GAVE_UP,
    null,
    Date.now(),
    (tx, report) => queueUploadMail(tx, ctx, upload, report),
  );
}

/**
 * Why a row of an item already ordered is refused (the final step says the same in SQL). The PO
 * number is written as it is: the refusal's field is 'PO number' already, and the retailers' PO
 * numbers often begin with 'PO' themselves ('PO PO-778120' read twice).
 */
/**
 * The records a file holds, counted on its bytes without decoding (for "rows done / total"):
 * Roots its lines but the header; Dunnes its lines that start with D.
 */
export async function countRecords(stream: AsyncIterable<Buffer>, layout: Layout): Promise<number> {
  let lines = 0;
  let dLines = 0;
  let atLineStart = true;
  let last = 0x0a;
  for await (const chunk of stream) {
    if (chunk.length === 0) continue;
    if (atLineStart && chunk[0] === 0x44) dLines++;
    let i = chunk.indexOf(0x0a);
    while (i !== -1) {
      lines++;
      if (i + 1 < chunk.length && chunk[i + 1] === 0x44) dLines++;
      i = chunk.indexOf(0x0a, i + 1);
    }
    last = chunk[chunk.length - 1] as number;
    atLineStart = last === 0x0a;
  }
  if (last !== 0x0a) lines++;
  return layout === 'FLAT_FILE' ? dLines : Math.max(0, lines - 1);
}

/**
 * Bytes → text, refusing the whole file at the first byte sequence that is not UTF-8 (with the line
 * it is on). A byte order mark is dropped.
 */
function utf8Text(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  const decode = (chunk?: Buffer) => {
    try {
      const text = chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) line++;
      return text;
    } catch {
      throw new FileRefusedError(VARIABLE_DATA_IMPORT_MESSAGES.notUtf8(line), line);
    }
  };
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      try {
        const text = decode(chunk);
        done(null, text === '' ? undefined : text);
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      try {
        const text = decode();
        done(null, text === '' ? undefined : text);
      } catch (err) {
        done(err as Error);
      }
    },
  });
}

type Take = (result: { row: VariableDataRow } | { refusals: RowRefusal[] }) => Promise<void>;

/**
 * A Roots file (CSV with a header row, docs/formats/roots-delimited.md) record by record, a record
 * being one line: the layout has no field that holds a line break. Each line is checked to be whole
 * CSV first (every quoted field closed on its line and followed by a comma or the line's end), and a
 * line that is not is refused alone, with its own line number: csv-parse, reading the file as one
 * stream, would take a quote left open (`"x"y`) as the start of a field running over the lines after
 * it, and those records would be lost without a refusal of their own. Lines are parsed in batches
 * (csv-parse's sync API, one parser per batch) for its speed on the import's 1,000,000-row files. A
 * file without a header row is refused whole.
 */
async function readRoots(source: NodeJS.ReadableStream, take: Take) {
  let header: RootsHeader | null = null;
  let batch: { line: number; text: string }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const lines = batch;
    batch = [];
    const skipped = new Map<number, string>();
    const records = parseCsv(lines.map((l) => l.text).join('\n'), {
      info: true,
      record_delimiter: '\n',
      relax_column_count: true,
      skip_empty_lines: false,
      skip_records_with_error: true,
      on_skip: (err) => {
        if (err) skipped.set(Number(err.lines), csvReason(err.message));
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
    const byLine = new Map(records.map((r) => [r.info.lines, r.record]));
    for (let i = 0; i < lines.length; i++) {
      const record = byLine.get(i + 1);
      if (record) await takeRootsRecord(record, lines[i].line);
      else {
        // Every line gives a record or a refusal: none is dropped without a word.
        const reason = skipped.get(i + 1) ?? csvReason('no record');
        await take({ refusals: [{ line: lines[i].line, field: 'record', reason }] });
      }
    }
  };
  const takeRootsRecord = async (record: string[], line: number) => {
    if (!header) {
      header = rootsHeader(record);
      return;
    }
    if (record.every((cell) => cell.trim() === '')) return;
    await take(rootsRecord(record, header, line));
  };

  const text = source.pipe(utf8Text());
  source.on('error', (err) => text.destroy(err));
  let n = 0;
  for await (const raw of lines(text)) {
    n++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') continue;
    if (line.includes('"') && !WHOLE_CSV_LINE.test(line)) {
      await flush();
      if (!header) throw new FileRefusedError(VARIABLE_DATA_IMPORT_MESSAGES.headerUnreadable, n);
      await take({ refusals: [{ line: n, field: 'record', reason: BROKEN_QUOTES_REASON }] });
      continue;
    }
    batch.push({ line: n, text: line });
    // The header first, alone: the records after it are read against it.
    if (!header || batch.length >= ROOTS_BATCH_LINES) await flush();
  }
  await flush();
  if (!header) throw new FileRefusedError(VARIABLE_DATA_IMPORT_MESSAGES.emptyFile, null);
}

/** Lines csv-parse reads at a time: one parser per batch costs ~nothing against the batch's rows. */
const ROOTS_BATCH_LINES = 1000;

/**
 * One line of whole CSV: fields separated by commas, each either unquoted (no quote in it) or
 * quoted, closed, and with its quotes doubled inside. Every alternative starts with a different
 * character, so the test is linear in the line's length.
 */
const WHOLE_CSV_LINE = /^(?:"(?:[^"]|"")*"|[^",]*)(?:,(?:"(?:[^"]|"")*"|[^",]*))*$/;

/** csv-parse's message without its own line counting (the refusal carries the line). */
const csvReason = (message: string) =>
  VARIABLE_DATA_IMPORT_MESSAGES.notCsv(
    message.replace(/ at line \d+/, '').replace(/\s*\(if activated\)/, ''),
  );

/**
 * A Dunnes flat file (docs/formats/dunnes-flat-file.md) a line at a time through FlatFileParser,
 * whose `end` checks the trailer.
 */
async function readFlatFile(source: NodeJS.ReadableStream, take: Take) {
  const parser = new FlatFileParser();
  let n = 0;
  const text = source.pipe(utf8Text());
  source.on('error', (err) => text.destroy(err));
  for await (const line of lines(text)) {
    n++;
    const result = parser.feed(line, n);
    if (result) await take(result);
  }
  parser.end();
}

/** The lines of a text stream, without their LF (a CR before it stays, for the parser to drop). */
async function* lines(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of chunks) {
    rest += chunk;
    let start = 0;
    for (let i = rest.indexOf('\n'); i !== -1; i = rest.indexOf('\n', start)) {
      yield rest.slice(start, i);
      start = i + 1;
    }
    rest = rest.slice(start);
  }
  if (rest !== '') yield rest;
}
