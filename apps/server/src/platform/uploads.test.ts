import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { validateHeaderValue } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import fastifyMultipart from '@fastify/multipart';
import { UNREADABLE_UPLOAD_MESSAGE, UNSAFE_SVG_MESSAGE } from '@selvedge/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTWORK_FILE_TYPES, DOCUMENT_FILE_TYPES } from './fileTypes';
import { registerErrorHandling } from './http';
import { LocalStorage, newStorageKey } from './storage';
import {
  contentDisposition,
  displayFileName,
  MULTIPART_LIMITS,
  openUpload,
  readUpload,
  registerUploadLimits,
} from './uploads';

/** The routes' limits (platform/uploads.ts UPLOAD_LIMITS), from this configuration. */
const LIMITS = { maxArtworkUploadMb: 1, maxVariableDataUploadMb: 3 };
const MAX_BYTES = 1024 * 1024;
const TOO_LARGE = 'File size can not exceed 1 MB.';
const ARTWORK_REFUSED = 'File type not accepted: artwork must be PDF, PNG, JPEG, TIFF, SVG, AI or EPS.';
const DOCUMENT_REFUSED =
  'File type not accepted: documents must be PDF, PNG, JPEG, TIFF, Word, Excel, CSV or text.';

/** A valid 1×1 PNG, padded with a private ancillary chunk to `size` bytes when asked. */
function png(size?: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const start = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 255]))),
  ]);
  const end = chunk('IEND', Buffer.alloc(0));
  if (size === undefined) return Buffer.concat([start, end]);
  const padding = chunk('prVt', Buffer.alloc(size - start.length - end.length - 12, 0x61));
  return Buffer.concat([start, padding, end]);
}

const SVG = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><circle r="2"/></svg>',
);

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body written by hand, so that odd file names reach the server unchanged. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----selvedge-test-boundary-7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const filename = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    const type = p.contentType ? `\r\nContent-Type: ${p.contentType}` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${filename}${type}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const filePart = (data: Buffer | string, filename = 'label.png', name = 'artwork'): Part => ({
  name,
  filename,
  contentType: 'application/octet-stream',
  data,
});

let app: FastifyInstance;
/** Where the streaming route stores what it receives. */
const streamRoot = mkdtempSync(join(tmpdir(), 'selvedge-uploads-'));
const streamed = new LocalStorage(streamRoot);
/** The streaming route's limit: above the artwork routes' 1 MB, as a data file's route is (decision 0054). */
const STREAM_MAX_BYTES = 3 * 1024 * 1024;

