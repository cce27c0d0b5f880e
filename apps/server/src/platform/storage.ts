/**
 * One storage interface for every file the product keeps: artwork versions, order documents, product
 * images (ARCHITECTURE.md Files). A local folder under `DATA_DIR/files` by default, an
 * S3-compatible bucket when `S3_BUCKET` is set (config.ts), so that several server instances share
 * the files.
 *
 * Keys are made by the server only (`newStorageKey`), never from a user's file name, and stored
 * files are immutable: a new version gets a new key, and `put` on an existing key is refused.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Config } from './config';

/** A stored file being read: its bytes as a stream, its length in bytes and the type it was put with. */
export interface StoredFile {
  stream: Readable;
  size: number;
  /** The content type given to `put`; null when it was not recorded (a local file without its sidecar). */
  contentType: string | null;
}

/** Where files live. Every method validates the key first and throws `StorageKeyError` on a bad one. */
export interface FileStorage {
  /** Stores `body` under `key`; throws `StorageExistsError` if the key is taken (files are immutable). */
  put(key: string, body: Buffer, opts: { contentType: string }): Promise<void>;
  /** Opens a stored file; throws `StorageNotFoundError` when there is none under `key`. */
  get(key: string): Promise<StoredFile>;
  /** Removes a file; removing a missing key is not an error (cleanup after a failed transaction). */
  delete(key: string): Promise<void>;
  /** Whether a file is stored under `key`. */
  exists(key: string): Promise<boolean>;
  readonly kind: 'local' | 's3';
}

