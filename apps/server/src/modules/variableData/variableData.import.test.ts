/**
 * The import of retailer data files (master-data §2 Variable data upload; docs/decisions/0045) on a real
 * database (PGlite, and PostgreSQL with TEST_DATABASE_URL): the sample files of docs/formats with the
 * refusals docs/formats/README.md lists, the re-upload diff, rows of ordered items kept, files refused
 * whole keeping nothing, a run failing or cut off in the middle leaving nothing visible, the next run
 * going on, the second cut off refusing the file, and a stalled run unable to write once another has
 * taken over (docs/decisions/0055). test/import-kill.test.ts kills a real worker mid-import.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  BROKEN_QUOTES_REASON,
  DATA_UPLOAD_REPORT_REFUSALS,
  type DataUpload,
  IMPORT_GAVE_UP,
  IMPORT_INTERRUPTED,
  VARIABLE_DATA_IMPORT_MESSAGES,
  withCheckDigit,
} from '@selvedge/shared';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext } from '../../platform/context';
import * as s from '../../platform/db/schema';
import { buildDataUpload, buildOrder, demoParties, idOfUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { countRecords, importUpload } from './variableData.import';
import { importRepository } from './variableData.import.repository';
import { registerVariableDataJobs } from './variableData.jobs';

let t: TestApp;
let parties: Awaited<ReturnType<typeof demoParties>>;
let token: string;
const FORMATS = join(__dirname, '../../../../../docs/formats');
const ROOTS_SAMPLE = readFileSync(join(FORMATS, 'roots-sample.csv'));
const DUNNES_SAMPLE = readFileSync(join(FORMATS, 'dunnes-sample.txt'));
const ROOTS_HEADER =
  'VENDOR_NUMBER,PO_NUMBER,STYLE_NUMBER,TICKET_TYPE,DESCRIPTION,COLOUR,SIZE,UPC,PRICE_CAD,PRICE_USD,QUANTITY';

beforeAll(async () => {
  t = await createTestApp();
  parties = await demoParties(t.db);
  token = await t.tokenFor('ACCOUNT');
  // The demo data holds both sample files imported already (seed/variableData.ts): these tests
  // import them anew into a database without retailer data.
  for (const table of ['variable_data_rows', 'data_upload_refusals', 'data_uploads'])
    await t.db.execute(sql`delete from ${sql.identifier(table)}`);
  await t.db.execute(sql`delete from product_items where product_type = 'VARIABLE_DATA'`);
});
afterAll(async () => {
  await t?.close();
});

/** Uploads a file for a customer through the endpoint; answers the queued upload's id. */
async function send(customerId: number, name: string, body: Buffer | string): Promise<number> {
  const f = new FormData();
  f.append('customerId', String(customerId));
  f.append('file', new Blob([new Uint8Array(Buffer.from(body))], { type: 'text/plain' }), name);
  const res = new Response(f);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/v1.0/configuration/upload-variable-data',
    headers: { ...t.auth(token), 'content-type': res.headers.get('content-type')! },
    payload: Buffer.from(await res.arrayBuffer()),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().upload.id;
}

/** Uploads and waits until its import has run; answers the upload as the screen lists it. */
async function uploadAndWait(customerId: number, name: string, body: Buffer | string): Promise<DataUpload> {
  const id = await send(customerId, name, body);
  await t.jobs.idle(['variableData.import'], 60_000);
  const res = await t.app.inject({
    url: '/api/v1.0/configuration/variable-data-uploads',
    headers: t.auth(token),
  });
  const upload = (res.json().uploads as DataUpload[]).find((u) => u.id === id);
  if (!upload) throw new Error(`upload ${id} not listed`);
  return upload;
}

async function refusalsOf(id: number) {
  const rows = await t.db
    .select({
      line: s.dataUploadRefusals.line,
      field: s.dataUploadRefusals.field,
      reason: s.dataUploadRefusals.reason,
    })
    .from(s.dataUploadRefusals)
    .where(eq(s.dataUploadRefusals.dataUploadId, id))
    .orderBy(s.dataUploadRefusals.line, s.dataUploadRefusals.id);
  return rows.map((r) => `${r.line} ${r.field}: ${r.reason}`);
}

