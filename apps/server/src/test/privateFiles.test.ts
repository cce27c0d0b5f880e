/**
 * Everything the server writes is its user's only (decision 0054): the real server
 * (the bundle, as production runs it) started under a umask of 0 on a DATA_DIR it makes itself, with
 * the embedded database, the demo data's stored files, the signing secret it generates, and mails
 * written to files; after a product image and a retailer data file are uploaded (and the data file's
 * report mailed), every file under DATA_DIR is mode 600 and every folder mode 700 (the embedded
 * database's folder included; the files inside it are PGlite's own).
 */
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo';
import { type ServerProcess, startServerProcess } from './serverProcess';

const FORMATS = join(__dirname, '../../../../docs/formats');

/** Every file and folder under `root` (itself included) with its permission bits. */
function modesUnder(root: string): { path: string; dir: boolean; mode: number }[] {
  const out = [{ path: '.', dir: true, mode: lstatSync(root).mode & 0o777 }];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    out.push({ path: relative(root, path), dir: entry.isDirectory(), mode: lstatSync(path).mode & 0o777 });
  }
  return out;
}

describe('files the server writes', () => {
  let parent = '';
  let dataDir = '';
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'selvedge-private-'));
    dataDir = join(parent, 'data');
    // The child inherits the umask: 0 would leave every file as open as the code asks for.
    const umask = process.umask(0);
    try {
      // No SMTP_URL (mails go to files), no JWT_SECRET (a secret is generated into DATA_DIR), the
      // embedded database with the demo data (its files stored under DATA_DIR/files).
      server = await startServerProcess(
        { DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: 'always' },
        240_000,
      );
    } finally {
      process.umask(umask);
    }
  }, 300_000);
  afterAll(async () => {
    await server?.stop('SIGTERM');
    if (parent) rmSync(parent, { recursive: true, force: true });
  });

  it('are mode 600 in folders of mode 700, whatever the umask', async () => {
    const api = `${server!.base}/api/v1.0`;
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }),
    });
    const auth = {
      authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
    };
    const get = async <T>(path: string) =>
      (await (await fetch(`${api}${path}`, { headers: auth })).json()) as T;
    const post = (path: string, form: FormData) =>
      fetch(`${api}${path}`, { method: 'POST', headers: auth, body: form });

    // A product image (stored after sharp makes it the display image).
    const { subcodes } = await get<{ subcodes: { id: number }[] }>('/product-subcodes');
    const image = await sharp({
      create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const imageForm = new FormData();
    imageForm.set('productImage', new Blob([new Uint8Array(image)]), 'label.png');
    const stored = await post(`/product-subcodes/${subcodes[0]!.id}/image`, imageForm);
    expect(stored.status, await stored.clone().text()).toBe(200);

    // A retailer data file: stored, imported (its file removed then), and its report mailed to a file.
    const { customers } = await get<{ customers: { customerId: number; customerName: string }[] }>(
      '/configuration/variable-data-customers',
    );
    const roots = customers.find((c) => c.customerName === 'Roots')!;
    const dataForm = new FormData();
    dataForm.set('customerId', String(roots.customerId));
    dataForm.set('file', new Blob([readFileSync(join(FORMATS, 'roots-sample.csv'))]), 'roots.csv');
    const uploaded = await post('/configuration/upload-variable-data', dataForm);
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const mailDir = join(dataDir, 'mail');
    const deadline = Date.now() + 90_000;
    const mails = () => {
      try {
        return readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    };
    while (mails().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(mails().length).toBeGreaterThan(0);

    const entries = modesUnder(dataDir);
    // What the check covers: the database, stored files, mail files and the secret.
    expect(readdirSync(dataDir).sort()).toEqual(['db', 'files', 'jwt-secret', 'mail']);
    expect(
      entries.filter((e) => !e.dir && e.path.startsWith('files/product-images/')).length,
    ).toBeGreaterThan(0);
    expect(entries.filter((e) => !e.dir && e.path.startsWith('db/')).length).toBeGreaterThan(100);
    // Inside db/ the files are PGlite's, made with its own modes: db/ itself keeps others out.
    const open = entries
      .filter((e) => !e.path.startsWith('db/') && e.mode !== (e.dir ? 0o700 : 0o600))
      .map((e) => `${e.path} ${e.mode.toString(8)}`);
    expect(open).toEqual([]);
    expect(entries.find((e) => e.path === 'db')).toEqual({ path: 'db', dir: true, mode: 0o700 });
  });
});
