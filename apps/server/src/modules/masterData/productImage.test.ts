/**
 * Subcode image upload (master-data §4, §7): content check, sharp display image, storage, the
 * subcode's productImage, history, and GET /common/product-image/{path}.
 */

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubcode, demoParties } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { masterDataApi } from './masterData.test-helpers';
import { PRODUCT_IMAGE_MAX_SIDE } from './productImage';

let t: TestApp;
let api: ReturnType<typeof masterDataApi>;
let subcodeId: number;
beforeAll(async () => {
  t = await createTestApp();
  api = masterDataApi(t);
  const demo = await demoParties(t.db);
  subcodeId = (await buildSubcode(t.db, { customerId: demo.rootsId, factoryId: demo.factoryId })).subcodeId;
});
afterAll(() => t?.close());

const boundary = 'selvedge-test-boundary';
function form(field: string, file: Buffer, name = 'label.png') {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}
async function upload(id: number, file: Buffer, opts: { field?: string; role?: 'ADMIN' | 'CSR' } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1.0/product-subcodes/${id}/image`,
    headers: {
      ...t.auth(await t.tokenFor(opts.role ?? 'ADMIN')),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: form(opts.field ?? 'productImage', file),
  });
}

describe('POST /product-subcodes/{id}/image', () => {
  it('stores an image within 800 × 800 and sets it on the subcode; GET serves it', async () => {
    const big = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const res = await upload(subcodeId, big);
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json();
    expect(image).toEqual({
      path: expect.stringMatching(new RegExp(`^${subcodeId}-[0-9a-f-]{36}\\.jpg$`)),
      type: 'image/jpeg',
    });
    const subcode = (await api.call('ADMIN', 'GET', `/product-subcodes/${subcodeId}`)).json();
    expect(subcode.productImage).toEqual(image);
    expect(subcode.version).toBe(1);

    const served = await api.call('VENDOR', 'GET', `/common/product-image/${image.path}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([PRODUCT_IMAGE_MAX_SIDE, PRODUCT_IMAGE_MAX_SIDE / 2]);

    const [h] = await api.history('productSubcode', subcodeId);
    expect(h!.changes).toEqual([{ field: 'productImage', before: null, after: image }]);
  });

  it('keeps transparency as PNG', async () => {
    const png = await sharp({
      create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const res = await upload(subcodeId, png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().type).toBe('image/png');
  });

  it('removes the replaced image once the new one is saved: its old path answers 404, no file is left', async () => {
    const demo = await demoParties(t.db);
    const { subcodeId: id } = await buildSubcode(t.db, {
      customerId: demo.rootsId,
      factoryId: demo.factoryId,
    });
    const image = (colour: string) =>
      sharp({ create: { width: 20, height: 20, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
    const first = (await upload(id, await image('#aa0000'))).json();
    const second = (await upload(id, await image('#00aa00'))).json();
    expect(second.path).not.toBe(first.path);
    expect((await api.call('VENDOR', 'GET', `/common/product-image/${first.path}`)).statusCode).toBe(404);
    expect((await api.call('VENDOR', 'GET', `/common/product-image/${second.path}`)).statusCode).toBe(200);
    const stored: string[] = [];
    for await (const f of t.storage.list()) if (f.key.startsWith(`product-images/${id}-`)) stored.push(f.key);
    expect(stored).toEqual([`product-images/${second.path}`]);
  });

  it('keeps the old image and stores no new one when the save fails', async () => {
    const demo = await demoParties(t.db);
    const { subcodeId: id } = await buildSubcode(t.db, {
      customerId: demo.rootsId,
      factoryId: demo.factoryId,
    });
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0000aa' } })
      .jpeg()
      .toBuffer();
    const first = (await upload(id, jpeg)).json();
    // The history row cannot be written: the transaction fails after the new file was stored.
    await t.db.execute(
      sql`alter table master_data_history add constraint quality_no_rows check (false) not valid`,
    );
    try {
      expect((await upload(id, jpeg)).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter table master_data_history drop constraint quality_no_rows`);
    }
    expect((await api.call('VENDOR', 'GET', `/common/product-image/${first.path}`)).statusCode).toBe(200);
    const stored: string[] = [];
    for await (const f of t.storage.list()) if (f.key.startsWith(`product-images/${id}-`)) stored.push(f.key);
    expect(stored).toEqual([`product-images/${first.path}`]);
  });

  it('refuses what is not an image (by content), a broken image, a wrong field; 404; 403', async () => {
    const pdf = await upload(subcodeId, Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.statusCode).toBe(400);
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const broken = await upload(subcodeId, png.subarray(0, 60));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ field: 'productImage', message: 'The file is not a readable image.' });
    expect((await upload(subcodeId, png, { field: 'image' })).statusCode).toBe(400);
    expect((await upload(999999, png)).statusCode).toBe(404);
    expect((await upload(subcodeId, png, { role: 'CSR' })).statusCode).toBe(403);
    expect((await api.call('ADMIN', 'GET', '/common/product-image/..%2Fsecret')).statusCode).toBe(404);
    expect(
      (
        await api.call(
          'ADMIN',
          'GET',
          `/common/product-image/${subcodeId}-00000000-0000-0000-0000-000000000000.png`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await api.call(null, 'GET', '/common/product-image/x.png')).statusCode).toBe(401);
  });
});