/** The rows of the VARIABLE_DATA item of (PO, style), by line: 'size colour quantity barcode prices'. */
async function rowsOf(poNumber: string, styleNumber: string) {
  const r = await t.db.execute(sql`select r.size, r.colour, r.quantity, r.barcode, r.prices, r.vendor_number
    from variable_data_rows r join product_items pi on pi.id = r.product_item_id
    where pi.po_number = ${poNumber} and pi.style_number = ${styleNumber} and pi.product_type = 'VARIABLE_DATA'
    order by r.line`);
  return (
    r.rows as {
      size: string;
      colour: string;
      quantity: number;
      barcode: string;
      prices: { currency: string; amount: string }[];
    }[]
  ).map(
    (x) =>
      `${x.size} ${x.colour} ${x.quantity} ${x.barcode} ${x.prices.map((p) => `${p.currency}${p.amount}`).join('/')}`,
  );
}

const stagingOf = (id: number) =>
  t.db.$count(s.variableDataStaging, eq(s.variableDataStaging.dataUploadId, id));

describe('importing the sample files', () => {
  it('imports the Roots sample: every good row, the refusals docs/formats/README.md lists', async () => {
    const upload = await uploadAndWait(parties.rootsId, 'roots-sample.csv', ROOTS_SAMPLE);
    expect(upload.state).toBe('finished');
    expect(await refusalsOf(upload.id)).toEqual([
      '5 UPC-A barcode: has a wrong GS1 check digit',
      '12 quantity: must be a whole number over 0',
      '20 size: is required',
      '33 price CAD: must be an amount like 49.99 (at most 2 decimals, not negative)',
      '41 ticket type: RT-XX-999 is not a product subcode of Roots',
      '57 vendor number: 9999999 is not a known vendor',
      '64 PO_NUMBER: is missing: the record has too few fields',
    ]);
    const stored = await t.db.$count(s.variableDataRows, eq(s.variableDataRows.dataUploadId, upload.id));
    expect(stored).toBe(390 - 7);
    expect(upload.rowsDone).toBe(390);
    expect(upload.rowsTotal).toBe(390);
    const items = await t.db.execute(sql`select count(*)::int as n from product_items pi
      join product_subcodes ps on ps.id = pi.product_subcode_id
      where pi.product_type = 'VARIABLE_DATA' and ps.customer_id = ${parties.rootsId}`);
    const itemCount = (items.rows[0] as { n: number }).n;
    expect(itemCount).toBeGreaterThan(20);
    expect(upload.report).toMatchObject({
      rowsRead: 390,
      itemsCreated: itemCount,
      itemsUpdated: 0,
      rowsAdded: 383,
      rowsChanged: 0,
      rowsRemoved: 0,
      rowsRefused: 7,
      fileRefusal: null,
    });
    expect(upload.report?.refusals).toHaveLength(7);
    // The first data line of the file, as the format page reads it.
    expect((await rowsOf('PO-778120', '62040000'))[0]).toBe('XS NVY 336 062040000006 CAD117.99/USD94.00');
    const [item] = await t.db
      .select()
      .from(s.productItems)
      .where(and(eq(s.productItems.poNumber, 'PO-778120'), eq(s.productItems.styleNumber, '62040000')));
    expect(item).toMatchObject({ productType: 'VARIABLE_DATA', vendorNumber: '4410023', active: true });
    expect(await stagingOf(upload.id)).toBe(0);
    // The file is removed once imported (its rows are the data now).
    const [row] = await t.db.select().from(s.dataUploads).where(eq(s.dataUploads.id, upload.id));
    expect(row?.fileKey).toBeNull();
  });

  it('refuses a Roots line whose quotes are broken alone, by its own line, and imports the lines after it', async () => {
    const row = (po: string, style: string) =>
      `4410023,${po},${style},RT-PT-401,Quote Tee,WHT,S,${withCheckDigit(`062040${style.slice(-5)}`)},10.00,8.00,5`;
    const text = [
      ROOTS_HEADER,
      row('PO-QUOTE', '79000001'),
      row('"PO-QUOTE"x', '79000002'), // a character after the closing quote
      row('PO-QUOTE', '79000003'),
      row('"PO-QUOTE', '79000004'), // a quote never closed
      row('PO-QUOTE', '79000005'),
      row('"PO-QUOTE"', '79000006'), // quoted as CSV allows
      '',
    ].join('\r\n');
    const upload = await uploadAndWait(parties.rootsId, 'quotes.csv', text);
    expect(upload.state).toBe('finished');
    expect(await refusalsOf(upload.id)).toEqual([
      `3 record: ${BROKEN_QUOTES_REASON}`,
      `5 record: ${BROKEN_QUOTES_REASON}`,
    ]);
    expect(upload.report).toMatchObject({ rowsRead: 6, rowsAdded: 4, rowsRefused: 2 });
    for (const style of ['79000001', '79000003', '79000005', '79000006'])
      expect(await rowsOf('PO-QUOTE', style)).toHaveLength(1);
  });

  it("refuses a row of an RFID subcode whose barcode is not a GTIN of the customer's prefix, naming its line and field", async () => {
    const row = (style: string, upc: string) =>
      `4410023,PO-RFID-UPC,${style},RT-PT-401,Tag Tee,WHT,S,${upc},10.00,8.00,5`;
    const text = [
      ROOTS_HEADER,
      row('79100001', withCheckDigit('06204000901')), // Roots' prefix 0062040
      row('79100002', withCheckDigit('07700000901')), // another company's UPC
      '',
    ].join('\r\n');
    const upload = await uploadAndWait(parties.rootsId, 'rfid-upc.csv', text);
    expect(upload.state).toBe('finished');
    expect(await refusalsOf(upload.id)).toEqual([
      `3 UPC-A barcode: ${VARIABLE_DATA_IMPORT_MESSAGES.barcodeNotOfPrefix('RT-PT-401', '0062040')}`,
    ]);
    expect(upload.report).toMatchObject({ rowsRead: 2, rowsAdded: 1, rowsRefused: 1 });
    expect(await rowsOf('PO-RFID-UPC', '79100001')).toHaveLength(1);
    expect(await rowsOf('PO-RFID-UPC', '79100002')).toHaveLength(0);
  });

  it('imports the Dunnes sample: every good D record, the refusals docs/formats/README.md lists', async () => {
    const upload = await uploadAndWait(parties.dunnesId, 'dunnes-sample.txt', DUNNES_SAMPLE);
    expect(upload.state).toBe('finished');
    expect(await refusalsOf(upload.id)).toEqual([
      '4 EAN-13 barcode: has a wrong GS1 check digit',
      '9 quantity: must be a whole number over 0',
      '15 D record: must be 118 characters, not 111',
      '27 ticket type: DS-XX-999 is not a product subcode of Dunnes Stores',
    ]);
    expect(await t.db.$count(s.variableDataRows, eq(s.variableDataRows.dataUploadId, upload.id))).toBe(176);
    expect(upload.report).toMatchObject({ rowsRead: 180, rowsAdded: 176, rowsRefused: 4 });
    expect(upload.rowsTotal).toBe(180);
    const first = (await rowsOf('DS-PO-8120', '62040000'))[0];
    expect(first).toBe('XS HGRY 168 5062040000001 EUR118.99/GBP94.00');
  });
});

