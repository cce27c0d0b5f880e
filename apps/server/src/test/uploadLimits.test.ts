/**
 * Upload size limits and stalled bodies over real connections (decision 0054), on every
 * route that takes a file: artwork, related and shipping documents, product images and retailer data
 * files. A body over its route's limit answers 413 naming the limit and leaves nothing behind — no
 * stored file (local folder or S3), no row, no queued import — whether it declares its length (refused
 * before it is read, even when only 200 bytes of a declared 1 GB follow) or streams in without one (cut
 * as it passes the limit). A body that stops arriving is ended. Bodies are generated, never files.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../platform/db/schema';
import type { LocalStorage } from '../platform/storage';
import { MULTIPART_ALLOWANCE_BYTES } from '../platform/uploads';
import { buildOrder, buildSubcode, demoParties } from './factories';
import { createTestApp, DEMO_EMAILS, type TestApp } from './harness';
import { type S3rverServer, startS3rver } from './s3rver';

const MiB = 1024 * 1024;
const FORMATS = join(__dirname, '../../../../docs/formats');

/** One route that takes a file, and a valid file of its kind: `head` once, then `filler` repeated. */
interface Target {
  name: string;
  path: string;
  token: string;
  field: string;
  /** Plain fields sent before the file. */
  fields: Record<string, string>;
  fileName: string;
  head: Buffer;
  filler: Buffer;
  /** The route's limit in MB under the test configuration. */
  limitMb: number;
}

const BOUNDARY = '----selvedge-limits-7MA4YWxkTrZu0gW';

