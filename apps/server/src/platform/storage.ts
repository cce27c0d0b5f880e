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
import { createWriteStream } from 'node:fs';
import { link, lstat, mkdir, open, opendir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Config } from './config';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateFolder } from './privateFiles';

/** A stored file being read: its bytes as a stream, its length in bytes and the type it was put with. */
export interface StoredFile {
  stream: Readable;
  size: number;
  /** The content type given to `put`; null when it was not recorded (a local file without its sidecar). */
  contentType: string | null;
}

/** A stored file as listed by `FileStorage.list`: its key and when it was written. */
export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

/** Where files live. Every method validates the key first and throws `StorageKeyError` on a bad one. */
export interface FileStorage {
  /** Stores `body` under `key`; throws `StorageExistsError` if the key is taken (files are immutable). */
  put(key: string, body: Buffer, opts: { contentType: string }): Promise<void>;
  /**
   * Stores what `body` yields under `key` without holding it in memory (large uploads: variable-data
   * files). The file appears under its key only once the stream has ended; if the stream fails (an
   * upload over its limit, a client gone) nothing is stored and its error is thrown. Throws
   * `StorageExistsError` if the key is taken.
   */
  putStream(key: string, body: Readable, opts: { contentType: string }): Promise<void>;
  /** Opens a stored file; throws `StorageNotFoundError` when there is none under `key`. */
  get(key: string): Promise<StoredFile>;
  /** Removes a file; removing a missing key is not an error (cleanup after a failed transaction). */
  delete(key: string): Promise<void>;
  /** Whether a file is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** Every stored file, in no particular order (the orphan sweep, platform/storedFiles.ts). */
  list(): AsyncIterable<ListedFile>;
  /**
   * Removes what interrupted writes left behind before `before`: local temporary files and content-type
   * sidecars without their file, unfinished S3 multipart uploads. Answers how many were removed.
   */
  removeStale(before: Date): Promise<number>;
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

/** Whether `key` follows the rules of `assertStorageKey` (a listing may meet files put there by hand). */
export function isStorageKey(key: string): boolean {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
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
 * Files are mode 600 in folders of mode 700, the root included (platform/privateFiles.ts).
 */
export class LocalStorage implements FileStorage {
  readonly kind = 'local';
  readonly root: string;
  /** The root made (or an older one tightened to 700), once per instance, before its first write. */
  private rootReady: Promise<void> | undefined;

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
    await this.store(key, opts.contentType, (tmp) => writeSynced(tmp, body));
  }

  async putStream(key: string, body: Readable, opts: { contentType: string }): Promise<void> {
    await this.store(key, opts.contentType, (tmp) => writeStreamSynced(tmp, body));
  }

  /** Writes a temporary file with `write`, then gives it its key and its sidecar (see the class). */
  private async store(key: string, contentType: string, write: (tmp: string) => Promise<void>) {
    const path = this.pathOf(key);
    const folder = dirname(path);
    this.rootReady ??= privateFolder(this.root);
    await this.rootReady.catch((err) => {
      this.rootReady = undefined;
      throw err;
    });
    await mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
    if (await this.existsAt(path)) throw new StorageExistsError(key);

    const tmp = join(folder, `.${randomUUID()}.tmp`);
    const metaTmp = join(folder, `.${randomUUID()}.meta.tmp`);
    try {
      await write(tmp);
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
      const meta: LocalMeta = { contentType };
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

  async *list(): AsyncIterable<ListedFile> {
    for await (const entry of this.walk()) {
      if (entry.kind !== 'file' || !isStorageKey(entry.key)) continue;
      yield { key: entry.key, modifiedAt: entry.modifiedAt };
    }
  }

  async removeStale(before: Date): Promise<number> {
    let removed = 0;
    for await (const entry of this.walk()) {
      if (entry.modifiedAt >= before) continue;
      // A temporary file of a write that never finished (the process was killed).
      const stale =
        entry.kind === 'temporary' ||
        (entry.kind === 'sidecar' && !(await this.existsAt(entry.path.slice(0, -META_SUFFIX.length))));
      if (stale) {
        await rm(entry.path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /**
   * Every regular file under the root, depth first, classed as a stored file (its key), a sidecar, or a
   * temporary file (a dot name: `put` writes `.<uuid>.tmp` beside the key). A root not yet created
   * holds nothing.
   */
  private async *walk(): AsyncGenerator<{
    path: string;
    key: string;
    kind: 'file' | 'sidecar' | 'temporary';
    modifiedAt: Date;
  }> {
    const folders = [this.root];
    while (folders.length > 0) {
      const folder = folders.pop()!;
      let dir: Awaited<ReturnType<typeof opendir>>;
      try {
        dir = await opendir(folder);
      } catch (err) {
        if (isErrno(err, 'ENOENT', 'ENOTDIR')) continue;
        throw err;
      }
      for await (const entry of dir) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) {
          folders.push(path);
          continue;
        }
        if (!entry.isFile()) continue;
        let modifiedAt: Date;
        try {
          modifiedAt = (await lstat(path)).mtime;
        } catch (err) {
          if (isErrno(err, 'ENOENT')) continue; // removed meanwhile
          throw err;
        }
        const key = relative(this.root, path).split(sep).join('/');
        const kind = entry.name.startsWith('.')
          ? 'temporary'
          : key.endsWith(META_SUFFIX)
            ? 'sidecar'
            : 'file';
        yield { path, key, kind, modifiedAt };
      }
    }
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
  const handle = await open(path, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes a stream to a new file (failing if the name exists) and flushes it to disk. */
async function writeStreamSynced(path: string, body: Readable): Promise<void> {
  await pipeline(body, createWriteStream(path, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
  const handle = await open(path, 'r');
  try {
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

/** Parts of a streamed S3 upload: 8 MiB, two in flight (at most ~16 MiB of a file in memory). */
const S3_PART_BYTES = 8 * 1024 * 1024;
const S3_PARTS_IN_FLIGHT = 2;

/**
 * Files in an S3 bucket (AWS or S3-compatible: MinIO, R2, Ceph...), one object per key with its
 * content type as the object's Content-Type.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  /**
   * The SDK and its client, loaded when S3 is configured rather than with every process: the SDK is
   * tens of MB of resident memory that a server keeping files in DATA_DIR never needs (decision 0024).
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

  async putStream(key: string, body: Readable, opts: { contentType: string }): Promise<void> {
    assertStorageKey(key);
    if (await this.exists(key)) {
      body.resume(); // let the producer (a request) run to its end
      throw new StorageExistsError(key);
    }
    const { client } = await this.sdk;
    // lib-storage sends one PutObject for a small file, else a multipart upload that it aborts when the
    // stream fails; one killed mid-way is removed by removeStale.
    const { Upload } = await import('@aws-sdk/lib-storage');
    const upload = new Upload({
      client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: opts.contentType },
      partSize: S3_PART_BYTES,
      queueSize: S3_PARTS_IN_FLIGHT,
    });
    // lib-storage reads the stream with its own reader: an error the stream raises after it stopped
    // reading must still fail the upload, so the stream's own failure wins the race.
    const failed = new Promise<never>((_, reject) => body.once('error', reject));
    failed.catch(() => {});
    try {
      await Promise.race([upload.done(), failed]);
    } catch (err) {
      await upload.abort().catch(() => {});
      // A PutObject that completed before the stream's error arrived: remove what it wrote.
      await this.delete(key).catch(() => {});
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

  async *list(): AsyncIterable<ListedFile> {
    const { client, sdk } = await this.sdk;
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && isStorageKey(object.Key))
          yield { key: object.Key, modifiedAt: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async removeStale(before: Date): Promise<number> {
    const { client, sdk } = await this.sdk;
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      let page: import('@aws-sdk/client-s3').ListMultipartUploadsCommandOutput;
      try {
        page = await client.send(
          new sdk.ListMultipartUploadsCommand({
            Bucket: this.bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
      } catch (err) {
        // Some S3-compatible services cannot list unfinished uploads (501): a bucket lifecycle rule
        // (AbortIncompleteMultipartUpload, docs/DEPLOY.md) removes them there.
        if (httpStatusOf(err) === 501) return removed;
        throw err;
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
        await client.send(
          new sdk.AbortMultipartUploadCommand({
            Bucket: this.bucket,
            Key: upload.Key,
            UploadId: upload.UploadId,
          }),
        );
        removed++;
      }
      const more = page.IsTruncated === true;
      keyMarker = more ? page.NextKeyMarker : undefined;
      uploadIdMarker = more ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed;
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