describe('the mail to the uploader', () => {
  /** The parsed mails to `to` whose subject starts with `subject`. */
  async function mailsTo(to: string, subject: string) {
    await t.settleJobs();
    const parsed = await Promise.all(
      t.smtp.messages.filter((m) => m.to.includes(to)).map((m) => simpleParser(m.raw)),
    );
    return parsed.filter((m) => m.subject?.startsWith(subject));
  }

  it('reports rows read, items, refusals with line, field and reason, all of them as CSV, and the time', async () => {
    const [mail] = await mailsTo('account@example.com', 'Variable data file processed: roots-sample.csv');
    expect(mail?.subject).toBe('Variable data file processed: roots-sample.csv (390 rows, 7 refused)');
    const text = mail?.text ?? '';
    expect(text).toMatch(/^Hello Alex Account,/);
    expect(text).toMatch(/Your Roots data file roots-sample\.csv has been processed in \d+(\.\d)? s\./);
    expect(text).toMatch(/Rows read: 390\. Product items created: \d+; updated: 0\./);
    expect(text).toContain('Rows added: 383; changed: 0; removed: 0; refused: 7.');
    expect(text).toContain('Line 5, UPC-A barcode: has a wrong GS1 check digit');
    expect(text).toContain('Line 57, vendor number: 9999999 is not a known vendor');
    expect(text).toContain('/variable-data-upload');
    expect(mail?.attachments).toHaveLength(1);
    const csv = mail!.attachments[0]!;
    expect(csv.filename).toBe('roots-sample-refusals.csv');
    const lines = csv.content
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines).toEqual([
      'Line,Field,Reason',
      '5,UPC-A barcode,has a wrong GS1 check digit',
      '12,quantity,must be a whole number over 0',
      '20,size,is required',
      '33,price CAD,"must be an amount like 49.99 (at most 2 decimals, not negative)"',
      '41,ticket type,RT-XX-999 is not a product subcode of Roots',
      '57,vendor number,9999999 is not a known vendor',
      '64,PO_NUMBER,is missing: the record has too few fields',
    ]);
  });

  it('says why a file was refused whole, that one refusal attached', async () => {
    await uploadAndWait(parties.rootsId, 'no-columns.csv', 'SOMETHING,ELSE\n1,2\n');
    const [mail] = await mailsTo('account@example.com', 'Variable data file refused: no-columns.csv');
    expect(mail?.text).toContain(
      'Your Roots data file no-columns.csv was refused whole, and nothing of it was kept: The header row lacks the columns VENDOR_NUMBER',
    );
    expect(mail?.attachments.map((a) => a.filename)).toEqual(['no-columns-refusals.csv']);
  });
});