beforeAll(async () => {
  app = Fastify({ logger: false });
  // As app.ts registers them.
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  registerErrorHandling(app);
  registerUploadLimits(app, LIMITS);
  const route = (path: string, field: string, accepted: typeof ARTWORK_FILE_TYPES) =>
    app.post(path, { config: { upload: 'artwork' } }, async (req) => {
      const { buffer, ...rest } = await readUpload(req, { field, accepted });
      return { ...rest, base64: buffer.toString('base64') };
    });
  route('/artwork', 'artwork', ARTWORK_FILE_TYPES);
  route('/documents', 'relatedDocument', DOCUMENT_FILE_TYPES);
  app.post('/data-file', { config: { upload: 'variableData' } }, async (req) => {
    const file = await openUpload(req, { field: 'file', accepted: DOCUMENT_FILE_TYPES });
    const key = newStorageKey('variable-data/1');
    await streamed.putStream(key, file.stream, { contentType: file.mime });
    return {
      key,
      fileName: file.fileName,
      mime: file.mime,
      size: file.size,
      sha256: file.sha256,
      fields: file.fields,
    };
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(streamRoot, { recursive: true, force: true });
});

const upload = (path: string, parts: Part[]) =>
  app.inject({ method: 'POST', url: path, ...multipart(parts) });

describe('readUpload', () => {
  it('reads the file, its type from the content, its size and SHA-256', async () => {
    const body = png();
    // The client claims a PDF by name and Content-Type: both are ignored.
    const res = await upload('/artwork', [
      { name: 'note', data: 'first a text field' },
      { name: 'artwork', filename: 'proof.pdf', contentType: 'application/pdf', data: body },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      fileName: 'proof.pdf',
      mime: 'image/png',
      ext: 'png',
      size: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
      base64: body.toString('base64'),
    });
  });

  it('reads a body made by FormData, keeping a UTF-8 file name', async () => {
    const form = new FormData();
    form.append('artwork', new Blob([SVG], { type: 'image/svg+xml' }), 'étiquette tissée.svg');
    const request = new Response(form);
    const res = await app.inject({
      method: 'POST',
      url: '/artwork',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fileName: 'étiquette tissée.svg',
      mime: 'image/svg+xml',
      ext: 'svg',
      size: SVG.length,
    });
  });

  it('cleans the client file name: no path, no control characters', async () => {
    const res = await upload('/artwork', [filePart(png(), '..\\..\\C:\\art\\care\tlabel\u202e.png')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().fileName).toBe('carelabel.png');
  });

  it('accepts a file of exactly the limit and refuses one byte more with 413', async () => {
    const atLimit = await upload('/artwork', [filePart(png(MAX_BYTES))]);
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().size).toBe(MAX_BYTES);

    const over = await upload('/artwork', [filePart(png(MAX_BYTES + 1))]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: TOO_LARGE });
  });

  it('refuses a much larger file with 413 too', async () => {
    const res = await upload('/artwork', [filePart(png(MAX_BYTES + 200_000))]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: TOO_LARGE });
  });

  it('answers 400 when the request is not multipart', async () => {
    const res = await app.inject({ method: 'POST', url: '/artwork', payload: { artwork: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      field: 'artwork',
      message: 'A file is required (sent as multipart/form-data).',
    });
  });

  it('answers 400 naming the field when the form has no file', async () => {
    const onlyField = await upload('/artwork', [{ name: 'artwork', data: 'not a file' }]);
    expect(onlyField.statusCode).toBe(400);
    expect(onlyField.json()).toEqual({ field: 'artwork', message: 'A file is required.' });

    const empty = await upload('/artwork', []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ field: 'artwork', message: 'A file is required.' });
  });

  it('answers 400 naming the expected field when the file comes in another one', async () => {
    const res = await upload('/artwork', [filePart(png(), 'label.png', 'file')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      field: 'artwork',
      message: 'A file is required as "artwork"; it was sent as "file" instead.',
    });
  });

  it('answers 400 for an empty file', async () => {
    const res = await upload('/artwork', [filePart(Buffer.alloc(0), 'empty.png')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ field: 'artwork', message: 'The file is empty.' });
  });

  it('answers 400 naming the accepted types for a renamed executable or an HTML page', async () => {
    const exe = Buffer.alloc(300);
    exe.write('MZ', 0, 'latin1');
    const renamed = await upload('/artwork', [filePart(exe, 'artwork.pdf')]);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual({ field: 'artwork', message: ARTWORK_REFUSED });

    const html = await upload('/artwork', [
      filePart('<!doctype html><html><body>x</body></html>', 'logo.svg'),
    ]);
    expect(html.statusCode).toBe(400);
    expect(html.json()).toEqual({ field: 'artwork', message: ARTWORK_REFUSED });
  });

  it('answers 400 for an SVG with a script or an event handler', async () => {
    const scripted = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const res = await upload('/artwork', [filePart(scripted, 'logo.svg')]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ field: 'artwork', message: UNSAFE_SVG_MESSAGE });
    expect(UNSAFE_SVG_MESSAGE).toBe('SVG files with scripts or event handlers are not accepted.');

    const handler = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>';
    const res2 = await upload('/artwork', [filePart(handler, 'logo.svg')]);
    expect(res2.statusCode).toBe(400);
    expect(res2.json()).toEqual({ field: 'artwork', message: UNSAFE_SVG_MESSAGE });
  });

  it('checks against the set it is given: documents take CSV but not SVG', async () => {
    const csv = await upload('/documents', [
      filePart('style,size,qty\nA1,M,10\n', 'po.csv', 'relatedDocument'),
    ]);
    expect(csv.statusCode).toBe(200);
    expect(csv.json()).toMatchObject({ fileName: 'po.csv', mime: 'text/plain', ext: 'txt', size: 23 });

    const svg = await upload('/documents', [filePart(SVG, 'logo.svg', 'relatedDocument')]);
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toEqual({ field: 'relatedDocument', message: DOCUMENT_REFUSED });
  });

  it('answers 400, not 500, for a malformed multipart body', async () => {
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/artwork',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({
      field: 'artwork',
      message: UNREADABLE_UPLOAD_MESSAGE,
    });

    const { payload, headers } = multipart([filePart(png())]);
    // Cut inside the part headers, then inside the file's bytes.
    for (const length of [150, 220]) {
      const cut = await app.inject({
        method: 'POST',
        url: '/artwork',
        headers,
        payload: payload.subarray(0, length),
      });
      expect(cut.statusCode).toBe(400);
      expect(cut.json()).toEqual({
        field: 'artwork',
        message: UNREADABLE_UPLOAD_MESSAGE,
      });
    }
  });

  it('answers over a real connection, also when refusing a large body early', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const send = async (parts: Part[]) => {
      const { payload, headers } = multipart(parts);
      const res = await fetch(`${address}/artwork`, {
        method: 'POST',
        headers,
        body: new Uint8Array(payload),
      });
      return { status: res.status, body: (await res.json()) as { message?: string; size?: number } };
    };
    expect(await send([filePart(png(3 * 1024 * 1024))])).toEqual({
      status: 413,
      body: { message: TOO_LARGE },
    });
    expect(await send([filePart(png(5000), 'a.png', 'other')])).toMatchObject({ status: 400 });
    expect(await send([filePart(png(1000))])).toMatchObject({ status: 200, body: { size: 1000 } });
  });
});