/** The parts of a multipart body around a file of `fileBytes` bytes (the file generated, not read). */
function multipartBody(target: Target, fileBytes: number) {
  const fields = Object.entries(target.fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const before = Buffer.from(
    `${fields}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${target.field}"; filename="${target.fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const after = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  function* chunks() {
    yield before;
    let left = fileBytes;
    const head = target.head.subarray(0, left);
    yield head;
    left -= head.length;
    while (left > 0) {
      const piece = target.filler.subarray(0, Math.min(left, target.filler.length));
      yield piece;
      left -= piece.length;
    }
    yield after;
  }
  return { chunks, length: before.length + fileBytes + after.length };
}

type Outcome =
  | { kind: 'answer'; status: number; body: { message?: string }; headers: Record<string, unknown> }
  | { kind: 'closed'; code: string };

/**
 * Sends a multipart request over a real connection: `declare` is the Content-Length sent (none: the
 * body goes chunked), `sendBytes` how much of the body is written (all of it, then the end, when
 * unset; otherwise the request is left open after that much). Stops writing once an answer arrives;
 * resolves with the answer, or with how the connection ended when none came.
 */
function send(
  base: string,
  target: Target,
  opts: { fileBytes: number; declare?: number; sendBytes?: number },
): Promise<Outcome> {
  const body = multipartBody(target, opts.fileBytes);
  const url = new URL(`/api/v1.0${target.path}`, base);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (o: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(o);
      req.destroy();
    };
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${target.token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(opts.declare === undefined ? {} : { 'content-length': String(opts.declare) }),
      },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        settle({
          kind: 'answer',
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(parts).toString('utf8') || '{}'),
          headers: res.headers,
        }),
      );
      res.on('error', (err: NodeJS.ErrnoException) =>
        settle({ kind: 'closed', code: err.code ?? err.message }),
      );
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      settle({ kind: 'closed', code: err.code ?? err.message }),
    );
    // Woken by 'drain' (write more) or by the request's end (stop).
    let wake = () => {};
    req.on('drain', () => wake());
    req.on('close', () => wake());
    void (async () => {
      let written = 0;
      const limit = opts.sendBytes ?? Number.POSITIVE_INFINITY;
      for (const chunk of body.chunks()) {
        if (settled || req.destroyed) return;
        const piece = chunk.subarray(0, Math.max(0, limit - written));
        if (piece.length === 0) break;
        written += piece.length;
        if (!req.write(piece) && !req.destroyed) {
          await new Promise<void>((r) => {
            wake = r;
          });
        }
      }
      if (!settled && opts.sendBytes === undefined) req.end();
    })();
  });
}

/** Every file under `root` ('/'-separated paths: stored files, sidecars, temporary files). */
function filesUnder(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}

/**
 * What an upload could leave behind: stored keys, files under `folder` (the local storage's, or
 * s3rver's; s3rver does not implement AbortMultipartUpload, so the records of aborted multipart
 * uploads under its `._S3rver_uploads` are left out), rows, queued imports, a subcode's image.
 */
async function traces(t: TestApp, subcodeId: number, folder?: string) {
  const keys: string[] = [];
  for await (const f of t.storage.list()) keys.push(f.key);
  const count = async (q: ReturnType<typeof sql>) =>
    Number(((await t.db.execute(q)).rows[0] as { n: number | string }).n);
  return {
    keys: keys.sort(),
    files: folder ? filesUnder(folder).filter((f) => !f.includes('/._S3rver_uploads/')) : [],
    artworkVersions: await t.db.$count(s.artworkVersions),
    documents: await t.db.$count(s.orderDocuments),
    dataUploads: await t.db.$count(s.dataUploads),
    rows: await t.db.$count(s.variableDataRows),
    staged: await t.db.$count(s.variableDataStaging),
    imports: await count(sql`select count(*) as n from pgboss.job where name = 'variableData.import'`),
    image: (
      await t.db
        .select({ path: s.productSubcodes.productImagePath })
        .from(s.productSubcodes)
        .where(eq(s.productSubcodes.id, subcodeId))
    )[0]?.path,
  };
}

/** The five upload routes, each on a row it may take a file for. */
async function targets(t: TestApp): Promise<{ list: Target[]; subcodeId: number }> {
  const p = await demoParties(t.db);
  const vendorUserId = (await t.db.select().from(s.users).where(eq(s.users.email, DEMO_EMAILS.VENDOR)))[0]!
    .id;
  const subcode = await buildSubcode(t.db, {
    customerId: p.rootsId,
    factoryId: p.factoryId,
    artworkRequired: true,
  });
  const order = (status: 'NEEDS_ARTWORK' | 'READY_TO_SHIP' | 'PENDING') =>
    buildOrder(t.db, {
      status,
      userId: vendorUserId,
      vendorId: p.vendorId,
      customerId: p.rootsId,
      regionId: p.regionId,
      factoryId: p.factoryId,
      items: [{ subcode, artwork: status === 'NEEDS_ARTWORK' ? { status: 'NEEDS_UPLOAD' } : undefined }],
      financeApproval: status === 'READY_TO_SHIP',
    });
  const needsArtwork = await order('NEEDS_ARTWORK');
  const readyToShip = await order('READY_TO_SHIP');
  const cart = await order('PENDING');
  const itemId = (
    await t.db.select().from(s.orderItems).where(eq(s.orderItems.orderId, needsArtwork.orderId))
  )[0]!.id;
  const admin = await t.tokenFor('ADMIN');
  const pdf = Buffer.from('%PDF-1.4\n');
  const pdfFiller = Buffer.from('% generated padding line of an over-limit test file\n'.repeat(1300));
  const artworkMb = t.config.maxArtworkUploadMb;
  // Valid rows of the Roots layout, repeated: what a cut file would have imported.
  const [header, ...rows] = readFileSync(join(FORMATS, 'roots-sample.csv'), 'utf8').split('\n');
  const rootsRows = Buffer.from(`${rows.filter(Boolean).join('\n')}\n`);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const list: Target[] = [
    {
      name: 'artwork',
      path: `/orders/${needsArtwork.orderId}/artwork/${itemId}`,
      token: admin,
      field: 'artwork',
      fields: {},
      fileName: 'proof.pdf',
      head: pdf,
      filler: pdfFiller,
      limitMb: artworkMb,
    },
    {
      name: 'related document',
      path: `/orders/${cart.orderId}/related-document`,
      token: await t.tokenFor('VENDOR'),
      field: 'relatedDocument',
      fields: {},
      fileName: 'our PO.pdf',
      head: pdf,
      filler: pdfFiller,
      limitMb: artworkMb,
    },
    {
      name: 'shipping document',
      path: `/orders/${readyToShip.orderId}/shipping-document`,
      token: admin,
      field: 'shippingDocument',
      fields: {},
      fileName: 'bill of lading.pdf',
      head: pdf,
      filler: pdfFiller,
      limitMb: artworkMb,
    },
    {
      name: 'product image',
      path: `/product-subcodes/${subcode.subcodeId}/image`,
      token: admin,
      field: 'productImage',
      fields: {},
      fileName: 'label.png',
      head: png,
      filler: Buffer.alloc(64 * 1024),
      limitMb: 10,
    },
    {
      name: 'variable data',
      path: '/configuration/upload-variable-data',
      token: admin,
      field: 'file',
      fields: { customerId: String(p.rootsId) },
      fileName: 'ROOTS_0426.csv',
      head: Buffer.from(`${header}\n`),
      filler: rootsRows,
      limitMb: t.config.maxVariableDataUploadMb,
    },
  ];
  return { list, subcodeId: subcode.subcodeId };
}

const message = (mb: number) => `File size can not exceed ${mb} MB.`;

/** Waits until `done` answers true, up to 10 s (then the assertion after it fails). */
async function until(done: () => Promise<boolean>) {
  for (let i = 0; i < 100 && !(await done()); i++) await new Promise((r) => setTimeout(r, 100));
}

describe('uploads over their route limit (local storage)', () => {
  let t: TestApp;
  let base = '';
  let list: Target[] = [];
  let subcodeId = 0;
  let root = '';
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_ARTWORK_UPLOAD_MB: '1', MAX_VARIABLE_DATA_UPLOAD_MB: '1' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    ({ list, subcodeId } = await targets(t));
    root = (t.storage as LocalStorage).root;
  });
  afterAll(() => t?.close());

  it('the routes take a file at their limit (the bodies sent below are valid)', async () => {
    const data = list.find((x) => x.name === 'variable data')!;
    const res = await send(base, data, { fileBytes: MiB, declare: multipartBody(data, MiB).length });
    expect(res).toMatchObject({ kind: 'answer', status: 200 });
    // Its import runs (and removes its file) before the checks below count what is left.
    await t.jobs.idle(['variableData.import'], 120_000);
    const [upload] = await t.db.select().from(s.dataUploads).orderBy(desc(s.dataUploads.id)).limit(1);
    expect(upload).toMatchObject({ state: 'finished', fileSize: MiB, fileKey: null });
    expect(upload!.rowsTotal).toBeGreaterThan(1000);
  });

  it('streamed without Content-Length: 413 naming the limit once the file passes it; nothing stored or imported', async () => {
    for (const target of list) {
      const before = await traces(t, subcodeId, root);
      const res = await send(base, target, { fileBytes: target.limitMb * MiB + 512 * 1024 });
      expect(res, target.name).toMatchObject({
        kind: 'answer',
        status: 413,
        body: { message: message(target.limitMb) },
      });
      // Whatever was queued would have run by now.
      await t.jobs.idle(['variableData.import'], 60_000);
      expect(await traces(t, subcodeId, root), target.name).toEqual(before);
    }
  });

  it('a declared Content-Length over the limit: 413 before the body is read, the connection closed after it', async () => {
    for (const target of list) {
      const before = await traces(t, subcodeId, root);
      // Only 200 bytes of a declared 1 GB follow: the answer cannot wait for the rest.
      const gigabyte = await send(base, target, {
        fileBytes: 1024 * MiB,
        declare: 1024 * MiB,
        sendBytes: 200,
      });
      expect(gigabyte, target.name).toMatchObject({
        kind: 'answer',
        status: 413,
        body: { message: message(target.limitMb) },
        headers: { connection: 'close' },
      });
      // One byte more than a file at the limit may take with its form around it.
      const over = target.limitMb * MiB + MULTIPART_ALLOWANCE_BYTES + 1;
      const justOver = await send(base, target, { fileBytes: over, declare: over, sendBytes: 200 });
      expect(justOver, target.name).toMatchObject({ kind: 'answer', status: 413 });
      expect(await traces(t, subcodeId, root), target.name).toEqual(before);
    }
  });

  it('a call that takes no file refuses a declared body over its own limit the same way', async () => {
    const login: Target = { ...list[0]!, path: '/auth/login', token: 'none' };
    const res = await send(base, login, { fileBytes: 1024 * MiB, declare: 1024 * MiB, sendBytes: 200 });
    expect(res).toMatchObject({
      kind: 'answer',
      status: 413,
      body: { message: 'The request is larger than 2 MB, the limit of this call.' },
    });
  });
});

describe('a body that stops arriving', () => {
  let t: TestApp;
  let base = '';
  let list: Target[] = [];
  let subcodeId = 0;
  let root = '';
  beforeAll(async () => {
    t = await createTestApp({ env: { HTTP_IDLE_TIMEOUT_SECONDS: '1' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    ({ list, subcodeId } = await targets(t));
    root = (t.storage as LocalStorage).root;
  });
  afterAll(() => t?.close());

  it('is ended by the server, and what it had sent is not kept', async () => {
    for (const target of list) {
      const before = await traces(t, subcodeId, root);
      // Past the 64 KB a data file is checked on, so its file is being written when the body stops.
      const fileBytes = 512 * 1024;
      const res = await send(base, target, {
        fileBytes,
        declare: multipartBody(target, fileBytes).length,
        sendBytes: 200 * 1024,
      });
      expect(res, target.name).toMatchObject({ kind: 'closed' });
      // The server drops what it received as the request fails, just after the connection ends.
      await until(async () => JSON.stringify(await traces(t, subcodeId, root)) === JSON.stringify(before));
      expect(await traces(t, subcodeId, root), target.name).toEqual(before);
    }
  });
});

describe('uploads over their route limit (S3 storage)', () => {
  let server: S3rverServer;
  let s3Dir = '';
  let t: TestApp;
  let base = '';
  let list: Target[] = [];
  let subcodeId = 0;
  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), 'selvedge-limits-s3-'));
    const bucket = `limits-${randomUUID().slice(0, 8)}`;
    let endpoint = '';
    ({ server, endpoint } = await startS3rver(s3Dir, [bucket]));
    // Over the 8 MB parts of a streamed upload: the file is sent as a multipart upload, which the
    // refusal must abort.
    t = await createTestApp({
      env: {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        MAX_ARTWORK_UPLOAD_MB: '1',
        MAX_VARIABLE_DATA_UPLOAD_MB: '9',
      },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    ({ list, subcodeId } = await targets(t));
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('stores no object and imports nothing', async () => {
    const before = await traces(t, subcodeId, s3Dir);
    for (const target of list.filter((x) => x.name === 'variable data' || x.name === 'artwork')) {
      const streamed = await send(base, target, { fileBytes: target.limitMb * MiB + MiB });
      expect(streamed, target.name).toMatchObject({
        kind: 'answer',
        status: 413,
        body: { message: message(target.limitMb) },
      });
      const declared = await send(base, target, {
        fileBytes: 1024 * MiB,
        declare: 1024 * MiB,
        sendBytes: 200,
      });
      expect(declared, target.name).toMatchObject({ kind: 'answer', status: 413 });
      await t.jobs.idle(['variableData.import'], 60_000);
      // s3rver's folder holds the bucket's objects and the parts of unfinished multipart uploads.
      expect(await traces(t, subcodeId, s3Dir), target.name).toEqual(before);
    }
  });
});