describe('uploading a PO and style again', () => {
  const line = (size: string, upc: string, quantity: number, price = '49.99') =>
    `4410023,PO-RE-1,77000001,RT-PT-401,Re-upload Tee,WHT,${size},${upc},${price},39.99,${quantity}`;
  const UPC = {
    S: withCheckDigit('06204000100'),
    M: withCheckDigit('06204000101'),
    L: withCheckDigit('06204000102'),
    XL: withCheckDigit('06204000103'),
  };

  it('replaces the rows of an item not yet ordered and reports added, changed and removed', async () => {
    const first = await uploadAndWait(
      parties.rootsId,
      'first.csv',
      [ROOTS_HEADER, line('S', UPC.S, 10), line('M', UPC.M, 20), line('L', UPC.L, 30), ''].join('\n'),
    );
    expect(first.report).toMatchObject({ itemsCreated: 1, rowsAdded: 3, rowsRefused: 0 });
    const again = await uploadAndWait(
      parties.rootsId,
      'again.csv',
      [ROOTS_HEADER, line('S', UPC.S, 15), line('M', UPC.M, 20), line('XL', UPC.XL, 40), ''].join('\n'),
    );
    expect(again.report).toMatchObject({
      itemsCreated: 0,
      itemsUpdated: 1,
      rowsAdded: 1,
      rowsChanged: 1,
      rowsRemoved: 1,
      rowsRefused: 0,
    });
    expect(await rowsOf('PO-RE-1', '77000001')).toEqual([
      `S WHT 15 ${UPC.S} CAD49.99/USD39.99`,
      `M WHT 20 ${UPC.M} CAD49.99/USD39.99`,
      `XL WHT 40 ${UPC.XL} CAD49.99/USD39.99`,
    ]);
  });

  it('refuses, per row, the rows of an item already ordered and keeps its rows', async () => {
    const [item] = await t.db
      .select({ id: s.productItems.id, subcodeId: s.productItems.productSubcodeId })
      .from(s.productItems)
      .where(and(eq(s.productItems.poNumber, 'PO-RE-1'), eq(s.productItems.productType, 'VARIABLE_DATA')));
    const vendorUserId = await idOfUser(t.db, 'vendor@example.com');
    await buildOrder(t.db, {
      status: 'PRODUCTION_READY',
      userId: vendorUserId,
      vendorId: parties.vendorId,
      customerId: parties.rootsId,
      regionId: parties.regionId,
      factoryId: parties.factoryId,
      items: [
        {
          subcode: { subcodeId: item!.subcodeId, items: [{ id: item!.id }] },
        },
      ],
    });
    const third = await uploadAndWait(
      parties.rootsId,
      'third.csv',
      [
        ROOTS_HEADER,
        line('S', UPC.S, 99),
        `4410023,PO-RE-2,77000002,RT-PT-401,Other Tee,WHT,S,${withCheckDigit('06204000200')},10.00,8.00,5`,
        '',
      ].join('\n'),
    );
    expect(third.state).toBe('finished');
    expect(await refusalsOf(third.id)).toEqual([
      '2 PO number: PO-RE-1 style 77000001 (RT-PT-401) is already ordered: its rows are kept',
    ]);
    expect(third.report).toMatchObject({ rowsRead: 2, itemsCreated: 1, rowsAdded: 1, rowsRefused: 1 });
    expect(await rowsOf('PO-RE-1', '77000001')).toHaveLength(3);
    expect(await rowsOf('PO-RE-2', '77000002')).toEqual([
      `S WHT 5 ${withCheckDigit('06204000200')} CAD10.00/USD8.00`,
    ]);
  });

  it('refuses a size and colour given twice for one item, naming the first line', async () => {
    const upload = await uploadAndWait(
      parties.rootsId,
      'twice.csv',
      [
        ROOTS_HEADER,
        `4410023,PO-DUP,77000003,RT-PT-401,Dup Tee,WHT,S,${withCheckDigit('06204000300')},10.00,8.00,5`,
        `4410023,PO-DUP,77000003,RT-PT-401,Dup Tee,WHT,S,${withCheckDigit('06204000300')},10.00,8.00,6`,
        '',
      ].join('\r\n'),
    );
    expect(await refusalsOf(upload.id)).toEqual([
      '3 size: size S colour WHT of PO number PO-DUP style 77000003 (RT-PT-401) is on line 2 already',
    ]);
    expect(await rowsOf('PO-DUP', '77000003')).toEqual([
      `S WHT 5 ${withCheckDigit('06204000300')} CAD10.00/USD8.00`,
    ]);
  });
});

