/**
 * Retailer data file upload endpoints (master-data §7; decision 0045) against a real database: the
 * customers with a parser, the upload (stored, recorded, its import queued, answered at once) and
 * the user's recent uploads. 401/403 per role are the route matrix's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '@selvedge/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import { buildUser, demoParties } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let parties: Awaited<ReturnType<typeof demoParties>>;
let northwindId: number;
const FORMATS = join(__dirname, '../../../../../docs/formats');
const ROOTS_SAMPLE = readFileSync(join(FORMATS, 'roots-sample.csv'));

beforeAll(async () => {
  t = await createTestApp();
  parties = await demoParties(t.db);
  const [nw] = await t.db
    .select({ id: s.customers.id })
    .from(s.customers)
    .where(eq(s.customers.companyName, 'Northwind Outfitters'));
  northwindId = nw!.id;
});
afterAll(async () => {
  await t?.close();
});

/** A multipart body: the plain fields first, then the file (as a browser's FormData sends them). */
async function form(fields: Record<string, string>, file?: { name: string; body: Buffer; field?: string }) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file)
    f.append(file.field ?? 'file', new Blob([new Uint8Array(file.body)], { type: 'text/csv' }), file.name);
  const res = new Response(f);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

async function upload(
  token: string,
  fields: Record<string, string>,
  file?: { name: string; body: Buffer; field?: string },
) {
  const m = await form(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1.0/configuration/upload-variable-data',
    headers: { ...t.auth(token), ...m.headers },
    payload: m.payload,
  });
}

