/**
 * A fast first load on a slow link: the built web app is served from the files the build
 * compressed (brotli, gzip) with its cache rules, and API answers above 1 KB are compressed on the
 * fly, while files already compressed (PDF, PNG) go out as they are, with their Content-Length.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { and, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from './platform/db/schema';
import { createTestApp, type TestApp } from './test/harness';

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
/** Above the 1 KB compression threshold, like the built file (~2.8 KB). */
const INDEX =
  `<!doctype html><html><head><title>Selvedge</title><!-- ${'frame '.repeat(200)}--></head><body><div id="root"><header>` +
  '<a href="/" data-brand style="font-weight: 800">Selvedge</a></header></div></body></html>';
/** BRAND_NAME of the test app: HTML-special characters are escaped where it is written. */
const BRAND = 'Acme & "Sons" <Labels>';
const BRAND_HTML = 'Acme &amp; &quot;Sons&quot; &lt;Labels&gt;';

/** A built web app as Vite leaves it: hashed assets with .br and .gz siblings, index.html too. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'selvedge-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  };
  write('index.html', INDEX);
  write('assets/app-Bq9V0WBf.js', SCRIPT);
  return dir;
}

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = fakeWebDist();
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist, BRAND_NAME: BRAND } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the built web app', () => {
  it('sends a hashed asset pre-compressed, as the client accepts, cached for good', async () => {
    const br = await get('/assets/app-Bq9V0WBf.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/app-Bq9V0WBf.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/app-Bq9V0WBf.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers 404 for a file missing under /assets/ (an old chunk after a deploy), never index.html', async () => {
    for (const url of ['/assets/app-OLDHASH1.js', '/assets/style-OLDHASH1.css', '/assets/lazy/x.js?v=1']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.json(), url).toEqual({ message: 'Not found.' });
    }
  });

  it('answers the app routes and / with index.html, branded, compressed and revalidated', async () => {
    const branded =
      `<!doctype html><html><head><title>${BRAND_HTML}</title><!-- ${'frame '.repeat(200)}-->  <meta name="brand-name" content="${BRAND_HTML}" />\n  </head>` +
      `<body><div id="root"><header><a href="/" data-brand style="font-weight: 800">${BRAND_HTML}</a></header></div></body></html>`;
    for (const url of ['/', '/order-list', '/order-details?orderId=1', '/index.html']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(branded);
    }
  });

  it('sends the product passport page with the headers of the passport call: not indexed, not kept', async () => {
    // A demo care label's passport: the page a garment's QR code opens, and the call behind it.
    const [label] = await t.db
      .select({ gtin: orderItems.passportGtin, serial: orderItems.passportSerial })
      .from(orderItems)
      .where(and(isNotNull(orderItems.passportGtin), isNotNull(orderItems.passportSerial)))
      .limit(1);
    expect(label).toBeDefined();
    const page = `/01/${label!.gtin}/21/${label!.serial}`;
    const res = await get(page, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<meta name="brand-name"');
    const call = await get(`/api/v1.0/passport${page}`);
    expect(call.statusCode, call.body).toBe(200);
    for (const name of ['x-robots-tag', 'cache-control']) {
      expect(res.headers[name], name).toBeDefined();
      expect(res.headers[name], name).toBe(call.headers[name]);
    }
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
    // Other app routes keep theirs.
    expect((await get('/order-list')).headers['x-robots-tag']).toBeUndefined();
  });

  it('reads index.html again when the web app is rebuilt', async () => {
    const rebuilt = INDEX.replace('<div id="root">', '<div id="root" data-build="2">');
    writeFileSync(join(webDist, 'index.html'), rebuilt);
    const res = await get('/order-list');
    expect(res.body).toContain('data-build="2"');
    expect(res.body).toContain(`<title>${BRAND_HTML}</title>`);
  });

  it('keeps the Content-Security-Policy', async () => {
    const res = await get('/login', { 'accept-encoding': 'br' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('API answers', () => {
  it('compresses a JSON answer above 1 KB; a small one goes as it is', async () => {
    const token = await t.tokenFor('ADMIN');
    const list = await get('/api/v1.0/orders?size=50', { ...t.auth(token), 'accept-encoding': 'br, gzip' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const orders = JSON.parse(brotliDecompressSync(list.rawPayload).toString()).orders;
    expect(orders.length).toBeGreaterThan(0);

    const health = await get('/api/v1.0/health', { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
  });

  it('carries the security headers on answers, refusals and errors alike', async () => {
    const token = await t.tokenFor('ADMIN');
    const answers = [
      await get('/api/v1.0/orders?size=5', t.auth(token)),
      await get('/api/v1.0/orders?size=5'),
      await get('/api/v1.0/orders/999999999', t.auth(token)),
      await get('/api/v1.0/orders?size=abc', t.auth(token)),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 400]);
    const ids = new Set<unknown>();
    for (const a of answers) {
      ids.add(a.headers['x-request-id']);
      expect(a.headers['cache-control']).toBe('no-store');
      expect(a.headers['content-security-policy']).toContain("default-src 'self'");
      expect(a.headers['x-content-type-options']).toBe('nosniff');
      expect(a.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(a.headers['x-powered-by']).toBeUndefined();
    }
    expect(ids.size).toBe(answers.length);
    expect([...ids].every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
  });

  it('sends files compressed already (PDF, PNG) as they are, with their Content-Length', async () => {
    const token = await t.tokenFor('ADMIN');
    const headers = { ...t.auth(token), 'accept-encoding': 'br, gzip' };
    const list = await get('/api/v1.0/orders?size=200', { ...t.auth(token) });
    const withArtwork = list.json().orders.filter((o: { hasArtwork: boolean }) => o.hasArtwork);
    const checked = new Set<string>();
    for (const { orderId } of withArtwork) {
      const order = (await get(`/api/v1.0/orders/${orderId}`, t.auth(token))).json();
      for (const item of order.orderItems) {
        const type = item.artwork?.versions?.[0]?.contentType;
        if (!type || checked.has(type) || !['application/pdf', 'image/png'].includes(type)) continue;
        const file = await get(`/api/v1.0/orders/${orderId}/artwork/${item.orderItemId}`, headers);
        expect(file.statusCode, type).toBe(200);
        expect(file.headers['content-type'], type).toBe(type);
        expect(file.headers['content-encoding'], type).toBeUndefined();
        expect(Number(file.headers['content-length']), type).toBe(file.rawPayload.length);
        checked.add(type);
      }
    }
    expect([...checked]).toContain('application/pdf');
  });
});