describe('files refused whole keep nothing', () => {
  async function expectNothingKept(id: number, reason: RegExp) {
    const [row] = await t.db.select().from(s.dataUploads).where(eq(s.dataUploads.id, id));
    expect(row?.state).toBe('refused');
    expect(row?.report).toMatchObject({ fileRefusal: expect.stringMatching(reason), rowsAdded: 0 });
    expect(await t.db.$count(s.variableDataRows, eq(s.variableDataRows.dataUploadId, id))).toBe(0);
    expect(await stagingOf(id)).toBe(0);
    expect(row?.fileKey).toBeNull();
  }

  it('a Dunnes file whose trailer count is wrong', async () => {
    const text = DUNNES_SAMPLE.toString('utf8').replace(/T\d{7}\s*$/, 'T0000999\n');
    const items = await t.db.$count(s.productItems);
    const upload = await uploadAndWait(parties.dunnesId, 'bad-trailer.txt', text);
    await expectNothingKept(upload.id, /^The T record counts 999 D records but the file holds 180\.$/);
    expect(await t.db.$count(s.productItems)).toBe(items);
  });

  it('a Roots file without a required column', async () => {
    const upload = await uploadAndWait(
      parties.rootsId,
      'no-upc.csv',
      'VENDOR_NUMBER,PO_NUMBER\n4410023,PO-1\n',
    );
    await expectNothingKept(upload.id, /lacks the columns STYLE_NUMBER/);
  });

  it('a file that stops being UTF-8 after its first 64 KB', async () => {
    const good = ROOTS_SAMPLE.toString('utf8');
    const body = Buffer.concat([
      Buffer.from(good.repeat(3)),
      Buffer.from('4410023,PO-X,1,RT-PT-401,Chandail ', 'utf8'),
      Buffer.from('mérinos', 'latin1'),
      Buffer.from(',RED,S,062040000006,1.00,1.00,1\r\n'),
    ]);
    expect(body.length).toBeGreaterThan(64 * 1024);
    const upload = await uploadAndWait(parties.rootsId, 'latin1.csv', body);
    await expectNothingKept(upload.id, /holds bytes that are not UTF-8 text/);
  });
});

describe('a run failing in the middle', () => {
  it('leaves nothing visible nor staged, and the next run imports the file as if it had not been', async () => {
    // A job context whose storage fails 1 KB into the import's reading (the first read, which counts
    // the records, goes through): a storage outage.
    let reads = 0;
    const rows = Array.from({ length: 40 }, (_, i) => {
      const style = String(78000000 + i);
      return `4410023,PO-CUT,${style},RT-PT-401,Cut Tee,WHT,S,${withCheckDigit(`062040${style.slice(-5)}`)},10.00,8.00,5`;
    });
    const text = [ROOTS_HEADER, ...rows, ''].join('\n');
    // Queue it with the workers unable to see it: the job runs, reads through the failing storage.
    const failing: JobContext = {
      ...t.app.ctx,
      storage: {
        ...t.storage,
        async get(key: string) {
          const file = await t.storage.get(key);
          reads++;
          if (reads === 1) return file;
          let sent = 0;
          const cut = new Readable({
            read() {},
          });
          file.stream.on('data', (c: Buffer) => {
            sent += c.length;
            if (sent > 1000) cut.destroy(new Error('storage went away'));
            else cut.push(c);
          });
          file.stream.on('end', () => cut.push(null));
          return { ...file, stream: cut };
        },
      },
    };
    const id = await send(parties.rootsId, 'cut.csv', text);
    await t.jobs.idle(['variableData.import'], 60_000);
    // The worker imported it already: put it back as a fresh upload whose run is cut off.
    const before = await rowsOf('PO-CUT', '78000000');
    expect(before).toHaveLength(1);
    await t.db.execute(sql`delete from product_items where po_number = 'PO-CUT'`);
    const key = `variable-data/cut-${id}`;
    await t.storage.put(key, Buffer.from(text), { contentType: 'text/plain' });
    await t.db
      .update(s.dataUploads)
      .set({ state: 'queued', fileKey: key, report: null })
      .where(eq(s.dataUploads.id, id));
    await t.db.delete(s.dataUploadRefusals).where(eq(s.dataUploadRefusals.dataUploadId, id));

    await expect(importUpload(failing, id)).rejects.toThrow('storage went away');
    expect(await rowsOf('PO-CUT', '78000000')).toEqual([]);
    expect(await t.db.$count(s.productItems, eq(s.productItems.poNumber, 'PO-CUT'))).toBe(0);
    const [mid] = await t.db.select().from(s.dataUploads).where(eq(s.dataUploads.id, id));
    // Waiting for the job's next attempt, which is not taken for a run cut off.
    expect(mid).toMatchObject({ state: 'queued', rowsDone: 0, runsCut: 0 });
    expect(await stagingOf(id)).toBe(0);
    expect(await refusalsOf(id)).toEqual([]);

    const outcome = await importUpload(t.app.ctx, id);
    expect(outcome?.state).toBe('finished');
    expect(outcome?.report).toMatchObject({ rowsRead: 40, itemsCreated: 40, rowsAdded: 40, rowsRefused: 0 });
    expect(await stagingOf(id)).toBe(0);
    expect(await rowsOf('PO-CUT', '78000039')).toHaveLength(1);
    // A finished upload is not imported twice.
    expect(await importUpload(t.app.ctx, id)).toBeNull();
  });
});