describe('GET /configuration/variable-data-customers', () => {
  it('lists the customers with a parser, by name, with their layout', async () => {
    const res = await t.app.inject({
      url: '/api/v1.0/configuration/variable-data-customers',
      headers: t.auth(await t.tokenFor('ACCOUNT')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().customers).toEqual([
      { customerId: parties.dunnesId, customerName: 'Dunnes Stores', parserType: 'FLAT_FILE' },
      { customerId: parties.rootsId, customerName: 'Roots', parserType: 'DELIMITED_ROOTS' },
    ]);
  });

  it("keeps to the user's customers", async () => {
    const user = await buildUser(t.db, { role: 'ACCOUNT', customerIds: [parties.rootsId, northwindId] });
    const res = await t.app.inject({
      url: '/api/v1.0/configuration/variable-data-customers',
      headers: t.auth(await t.login(user.email)),
    });
    expect(res.json().customers.map((c: { customerName: string }) => c.customerName)).toEqual(['Roots']);
  });
});

describe('POST /configuration/upload-variable-data', () => {
  it('stores the file, records the upload as queued, queues its import and answers the §8 message', async () => {
    const token = await t.tokenFor('ACCOUNT');
    const res = await upload(
      token,
      { customerId: String(parties.rootsId) },
      { name: 'roots-sample.csv', body: ROOTS_SAMPLE },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.variableDataUploaded);
    expect(body.message).toBe(
      'Variable data file successfully uploaded. You will receive an email once it has finished processing. This may take several minutes.',
    );
    expect(body.upload).toMatchObject({
      customerId: parties.rootsId,
      customerName: 'Roots',
      fileName: 'roots-sample.csv',
      fileSize: ROOTS_SAMPLE.length,
      state: expect.stringMatching(/^(queued|processing|finished)$/),
    });

    const [row] = await t.db.select().from(s.dataUploads).where(eq(s.dataUploads.id, body.upload.id));
    expect(row?.layout).toBe('DELIMITED_ROOTS');
    expect(row?.fileKey).toMatch(/^variable-data\//);

    const jobs = await t.db.execute(
      sql`select data from pgboss.job where name = 'variableData.import' and (data->>'uploadId')::int = ${body.upload.id}`,
    );
    expect(jobs.rows).toHaveLength(1);
    // The whole file arrived: its import read every record (variableData.import.test.ts has the rest).
    await t.jobs.idle(['variableData.import'], 60_000);
    const [done] = await t.db.select().from(s.dataUploads).where(eq(s.dataUploads.id, body.upload.id));
    expect(done).toMatchObject({ state: 'finished', rowsDone: 390, fileKey: null });

    const recent = await t.app.inject({
      url: '/api/v1.0/configuration/variable-data-uploads',
      headers: t.auth(token),
    });
    expect(recent.statusCode).toBe(200);
    expect(recent.json().uploads[0]).toMatchObject({ id: body.upload.id, fileName: 'roots-sample.csv' });
  });

  it('lists only the user’s own uploads', async () => {
    const res = await t.app.inject({
      url: '/api/v1.0/configuration/variable-data-uploads',
      headers: t.auth(await t.tokenFor('ADMIN')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().uploads).toEqual([]);
  });

  it('answers 400 without a customer, with a bad customer id, without a file or for a customer without parser', async () => {
    const token = await t.tokenFor('ADMIN');
    const file = { name: 'a.csv', body: ROOTS_SAMPLE };
    const none = await upload(token, {}, file);
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('customerId');
    expect(none.json().message).toMatch(/^Customer is required/);
    const bad = await upload(token, { customerId: 'abc' }, file);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('customerId');
    expect(bad.json().message).toMatch(/^Customer must be a customer id/);
    const noFile = await upload(token, { customerId: String(parties.rootsId) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().field).toBe('file');
    const noParser = await upload(token, { customerId: String(northwindId) }, file);
    expect(noParser.statusCode).toBe(400);
    expect(noParser.json()).toEqual({
      field: 'customerId',
      message: 'Northwind Outfitters has no variable data parser.',
    });
    expect(await t.db.$count(s.dataUploads, eq(s.dataUploads.uploadedBy, -1))).toBe(0);
  });

  it('refuses a file that is not text (400) and keeps nothing of it', async () => {
    const before = await t.db.$count(s.dataUploads);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const res = await upload(
      await t.tokenFor('ADMIN'),
      { customerId: String(parties.rootsId) },
      { name: 'x.csv', body: png },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('File type not accepted: variable data files must be CSV or text.');
    const latin1 = Buffer.from('VENDOR_NUMBER,DESCRIPTION\n4410023,Chandail mérinos\n', 'latin1');
    const res2 = await upload(
      await t.tokenFor('ADMIN'),
      { customerId: String(parties.rootsId) },
      { name: 'x.csv', body: latin1 },
    );
    expect(res2.statusCode).toBe(400);
    expect(await t.db.$count(s.dataUploads)).toBe(before);
  });

  it("answers 404 for a customer the user may not see, or that doesn't exist", async () => {
    const user = await buildUser(t.db, { role: 'ACCOUNT', customerIds: [northwindId] });
    const token = await t.login(user.email);
    const file = { name: 'a.csv', body: ROOTS_SAMPLE };
    const other = await upload(token, { customerId: String(parties.rootsId) }, file);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Customer not found.');
    const missing = await upload(await t.tokenFor('ADMIN'), { customerId: '999999' }, file);
    expect(missing.statusCode).toBe(404);
  });

  it('answers 413 above MAX_VARIABLE_DATA_UPLOAD_MB and keeps nothing', async () => {
    // The limit is read per request from the app's configuration: lowered for this test only.
    const limit = t.config.maxVariableDataUploadMb;
    t.config.maxVariableDataUploadMb = 1;
    try {
      const before = await t.db.$count(s.dataUploads);
      const big = Buffer.alloc(1024 * 1024 + 10, 'a');
      const res = await upload(
        await t.tokenFor('ADMIN'),
        { customerId: String(parties.rootsId) },
        { name: 'big.csv', body: big },
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('File size can not exceed 1 MB.');
      expect(await t.db.$count(s.dataUploads)).toBe(before);
      // Every stored data file is one an upload names (imports remove theirs when they end).
      await t.jobs.idle(['variableData.import'], 60_000);
      const keys: string[] = [];
      for await (const f of t.storage.list()) keys.push(f.key);
      const referenced = await t.db.select({ key: s.dataUploads.fileKey }).from(s.dataUploads);
      expect(keys.filter((k) => k.startsWith('variable-data/')).sort()).toEqual(
        referenced.flatMap((r) => (r.key ? [r.key] : [])).sort(),
      );
    } finally {
      t.config.maxVariableDataUploadMb = limit;
    }
  });
});
