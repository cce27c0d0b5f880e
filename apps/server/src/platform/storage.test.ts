import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3rverServer, startS3rver } from '../test/s3rver';
import {
  createStorage,
  type FileStorage,
  LocalStorage,
  newStorageKey,
  S3Storage,
  StorageExistsError,
  StorageKeyError,
  StorageNotFoundError,
} from './storage';

async function readAll(stream: Readable): Promise<{ body: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
  return { body: Buffer.concat(parts), chunks: parts.length };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const INVALID_KEYS = [
  '../x',
  '/abs',
  'A B',
  '',
  'a/../b',
  'a//b',
  'a/',
  'a/.hidden',
  'Upper/case',
  'a\\b',
  'x/file.meta.json',
  `a${'b'.repeat(201)}`,
];

/** The behaviour every FileStorage must have, run against each implementation. */
function storageContract(name: string, open: () => FileStorage) {
  describe(`${name}: FileStorage contract`, () => {
    let storage: FileStorage;
    beforeAll(() => {
      storage = open();
    });

    it('round-trips a file with its content type and size', async () => {
      const key = newStorageKey('artwork/12/34');
      const body = Buffer.from('%PDF-1.4 tiny');
      await storage.put(key, body, { contentType: 'application/pdf' });
      const file = await storage.get(key);
      expect(file.size).toBe(body.length);
      expect(file.contentType).toBe('application/pdf');
      expect((await readAll(file.stream)).body.equals(body)).toBe(true);
    });

    it('streams a 5 MB file back in several chunks, byte for byte', async () => {
      const key = newStorageKey('documents/77');
      const body = randomBytes(5 * 1024 * 1024);
      await storage.put(key, body, { contentType: 'image/tiff' });
      const file = await storage.get(key);
      expect(file.size).toBe(5 * 1024 * 1024);
      const { body: read, chunks } = await readAll(file.stream);
      expect(chunks).toBeGreaterThan(1);
      expect(read.length).toBe(body.length);
      expect(sha256(read)).toBe(sha256(body));
    });

    it('stores an empty file', async () => {
      const key = newStorageKey('documents/1');
      await storage.put(key, Buffer.alloc(0), { contentType: 'text/plain' });
      const file = await storage.get(key);
      expect(file.size).toBe(0);
      expect((await readAll(file.stream)).body.length).toBe(0);
    });

    it('throws StorageNotFoundError for a missing key', async () => {
      const key = newStorageKey('artwork/1/1');
      const err = await storage.get(key).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StorageNotFoundError);
      expect((err as StorageNotFoundError).key).toBe(key);
    });

    it('refuses to overwrite a stored file and keeps the first one', async () => {
      const key = newStorageKey('artwork/5/6');
      await storage.put(key, Buffer.from('first'), { contentType: 'image/png' });
      await expect(
        storage.put(key, Buffer.from('second!'), { contentType: 'image/jpeg' }),
      ).rejects.toBeInstanceOf(StorageExistsError);
      const file = await storage.get(key);
      expect(file.contentType).toBe('image/png');
      expect((await readAll(file.stream)).body.toString()).toBe('first');
    });

    it('tells whether a key exists, and deletes (idempotently)', async () => {
      const key = newStorageKey('documents/9');
      expect(await storage.exists(key)).toBe(false);
      await storage.put(key, Buffer.from('x'), { contentType: 'text/plain' });
      expect(await storage.exists(key)).toBe(true);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
      await expect(storage.delete(key)).resolves.toBeUndefined();
      // After a delete the key may be used again (cleanup of a failed upload, then a retry).
      await storage.put(key, Buffer.from('again'), { contentType: 'text/plain' });
      expect((await readAll((await storage.get(key)).stream)).body.toString()).toBe('again');
    });

    it('stores a stream without its whole length in memory, byte for byte', async () => {
      const key = newStorageKey('variable-data/3');
      // 12 MB in 64 KB chunks: more than one S3 part (8 MB), so the multipart path runs too.
      const chunk = randomBytes(64 * 1024);
      const chunks = 192;
      const expected = createHash('sha256');
      for (let i = 0; i < chunks; i++) expected.update(chunk);
      await storage.putStream(
        key,
        Readable.from(
          (function* () {
            for (let i = 0; i < chunks; i++) yield chunk;
          })(),
        ),
        { contentType: 'text/plain' },
      );
      const file = await storage.get(key);
      expect(file.size).toBe(chunks * chunk.length);
      expect(file.contentType).toBe('text/plain');
      expect(sha256((await readAll(file.stream)).body)).toBe(expected.digest('hex'));
    });

    it('stores nothing when the stream fails, and throws its error', async () => {
      const key = newStorageKey('variable-data/4');
      const failing = Readable.from(
        (async function* () {
          yield Buffer.alloc(9 * 1024 * 1024, 0x61);
          throw new Error('client went away');
        })(),
      );
      await expect(storage.putStream(key, failing, { contentType: 'text/plain' })).rejects.toThrow(
        'client went away',
      );
      expect(await storage.exists(key)).toBe(false);
      const listed: string[] = [];
      for await (const f of storage.list()) listed.push(f.key);
      expect(listed).not.toContain(key);
    });

    it('refuses a stream to a taken key and keeps the first file', async () => {
      const key = newStorageKey('variable-data/5');
      await storage.put(key, Buffer.from('first'), { contentType: 'text/plain' });
      await expect(
        storage.putStream(key, Readable.from([Buffer.from('second')]), { contentType: 'text/plain' }),
      ).rejects.toBeInstanceOf(StorageExistsError);
      expect((await readAll((await storage.get(key)).stream)).body.toString()).toBe('first');
    });

    it('lists every stored file with the time it was written', async () => {
      const before = Date.now() - 60_000;
      const keys = [newStorageKey('listing/a'), newStorageKey('listing/b/c')];
      for (const key of keys) await storage.put(key, Buffer.from(key), { contentType: 'text/plain' });
      const listed = new Map<string, Date>();
      for await (const f of storage.list()) listed.set(f.key, f.modifiedAt);
      for (const key of keys) {
        expect(listed.get(key)?.getTime()).toBeGreaterThan(before);
        expect(listed.get(key)?.getTime()).toBeLessThan(Date.now() + 60_000);
      }
    });

    it.each(INVALID_KEYS)('refuses the invalid key %j in every method', async (key) => {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(
        StorageKeyError,
      );
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
    });
  });
}