describe('a run cut off (its process killed)', () => {
  /** A Roots file of `n` rows of PO `po`, one item (style) per row. */
  const file = (po: string, first: number, n: number) =>
    [
      ROOTS_HEADER,
      ...Array.from({ length: n }, (_, i) => {
        const style = String(first + i);
        return `4410023,${po},${style},RT-PT-401,Cut Tee,WHT,S,${withCheckDigit(`062040${style.slice(-5)}`)},10.00,8.00,5`;
      }),
      '',
    ].join('\n');

  /**
   * Upload `id` as a killed run leaves it: 'processing' under its run number, with a batch of rows
   * staged and a refusal written, and nothing visible. `cut`: the run before was cut off too.
   */
  async function leaveCut(id: number, text: string, cut = false) {
    const run = (await importRepository.begin(t.db, id, cut))?.run;
    expect(run).toBeDefined();
    const staged = text
      .split('\n')
      .slice(1, 6)
      .map((line, i) => {
        const [vendorNumber, poNumber, styleNumber, ticketType, description, colour, size, barcode] =
          line.split(',') as string[];
        return {
          line: i + 2,
          vendorNumber: vendorNumber!,
          poNumber: poNumber!,
          poDate: null,
          styleNumber: styleNumber!,
          ticketType: ticketType!,
          description: description!,
          colour: colour!,
          size: size!,
          barcode: barcode!,
          prices: [{ currency: 'CAD' as const, amount: '10.00' }],
          quantity: 5,
          productSubcodeId: ptSubcodeId,
        };
      });
    await importRepository.batch(t.db, id, run!, {
      staged,
      refusals: [{ line: 9, field: 'size', reason: 'a refusal of the cut run' }],
      rowsDone: 5,
    });
    expect(await stagingOf(id)).toBe(5);
  }
  let ptSubcodeId = 0;

  /** Queues `text` with the workers unable to take it (an upload row and its stored file only). */
  async function queued(name: string, text: string): Promise<number> {
    const who = await idOfUser(t.db, 'account@example.com');
    const key = `variable-data/${name}`;
    await t.storage.put(key, Buffer.from(text), { contentType: 'text/plain' });
    return buildDataUpload(t.db, {
      customerId: parties.rootsId,
      uploadedBy: who,
      fileKey: key,
      fileName: name,
      fileSize: text.length,
    });
  }
  const uploadRow = async (id: number) =>
    (await t.db.select().from(s.dataUploads).where(eq(s.dataUploads.id, id)))[0]!;

  beforeAll(async () => {
    const [sub] = await t.db
      .select({ id: s.productSubcodes.id })
      .from(s.productSubcodes)
      .where(
        and(
          eq(s.productSubcodes.customerId, parties.rootsId),
          eq(s.productSubcodes.productSubcode, 'RT-PT-401'),
        ),
      );
    ptSubcodeId = sub!.id;
  });

  it('goes on: the next run clears what the cut one staged and imports the file whole', async () => {
    const text = file('PO-KILL-1', 78100000, 30);
    const id = await queued('kill-1.csv', text);
    await leaveCut(id, text);
    expect(await rowsOf('PO-KILL-1', '78100000')).toEqual([]);

    const outcome = await importUpload(t.app.ctx, id);
    expect(outcome?.state).toBe('finished');
    expect(outcome?.report).toMatchObject({ rowsRead: 30, itemsCreated: 30, rowsAdded: 30, rowsRefused: 0 });
    expect(await uploadRow(id)).toMatchObject({ state: 'finished', runs: 2, runsCut: 1, fileKey: null });
    expect(await stagingOf(id)).toBe(0);
    expect(await refusalsOf(id)).toEqual([]);
    expect(await rowsOf('PO-KILL-1', '78100029')).toHaveLength(1);
  });

  it('the second run cut off ends the upload refused with IMPORT_INTERRUPTED and the mail, nothing kept', async () => {
    const text = file('PO-KILL-2', 78200000, 30);
    const id = await queued('kill-2.csv', text);
    await leaveCut(id, text);
    // The next run begins (the first cut counted) and is cut off in its turn.
    await leaveCut(id, text, true);
    expect(await uploadRow(id)).toMatchObject({ state: 'processing', runs: 2, runsCut: 1 });

    const outcome = await importUpload(t.app.ctx, id);
    expect(outcome).toMatchObject({
      state: 'refused',
      report: { fileRefusal: IMPORT_INTERRUPTED, rowsRead: 0 },
    });
    expect(await uploadRow(id)).toMatchObject({
      state: 'refused',
      fileKey: null,
      runs: 3,
      runsCut: 2,
      report: { fileRefusal: IMPORT_INTERRUPTED },
    });
    expect(await stagingOf(id)).toBe(0);
    expect(await refusalsOf(id)).toEqual([`null file: ${IMPORT_INTERRUPTED}`]);
    expect(await rowsOf('PO-KILL-2', '78200000')).toEqual([]);
    expect(await t.db.$count(s.productItems, eq(s.productItems.poNumber, 'PO-KILL-2'))).toBe(0);
    await expect(t.storage.get('variable-data/kill-2.csv')).rejects.toThrow();
    await t.settleJobs();
    const mails = await Promise.all(
      t.smtp.messages.filter((m) => m.to.includes('account@example.com')).map((m) => simpleParser(m.raw)),
    );
    expect(mails.find((m) => m.subject === 'Variable data file refused: kill-2.csv')?.text).toContain(
      IMPORT_INTERRUPTED,
    );
  });

  it('a stalled run that another has taken over writes nothing more and stops', async () => {
    const text = file('PO-STALL', 78300000, 20);
    const id = await queued('stall.csv', text);
    // Run A reads its file slowly: it stalls after the first bytes until `resume` (a worker frozen
    // past its job's heartbeat), while run B takes the upload over and finishes it.
    let resume: () => void = () => undefined;
    const resumed = new Promise<void>((r) => {
      resume = r;
    });
    let reads = 0;
    let stalled: () => void = () => undefined;
    const isStalled = new Promise<void>((r) => {
      stalled = r;
    });
    const slow: JobContext = {
      ...t.app.ctx,
      storage: Object.assign(Object.create(t.storage), {
        async get(key: string) {
          const stored = await t.storage.get(key);
          if (++reads === 1) return stored;
          const chunks: Buffer[] = [];
          for await (const c of stored.stream as AsyncIterable<Buffer>) chunks.push(c);
          const bytes = Buffer.concat(chunks);
          async function* stallingStream() {
            yield bytes.subarray(0, 200);
            stalled();
            await resumed;
            yield bytes.subarray(200);
          }
          return { ...stored, stream: Readable.from(stallingStream()) };
        },
      }),
    };
    const runA = importUpload(slow, id);
    await isStalled;
    expect(await uploadRow(id)).toMatchObject({ state: 'processing', runs: 1 });

    const b = await importUpload(t.app.ctx, id);
    expect(b?.state).toBe('finished');
    resume();
    expect(await runA).toBeNull();
    expect(await uploadRow(id)).toMatchObject({
      state: 'finished',
      runs: 2,
      report: { rowsRead: 20, rowsAdded: 20 },
    });
    expect(await stagingOf(id)).toBe(0);
    expect(await refusalsOf(id)).toEqual([]);
    const rows = await t.db.$count(s.variableDataRows, eq(s.variableDataRows.dataUploadId, id));
    expect(rows).toBe(20);
  });
});