describe('displayFileName', () => {
  it.each([
    ['label.pdf', 'label.pdf'],
    ['C:\\fakepath\\art.pdf', 'art.pdf'],
    ['/etc/passwd', 'passwd'],
    ['../../x.png', 'x.png'],
    ['  spaced name.png  ', 'spaced name.png'],
    ['a\u0000b\r\n.pdf', 'ab.pdf'],
    ['invoice\u202efdp.exe', 'invoicefdp.exe'],
    ['e\u0301tiquette.pdf', 'étiquette.pdf'],
    ['', 'file'],
    [' \t ', 'file'],
    ['..', 'file'],
    ['dir/', 'file'],
    ['\ud800x.pdf', '\ufffdx.pdf'],
  ])('%j → %j', (input, expected) => {
    expect(displayFileName(input)).toBe(expected);
  });

  it('shortens a long name to 200 characters, keeping the extension', () => {
    const long = displayFileName(`${'a'.repeat(300)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long).toBe(`${'a'.repeat(196)}.pdf`);

    expect(displayFileName('b'.repeat(250))).toBe('b'.repeat(200));
    // An "extension" that is really a long tail is cut like the rest.
    expect(displayFileName(`x.${'c'.repeat(250)}`)).toBe(`x.${'c'.repeat(198)}`);
  });

  it('counts characters, not UTF-16 units, and never splits one', () => {
    const name = displayFileName(`${'🏷'.repeat(250)}.png`);
    expect(Array.from(name)).toHaveLength(200);
    expect(name.endsWith('.png')).toBe(true);
    expect(name.startsWith('🏷'.repeat(196))).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('Care "label" été.pdf')).toBe(
      `attachment; filename="Care \\"label\\" _t_.pdf"; filename*=UTF-8''Care%20%22label%22%20%C3%A9t%C3%A9.pdf`,
    );
  });

  it('can be inline, and encodes the characters RFC 8187 does not allow bare', () => {
    expect(contentDisposition("proof (v2) it's*.svg", 'inline')).toBe(
      `inline; filename="proof (v2) it's*.svg"; filename*=UTF-8''proof%20%28v2%29%20it%27s%2A.svg`,
    );
  });

  it('cannot be used to inject a header', () => {
    const value = contentDisposition('a.pdf\r\nSet-Cookie: session=evil');
    expect(value).not.toMatch(/[\r\n]/);
    expect(value).toBe(
      `attachment; filename="a.pdfSet-Cookie: session=evil"; filename*=UTF-8''a.pdfSet-Cookie%3A%20session%3Devil`,
    );
    expect(() => validateHeaderValue('Content-Disposition', value)).not.toThrow();
  });

  it('treats a backslash as a path separator, and replaces each non-ASCII character by one _', () => {
    expect(contentDisposition('dir\\tag 🏷.png')).toBe(
      `attachment; filename="tag _.png"; filename*=UTF-8''tag%20%F0%9F%8F%B7.png`,
    );
    expect(contentDisposition('')).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
  });
});

describe('openUpload (streamed into storage)', () => {
  const storedFiles = () =>
    readdirSync(streamRoot, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

  it('streams a file larger than the app-wide limit and the 64 KB head, with the fields before it', async () => {
    // Text whose two-byte characters straddle the 64 KB head: still text.
    const body = Buffer.from(`${'a'.repeat(65_535)}${'é;12;Roots\n'.repeat(200_000)}`);
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const res = await upload('/data-file', [
      { name: 'customerId', data: '7' },
      { name: 'file', filename: 'ROOTS_0426.csv', contentType: 'text/csv', data: body },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      key: expect.stringMatching(/^variable-data\/1\//),
      fileName: 'ROOTS_0426.csv',
      mime: 'text/plain',
      size: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
      fields: { customerId: '7' },
    });
    const stored = await streamed.get(answer.key);
    const chunks: Buffer[] = [];
    for await (const c of stored.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(body)).toBe(true);
  });

  it('stores a file smaller than the head whole', async () => {
    const res = await upload('/data-file', [filePart('PO;STYLE;SIZE\n1;2;M\n', 'small.txt', 'file')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mime: 'text/plain', size: 20 });
  });

  it('answers 413 above the route limit and stores nothing (no temporary file either)', async () => {
    const before = storedFiles().length;
    const res = await upload('/data-file', [
      filePart(Buffer.alloc(STREAM_MAX_BYTES + 1, 0x61), 'big.txt', 'file'),
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'File size can not exceed 3 MB.' });
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a type outside the accepted set, an empty file and a wrong field', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(100_000, 0)]);
    const refused = await upload('/data-file', [filePart(exe, 'data.csv', 'file')]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(DOCUMENT_REFUSED);
    const empty = await upload('/data-file', [filePart('', 'empty.csv', 'file')]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ field: 'file', message: 'The file is empty.' });
    const wrong = await upload('/data-file', [filePart('a;b\n', 'x.csv', 'data')]);
    expect(wrong.statusCode).toBe(400);
  });
});