describe('newStorageKey', () => {
  it('makes prefix/yyyy/mm/uuid keys (UTC)', () => {
    const key = newStorageKey('artwork/123/456', new Date('2026-03-31T23:30:00-05:00'));
    expect(key).toMatch(
      /^artwork\/123\/456\/2026\/04\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(newStorageKey('documents/1')).not.toBe(newStorageKey('documents/1'));
  });

  it.each(['../x', '/artwork', 'Artwork/1', 'artwork/', 'a b', ''])('refuses the prefix %j', (prefix) => {
    expect(() => newStorageKey(prefix)).toThrow(StorageKeyError);
  });

  it('refuses a prefix that makes the key too long', () => {
    expect(() => newStorageKey(`a${'/b'.repeat(80)}`)).toThrow(StorageKeyError);
  });
});

const tempDirs: string[] = [];
const tempDir = (label: string) => {
  const dir = mkdtempSync(join(tmpdir(), `selvedge-${label}-`));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

storageContract('LocalStorage', () => new LocalStorage(join(tempDir('local'), 'files', 'not-yet-created')));

describe('LocalStorage on disk', () => {
  it('keeps the file under its key with a content-type sidecar and no temporary files', async () => {
    const root = join(tempDir('local-disk'), 'files');
    const storage = new LocalStorage(root);
    await storage.put('artwork/1/2/2026/01/abc', Buffer.from('png'), { contentType: 'image/png' });
    await storage.put('artwork/1/2/2026/01/def', Buffer.from('jpg'), { contentType: 'image/jpeg' });
    expect(readdirSync(join(root, 'artwork/1/2/2026/01')).sort()).toEqual([
      'abc',
      'abc.meta.json',
      'def',
      'def.meta.json',
    ]);
  });

  it('leaves no temporary file behind when a put is refused', async () => {
    const root = tempDir('local-refused');
    const storage = new LocalStorage(root);
    await storage.put('a/b', Buffer.from('one'), { contentType: 'text/plain' });
    await expect(storage.put('a/b', Buffer.from('two'), { contentType: 'text/plain' })).rejects.toThrow(
      StorageExistsError,
    );
    expect((await readdir(join(root, 'a'))).sort()).toEqual(['b', 'b.meta.json']);
  });

  it('answers contentType null for a file whose sidecar is missing', async () => {
    const root = tempDir('local-nometa');
    const storage = new LocalStorage(root);
    await storage.put('docs/x', Buffer.from('hello'), { contentType: 'text/plain' });
    await rm(join(root, 'docs/x.meta.json'));
    const file = await storage.get('docs/x');
    expect(file.contentType).toBeNull();
    expect(file.size).toBe(5);
    expect((await readAll(file.stream)).body.toString()).toBe('hello');
  });

  it('removes temporary files and lone sidecars older than the given time, and nothing else', async () => {
    const root = tempDir('local-stale');
    const storage = new LocalStorage(root);
    await storage.put('a/kept', Buffer.from('x'), { contentType: 'text/plain' });
    // What a process killed mid-write leaves: a temporary file, and a sidecar whose file is gone.
    await writeFile(join(root, 'a/.3f2a.tmp'), 'half');
    await writeFile(join(root, 'a/gone.meta.json'), '{"contentType":"text/plain"}');
    const old = new Date(Date.now() - 3 * 86_400_000);
    for (const name of ['a/.3f2a.tmp', 'a/gone.meta.json', 'a/kept', 'a/kept.meta.json']) {
      await utimes(join(root, name), old, old);
    }
    await writeFile(join(root, 'a/.fresh.tmp'), 'being written');
    expect(await storage.removeStale(new Date(Date.now() - 86_400_000))).toBe(2);
    expect((await readdir(join(root, 'a'))).sort()).toEqual(['.fresh.tmp', 'kept', 'kept.meta.json']);
    const listed: string[] = [];
    for await (const f of storage.list()) listed.push(f.key);
    // Sidecars and temporary files are never listed as stored files.
    expect(listed).toEqual(['a/kept']);
  });

  it('writes files mode 600 in folders of mode 700 under a umask of 0, and tightens an older root', async () => {
    const root = join(tempDir('local-modes'), 'files');
    // An older version made the root 755 (and its files 644 under a usual umask).
    mkdirSync(root, { mode: 0o755 });
    chmodSync(root, 0o755);
    const storage = new LocalStorage(root);
    const umask = process.umask(0);
    try {
      await storage.put('documents/7/2026/01/a', Buffer.from('pdf'), { contentType: 'application/pdf' });
      await storage.putStream('variable-data/2026/01/b', Readable.from([Buffer.from('a;b\n')]), {
        contentType: 'text/plain',
      });
    } finally {
      process.umask(umask);
    }
    const mode = (path: string) => statSync(join(root, path)).mode & 0o777;
    expect(mode('.')).toBe(0o700);
    for (const folder of ['documents', 'documents/7/2026/01', 'variable-data/2026/01'])
      expect(mode(folder)).toBe(0o700);
    for (const file of [
      'documents/7/2026/01/a',
      'documents/7/2026/01/a.meta.json',
      'variable-data/2026/01/b',
    ])
      expect(mode(file)).toBe(0o600);
  });

  it('does not treat a folder as a stored file', async () => {
    const root = tempDir('local-folder');
    const storage = new LocalStorage(root);
    await storage.put('a/b/c', Buffer.from('x'), { contentType: 'text/plain' });
    expect(await storage.exists('a/b')).toBe(false);
    await expect(storage.get('a/b')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.put('a/b', Buffer.from('y'), { contentType: 'text/plain' })).rejects.toThrow();
    // A file where a folder of the key would be: the key cannot exist.
    await writeFile(join(root, 'plain'), 'x');
    expect(await storage.exists('plain/child')).toBe(false);
    await expect(storage.get('plain/child')).rejects.toBeInstanceOf(StorageNotFoundError);
  });
});

describe('S3Storage against s3rver', () => {
  const bucket = 'selvedge-test';
  let server: S3rverServer;
  let storage: S3Storage;
  let endpoint: string;

  beforeAll(async () => {
    ({ server, endpoint } = await startS3rver(tempDir('s3rver'), [bucket]));
    storage = new S3Storage({
      endpoint,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  });

  afterAll(async () => {
    storage?.destroy();
    await server?.close();
  });

  storageContract('S3Storage', () => storage);

  it('removeStale does not fail the sweep on a service that cannot list multipart uploads', async () => {
    // s3rver answers ListMultipartUploads with 501 NotImplemented (as some S3-compatible services do):
    // there a bucket lifecycle rule removes unfinished uploads (docs/DEPLOY.md).
    await expect(storage.removeStale(new Date(Date.now() + 60_000))).resolves.toBe(0);
  });

  it('reports a missing bucket as an error, not as a missing file', async () => {
    const other = new S3Storage({
      endpoint,
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    try {
      await expect(other.put('a/b', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
        /bucket/i,
      );
      const err = await other.get('a/b').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(StorageNotFoundError);
      expect((err as Error).name).toBe('NoSuchBucket');
    } finally {
      other.destroy();
    }
  });
});

describe('createStorage', () => {
  it('uses DATA_DIR/files without S3 settings', async () => {
    const dataDir = tempDir('create');
    const storage = createStorage({ dataDir, s3: undefined });
    expect(storage.kind).toBe('local');
    expect(storage).toBeInstanceOf(LocalStorage);
    expect((storage as LocalStorage).root).toBe(join(dataDir, 'files'));
  });

  it('uses S3 when the configuration has S3 settings', () => {
    const storage = createStorage({
      dataDir: tempDir('create-s3'),
      s3: {
        bucket: 'b',
        region: 'eu-west-1',
        accessKeyId: 'k',
        secretAccessKey: 's',
        forcePathStyle: false,
      },
    });
    expect(storage.kind).toBe('s3');
    expect(storage).toBeInstanceOf(S3Storage);
    (storage as S3Storage).destroy();
  });
});