describe('an import whose every attempt fails', () => {
  it('is retried by pg-boss, then its dead letter ends it refused with IMPORT_GAVE_UP and the mail', async () => {
    // The queue as pg-boss keeps it: retried, a heartbeat, the dead letter (platform/jobs.ts).
    const queue = await t.db.execute(sql`select retry_limit, heartbeat_seconds, dead_letter
      from pgboss.queue where name = 'variableData.import'`);
    expect(queue.rows[0]).toEqual({
      retry_limit: 5,
      heartbeat_seconds: 30,
      dead_letter: 'variableData.giveUp',
    });

    // The handlers as the worker runs them, over a storage that is down for this upload's file.
    type Handler = (data: { uploadId: number }, job: { retryCount: number }) => Promise<void>;
    const handlers = new Map<string, Handler>();
    const down = (key: string) => key.startsWith('variable-data/down-');
    const ctx: JobContext = {
      ...t.app.ctx,
      // The storage as it is (a class: its methods are on the prototype), but for get.
      storage: Object.assign(Object.create(t.storage), {
        async get(key: string) {
          if (down(key)) throw new Error('storage is down');
          return t.storage.get(key);
        },
      }),
      jobs: {
        ...t.jobs,
        handle: ((name: string, h: Handler) => {
          handlers.set(name, h);
        }) as JobContext['jobs']['handle'],
      },
    };
    registerVariableDataJobs(ctx);
    const who = await idOfUser(t.db, 'account@example.com');
    const key = 'variable-data/down-1';
    await t.storage.put(key, Buffer.from(`${ROOTS_HEADER}\n`), { contentType: 'text/plain' });
    const id = await buildDataUpload(t.db, {
      customerId: parties.rootsId,
      uploadedBy: who,
      fileKey: key,
      fileName: 'down.csv',
      fileSize: 10,
    });
    const state = async () => (await t.db.select().from(s.dataUploads).where(eq(s.dataUploads.id, id)))[0];

    for (let retryCount = 0; retryCount <= 5; retryCount++) {
      await expect(handlers.get('variableData.import')!({ uploadId: id }, { retryCount })).rejects.toThrow(
        'storage is down',
      );
      // A fault is no run cut off: the next attempt goes on.
      expect(await state(), `attempt ${retryCount}`).toMatchObject({ state: 'queued', runsCut: 0 });
    }
    // The job failed for good: pg-boss hands it to the dead letter.
    await handlers.get('variableData.giveUp')!({ uploadId: id }, { retryCount: 0 });
    const ended = await state();
    expect(ended?.state).toBe('refused');
    expect(ended?.fileKey).toBeNull();
    expect(ended?.report).toMatchObject({ fileRefusal: IMPORT_GAVE_UP, rowsRead: 0 });
    expect(await refusalsOf(id)).toEqual([`null file: ${IMPORT_GAVE_UP}`]);
    await t.settleJobs();
    const mails = await Promise.all(
      t.smtp.messages.filter((m) => m.to.includes('account@example.com')).map((m) => simpleParser(m.raw)),
    );
    const mail = mails.find((m) => m.subject === 'Variable data file refused: down.csv');
    expect(mail?.text).toContain(IMPORT_GAVE_UP);
    // Once ended, the dead letter does nothing more.
    await handlers.get('variableData.giveUp')!({ uploadId: id }, { retryCount: 0 });
    expect((await state())?.state).toBe('refused');
  });

  it("pg-boss moves an import's job that failed for good to the dead letter, which ends the upload", async () => {
    // The real queue and workers, with no retry left: the upload's file is missing from storage, a
    // fault on every attempt.
    await t.db.execute(sql`update pgboss.queue set retry_limit = 0 where name = 'variableData.import'`);
    try {
      const who = await idOfUser(t.db, 'account@example.com');
      const uploadId = await buildDataUpload(t.db, {
        customerId: parties.rootsId,
        uploadedBy: who,
        fileKey: 'variable-data/never-stored',
        fileName: 'gone.csv',
        fileSize: 10,
      });
      await t.jobs.send(t.db, 'variableData.import', { uploadId });
      await t.jobs.idle(['variableData.import', 'variableData.giveUp'], 60_000);
      const [ended] = await t.db.select().from(s.dataUploads).where(eq(s.dataUploads.id, uploadId));
      expect(ended).toMatchObject({
        state: 'refused',
        fileKey: null,
        report: { fileRefusal: IMPORT_GAVE_UP },
      });
    } finally {
      await t.db.execute(sql`update pgboss.queue set retry_limit = 5 where name = 'variableData.import'`);
    }
  });
});

describe('countRecords', () => {
  it('counts Roots records without the header, and Dunnes D records, across chunk borders', async () => {
    const chunks = (text: string, size: number) =>
      Readable.from(
        Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
          Buffer.from(text.slice(i * size, (i + 1) * size)),
        ),
      );
    expect(await countRecords(chunks('H,E\r\n1,2\r\n3,4', 3), 'DELIMITED_ROOTS')).toBe(2);
    expect(await countRecords(chunks('H,E\n1,2\n', 1), 'DELIMITED_ROOTS')).toBe(1);
    expect(await countRecords(chunks('Hxx\nDaa\nDbb\nHyy\nDcc\nT0000003\n', 4), 'FLAT_FILE')).toBe(3);
    expect(DATA_UPLOAD_REPORT_REFUSALS).toBe(100);
  });
});