/** `get` of a key under which nothing is stored. */
export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under key ${JSON.stringify(key)}`);
    this.name = 'StorageNotFoundError';
  }
}

/** `put` on a key that already holds a file: stored files are never overwritten. */
export class StorageExistsError extends Error {
  constructor(readonly key: string) {
    super(`A file is already stored under key ${JSON.stringify(key)}`);
    this.name = 'StorageExistsError';
  }
}

/** A key that does not follow the rules of `assertStorageKey`: a programming error, never user input. */
export class StorageKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'StorageKeyError';
  }
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;
/** The local store keeps each file's content type beside it under this suffix. */
const META_SUFFIX = '.meta.json';

/**
 * Checks a storage key: lower-case letters, digits and `/ _ . -`, starting with a letter or digit,
 * at most 201 characters, segments neither empty nor starting with a dot (no `..`, no hidden or
 * temporary files) and not ending in `.meta.json` (reserved by the local store).
 * Throws `StorageKeyError`.
 */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) {
    throw new StorageKeyError(key, `must match ${KEY_PATTERN}`);
  }
  if (key.split('/').some((segment) => segment === '' || segment.startsWith('.'))) {
    throw new StorageKeyError(key, 'segments must not be empty or start with a dot');
  }
  if (key.endsWith(META_SUFFIX)) {
    throw new StorageKeyError(key, `must not end with ${META_SUFFIX}`);
  }
}

/**
 * A fresh key under `prefix` (e.g. `artwork/123/456`): `${prefix}/${yyyy}/${mm}/${uuid}`, year and
 * month in UTC. The year/month folders keep local directories small. Throws `StorageKeyError` when
 * the prefix (or the whole key) breaks the rules of `assertStorageKey`.
 */
export function newStorageKey(prefix: string, now: Date = new Date()): string {
  assertStorageKey(prefix);
  const yyyy = String(now.getUTCFullYear()).padStart(4, '0');
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  const key = `${prefix}/${yyyy}/${mm}/${randomUUID()}`;
  assertStorageKey(key);
  return key;
}

interface LocalMeta {
  contentType: string;
}

const isErrno = (err: unknown, ...codes: string[]): boolean =>
  err instanceof Error && codes.includes((err as NodeJS.ErrnoException).code ?? '');

/**
 * Files in a folder (`root`, created on demand): the key is the relative path, the content type sits
 * in a sidecar `<file>.meta.json`. A write goes to a synced temporary file in the target folder which
 * is then hard-linked under the key, so a crash never leaves half a file under a key and two
 * concurrent writers cannot overwrite each other (`link` fails when the name exists, unlike `rename`).
 */
export class LocalStorage implements FileStorage {
  readonly kind = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = join(this.root, ...key.split('/'));
    // Cannot happen with a valid key; kept so that a future change of the key rules cannot escape root.
    if (!path.startsWith(this.root + sep))
      throw new StorageKeyError(key, 'resolves outside the storage folder');
    return path;
  }

  async put(key: string, body: Buffer, opts: { contentType: string }): Promise<void> {
    const path = this.pathOf(key);
    const folder = dirname(path);
    await mkdir(folder, { recursive: true });
    if (await this.existsAt(path)) throw new StorageExistsError(key);

    const tmp = join(folder, `.${randomUUID()}.tmp`);
    const metaTmp = join(folder, `.${randomUUID()}.meta.tmp`);
    try {
      await writeSynced(tmp, body);
      try {
        await link(tmp, path);
      } catch (err) {
        if (isErrno(err, 'EEXIST')) throw new StorageExistsError(key);
        // Some file systems (FAT, a few network mounts) have no hard links: fall back to rename,
        // which is as atomic but would replace a file written by a concurrent writer in between.
        if (!isErrno(err, 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV')) throw err;
        if (await this.existsAt(path)) throw new StorageExistsError(key);
        await rename(tmp, path);
      }
      // The sidecar comes after the file: a reader that sees the file without it gets contentType null,
      // whereas a sidecar written first could replace the type of a file a concurrent writer just stored.
      const meta: LocalMeta = { contentType: opts.contentType };
      await writeSynced(metaTmp, Buffer.from(JSON.stringify(meta)));
      await rename(metaTmp, path + META_SUFFIX);
    } finally {
      await rm(tmp, { force: true });
      await rm(metaTmp, { force: true });
    }
  }

  async get(key: string): Promise<StoredFile> {
    const path = this.pathOf(key);
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(path, 'r');
    } catch (err) {
      if (isErrno(err, 'ENOENT', 'ENOTDIR', 'EISDIR')) throw new StorageNotFoundError(key);
      throw err;
    }
    try {
      // Size and stream come from the same open file, so a concurrent delete cannot make them disagree.
      const info = await handle.stat();
      if (!info.isFile()) throw new StorageNotFoundError(key);
      const contentType = await readMeta(path + META_SUFFIX);
      const stream = handle.createReadStream();
      return { stream, size: info.size, contentType };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(path + META_SUFFIX, { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return this.existsAt(this.pathOf(key));
  }

  private async existsAt(path: string): Promise<boolean> {
    try {
      return (await stat(path)).isFile();
    } catch (err) {
      if (isErrno(err, 'ENOENT', 'ENOTDIR')) return false;
      throw err;
    }
  }
}

/** Writes a new file (failing if the name exists) and flushes it to disk before it gets its real name. */
async function writeSynced(path: string, body: Buffer): Promise<void> {
  const handle = await open(path, 'wx');
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function readMeta(metaPath: string): Promise<string | null> {
  try {
    const meta = JSON.parse(await readFile(metaPath, 'utf8')) as Partial<LocalMeta>;
    return typeof meta.contentType === 'string' ? meta.contentType : null;
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return null;
    throw err;
  }
}

/** The HTTP status of an S3 service error (S3ServiceException's `$metadata`), else undefined. */
const httpStatusOf = (err: unknown): number | undefined =>
  (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

type S3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Files in an S3 bucket (AWS or S3-compatible: MinIO, R2, Ceph...), one object per key with its
 * content type as the object's Content-Type.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  /**
   * The SDK and its client, loaded when S3 is configured rather than with every process: the SDK is
   * tens of MB of resident memory that a server keeping files in DATA_DIR never needs (issue 10).
   */
  private readonly sdk: Promise<{ client: S3Client; sdk: S3Sdk }>;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.sdk = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: S3Storage.client(sdk, config) }));
    // A failure surfaces in the first call that awaits it; never as an unhandled rejection.
    this.sdk.catch(() => {});
  }

  private static client(sdk: S3Sdk, config: S3Config): S3Client {
    return new sdk.S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // The SDK's default CRC checksums (since 3.729) are refused by several S3-compatible services;
      // with a custom endpoint send them only where the API requires them. AWS itself keeps the default.
      ...(config.endpoint
        ? ({
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
          } as const)
        : {}),
    });
  }

  async put(key: string, body: Buffer, opts: { contentType: string }): Promise<void> {
    assertStorageKey(key);
    // HeadObject first because not every S3-compatible service honours a conditional write (s3rver and
    // older MinIO ignore If-None-Match on PUT); IfNoneMatch then closes the race where it is supported.
    if (await this.exists(key)) throw new StorageExistsError(key);
    const { client, sdk } = await this.sdk;
    try {
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentType: opts.contentType,
          ContentLength: body.length,
          IfNoneMatch: '*',
        }),
      );
    } catch (err) {
      // 412: the object exists; 409: a concurrent conditional write to the same key is in progress.
      const status = httpStatusOf(err);
      if (status === 412 || status === 409) throw new StorageExistsError(key);
      throw err;
    }
  }

  async get(key: string): Promise<StoredFile> {
    assertStorageKey(key);
    const { client, sdk } = await this.sdk;
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(res.Body instanceof Readable)) {
        throw new Error(`S3 GetObject of ${key} did not return a Node stream`);
      }
      return { stream: res.Body, size: res.ContentLength ?? 0, contentType: res.ContentType ?? null };
    } catch (err) {
      // A missing bucket is a 404 too, but a configuration fault rather than a missing file.
      if (httpStatusOf(err) === 404 && (err as Error).name !== 'NoSuchBucket')
        throw new StorageNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    // DeleteObject answers 204 whether or not the key existed.
    const { client, sdk } = await this.sdk;
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    const { client, sdk } = await this.sdk;
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (httpStatusOf(err) === 404) return false;
      throw err;
    }
  }

  /** Closes the client's pooled connections (tests, shutdown); the storage is unusable afterwards. */
  destroy(): void {
    void this.sdk.then(
      ({ client }) => client.destroy(),
      () => {},
    );
  }
}

/** The storage the configuration asks for: S3 when `config.s3` is set, else `DATA_DIR/files`. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(join(config.dataDir, 'files'));
}
