/**
 * Reading one uploaded file from a multipart request (artwork, order documents, product images,
 * retailer data files), the size limit of every upload route, and the file name helpers for showing
 * and sending it back. The type is read from the content (fileTypes.ts); the client's file name is
 * kept for display and Content-Disposition only, never for storage keys.
 *
 * Size limits (docs/decisions/0054): a route that takes a file names its kind in
 * `config.upload`; `UPLOAD_LIMITS` says, once per kind, how large its file may be. `registerUploadLimits`
 * refuses a request whose declared Content-Length is over its route's limit before a byte of the body
 * is read, and `readUpload` / `openUpload` refuse a file that turns out larger while it streams in
 * (a body sent without Content-Length): either way 413 with a message naming the limit, and nothing
 * stored or imported.
 *
 * Needs `@fastify/multipart` registered on the app (app.ts does, with `files: 1`), and
 * `registerUploadLimits`.
 */
import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import type { MultipartFields, MultipartFile } from '@fastify/multipart';
import {
  EMPTY_FILE_MESSAGE,
  MESSAGES,
  PRODUCT_IMAGE_MAX_MB,
  REQUEST_MESSAGES,
  UNREADABLE_UPLOAD_MESSAGE,
  UNSAFE_SVG_MESSAGE,
  UPLOAD_MESSAGES,
} from '@selvedge/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config';
import { AppError, badRequest, payloadTooLarge } from './errors';
import { type AcceptedFileTypes, checkFileType, isSafeSvg } from './fileTypes';

const MiB = 1024 * 1024;

/** The kinds of file the routes take; a route names its kind in `config.upload`. */
export type UploadKind = 'artwork' | 'document' | 'productImage' | 'variableData';

/** What the limits are read from: the running configuration (read per request, so tests may lower it). */
export type UploadConfig = Pick<Config, 'maxArtworkUploadMb' | 'maxVariableDataUploadMb'>;

/** Largest file of each kind, in MB (MiB): the one place where a route's limit is stated. */
const UPLOAD_LIMITS: Record<UploadKind, (config: UploadConfig) => number> = {
  artwork: (c) => c.maxArtworkUploadMb,
  // Order documents share the artwork maximum: the screens check both against
  // GET /orders/max-artwork-upload-size before sending (apps/web FileUploadButton).
  document: (c) => c.maxArtworkUploadMb,
  productImage: () => PRODUCT_IMAGE_MAX_MB,
  variableData: (c) => c.maxVariableDataUploadMb,
};

/** A route's size limit under the running configuration. */
export interface UploadLimit {
  /** Largest accepted file in MB (MiB). */
  mb: number;
  /** The same in bytes. */
  maxBytes: number;
  /** The 413 answer: 'File size can not exceed {n} MB.' (ordering §5 Artwork upload), for every kind. */
  tooLargeMessage: string;
}

/** The size limit of uploads of `kind` under `config`. */
export function uploadLimit(kind: UploadKind, config: UploadConfig): UploadLimit {
  const mb = UPLOAD_LIMITS[kind](config);
  return { mb, maxBytes: mb * MiB, tooLargeMessage: MESSAGES.artworkTooLarge(mb) };
}

/**
 * What an upload's body may hold besides its file: the multipart boundaries and part headers (a long
 * file name included) and the plain fields before the file (at most `MULTIPART_LIMITS.fields` of
 * `fieldSize` bytes each). A declared Content-Length up to the file limit plus this is read.
 */
export const MULTIPART_ALLOWANCE_BYTES = 128 * 1024;

/**
 * The busboy limits of every multipart request besides the file's size (app.ts): one file, a few
 * short plain fields (the forms send one: the data file's customerId). Without them a body sent
 * without Content-Length could hold a thousand fields of 1 MB each, kept in memory.
 */
export const MULTIPART_LIMITS = { files: 1, fields: 16, fieldSize: 4096, parts: 17 } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The kind of file the route takes (multipart): its size limit is `UPLOAD_LIMITS[upload]`. */
    upload?: UploadKind;
  }
  interface FastifyRequest {
    /** The size limit of the route's upload (null on routes without `config.upload`); set by `registerUploadLimits`. */
    uploadLimit: UploadLimit | null;
  }
}

/**
 * Installs the size check of request bodies, before anything else of the request runs (sign-in
 * included): a declared Content-Length above the route's limit — its upload's limit plus
 * MULTIPART_ALLOWANCE_BYTES, else the route's body limit — answers 413 at once, the body unread, and
 * the connection is closed after the answer (so that nothing reads the rest of a body of, say, 1 GB).
 * Also gives each request its route's `uploadLimit`, which `readUpload` and `openUpload` apply to a body
 * sent without Content-Length.
 */
export function registerUploadLimits(app: FastifyInstance, config: UploadConfig) {
  app.decorateRequest('uploadLimit', null);
  // Synchronous (done callback): every request passes here, and an async hook costs a promise each.
  app.addHook('onRequest', (req, reply, done) => {
    const kind = req.routeOptions.config?.upload;
    const limit = kind ? uploadLimit(kind, config) : null;
    req.uploadLimit = limit;
    const header = req.headers['content-length'];
    // Node's parser refuses a malformed Content-Length; app.inject may pass anything.
    if (header === undefined || !/^\d+$/.test(header)) return done();
    const allowed = limit ? limit.maxBytes + MULTIPART_ALLOWANCE_BYTES : req.routeOptions.bodyLimit;
    if (Number(header) <= allowed) return done();
    reply.header('connection', 'close');
    done(payloadTooLarge(limit ? limit.tooLargeMessage : REQUEST_MESSAGES.bodyTooLarge(formatMb(allowed))));
  });
}

const formatMb = (bytes: number) => String(Math.round((bytes / MiB) * 10) / 10);

/** The route's upload limit; a route that reads a file without declaring `config.upload` is a programming error. */
function routeLimit(req: FastifyRequest): UploadLimit {
  if (!req.uploadLimit) {
    throw new Error(
      `${req.method} ${req.routeOptions.url} reads an upload without config.upload (or registerUploadLimits)`,
    );
  }
  return req.uploadLimit;
}

/** What `readUpload` and `openUpload` need besides the route's limit: the form field and the accepted types. */
export interface ReadUploadOptions {
  /** Name of the multipart field that carries the file, e.g. 'artwork'. */
  field: string;
  accepted: AcceptedFileTypes;
}

/** An uploaded file, read into memory and checked. */
export interface Upload {
  buffer: Buffer;
  /** The client's file name cleaned by `displayFileName`: for display and downloads only. */
  fileName: string;
  /** Type read from the content (never the client's Content-Type). */
  mime: string;
  ext: string;
  /** Length in bytes. */
  size: number;
  /** SHA-256 of the content, lower-case hex. */
  sha256: string;
}

/**
 * Reads the one file of a multipart/form-data request from `opts.field` into memory and checks it.
 * Throws AppError: 400 when the request is not multipart, has no file, carries it in another field,
 * is malformed, or the file is empty, of a type not in `opts.accepted`, or an SVG with active content;
 * 413 with the route's `tooLargeMessage` when the file is larger than the route's limit
 * (`config.upload`; a route without one is a programming error).
 */
export async function readUpload(req: FastifyRequest, opts: ReadUploadOptions): Promise<Upload> {
  const { field } = opts;
  const limit = routeLimit(req);
  const part = await filePart(req, opts, limit);

  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    throw uploadError(err, opts, limit);
  }
  if (part.file.truncated || buffer.length > limit.maxBytes) throw payloadTooLarge(limit.tooLargeMessage);
  if (buffer.length === 0) throw badRequest(EMPTY_FILE_MESSAGE, field);

  const type = await checkFileType(buffer, opts.accepted);
  if (!type.ok) throw badRequest(type.message, field);
  if (type.mime === 'image/svg+xml' && !isSafeSvg(buffer)) throw badRequest(UNSAFE_SVG_MESSAGE, field);

  return {
    buffer,
    // A part may come without a filename at all: it still gets a display name ('file').
    fileName: displayFileName(part.filename ?? ''),
    mime: type.mime,
    ext: type.ext,
    size: buffer.length,
    sha256: createHash('sha256').update(buffer).digest('hex'),
  };
}

/** The multipart part that carries the file, with the route's size limit. Throws as `readUpload` says. */
async function filePart(
  req: FastifyRequest,
  opts: ReadUploadOptions,
  limit: UploadLimit,
): Promise<MultipartFile> {
  const { field } = opts;
  if (!req.isMultipart()) throw badRequest(UPLOAD_MESSAGES.notMultipart, field);

  let part: MultipartFile | undefined;
  try {
    // throwFileSizeLimit: a cut-off file must fail, whatever the app-wide setting.
    part = await firstPart(
      req.file({ limits: { fileSize: limit.maxBytes }, throwFileSizeLimit: true }),
      opts.field,
    );
  } catch (err) {
    throw uploadError(err, opts, limit);
  }
  if (!part) throw badRequest(UPLOAD_MESSAGES.fileRequired, field);
  if (part.fieldname !== field) {
    // Let the parser run through the unread part, so the request body is consumed before the answer.
    part.file.resume();
    throw badRequest(UPLOAD_MESSAGES.wrongField(field, part.fieldname), field);
  }
  return part;
}

/** An uploaded file being received: checked by its first bytes, its content still to be read. */
export interface StreamedUpload {
  /**
   * The file's bytes, to be read once (e.g. by `storeThenCommit`, which streams them into storage).
   * It fails with a 413 AppError as soon as the file exceeds the route's limit (it never ends with
   * the file cut at the limit), or 400 when the body is cut short.
   */
  stream: Readable;
  /** The client's file name cleaned by `displayFileName`: for display and downloads only. */
  fileName: string;
  /** Type read from the first bytes (never the client's Content-Type). */
  mime: string;
  ext: string;
  /** The plain (non-file) fields that came before the file in the form, by name (their last value). */
  fields: Record<string, string>;
  /** Length in bytes; known once `stream` has ended (reading it earlier throws). */
  readonly size: number;
  /** SHA-256 of the content, lower-case hex; known once `stream` has ended (reading it earlier throws). */
  readonly sha256: string;
}

/** How many first bytes `openUpload` reads to tell the type (file-type needs at most ~4 KB). */
const STREAM_HEAD_BYTES = 64 * 1024;

/**
 * Like `readUpload`, but without holding the file in memory (variable-data files of up to hundreds of
 * MB): reads the first 64 KB, checks the type on them (a text file: valid UTF-8 without NUL so far),
 * and answers the file as a stream that counts and hashes what passes through. Types that can only be
 * judged whole (SVG's active content) are not accepted here. Throws like `readUpload` (the size limit
 * while the stream is read).
 */
export async function openUpload(req: FastifyRequest, opts: ReadUploadOptions): Promise<StreamedUpload> {
  if (opts.accepted.types.some((t) => t.mime === 'image/svg+xml')) {
    throw new Error('openUpload cannot check SVG files: use readUpload');
  }
  const limit = routeLimit(req);
  const part = await filePart(req, opts, limit);
  let read: { head: Buffer; ended: boolean };
  try {
    read = await readHead(part.file, STREAM_HEAD_BYTES);
  } catch (err) {
    throw uploadError(err, opts, limit);
  }
  const { head, ended: wholeFile } = read;
  if (part.file.truncated) throw payloadTooLarge(limit.tooLargeMessage);
  if (head.length === 0) throw badRequest(EMPTY_FILE_MESSAGE, opts.field);
  const type = await checkFileType(
    wholeFile ? head : utf8Whole(head.subarray(0, STREAM_HEAD_BYTES)),
    opts.accepted,
  );
  if (!type.ok) {
    part.file.resume();
    throw badRequest(type.message, opts.field);
  }

  const hash = createHash('sha256');
  let size = 0;
  let sha256: string | undefined;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      // The parser ends a file cut at the limit like a whole one: never let that pass as the file.
      if (part.file.truncated) return done(payloadTooLarge(limit.tooLargeMessage));
      sha256 = hash.digest('hex');
      done();
    },
  });
  counted.write(head);
  if (wholeFile) {
    counted.end();
  } else {
    part.file.on('error', (err) => counted.destroy(uploadError(err, opts, limit)));
    // Busboy cuts the file at the limit and would end it as if it were whole (the multipart plugin
    // reports the limit only to a later `parts()` call, which a streamed upload never makes): fail
    // at once, so that storage drops what it has, and let the parser run through the rest.
    part.file.once('limit', () => {
      counted.destroy(payloadTooLarge(limit.tooLargeMessage));
      part.file.resume();
    });
    part.file.pipe(counted);
  }
  const ended = (what: string) => {
    if (sha256 === undefined) throw new Error(`the upload's ${what} is known once its stream has ended`);
  };
  return {
    stream: counted,
    fileName: displayFileName(part.filename ?? ''),
    mime: type.mime,
    ext: type.ext,
    fields: plainFields(part.fields),
    get size() {
      ended('size');
      return size;
    },
    get sha256() {
      ended('SHA-256');
      return sha256 as string;
    },
  };
}

/**
 * Reads the first `bytes` of `stream` (or all of it when shorter): answers what was read (possibly a
 * little more than `bytes`) and whether the stream ended. The rest stays in the stream, unread.
 */
async function readHead(stream: Readable, bytes: number): Promise<{ head: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  for (;;) {
    const chunk = stream.read() as Buffer | null;
    if (chunk) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) return { head: Buffer.concat(chunks), ended: false };
      continue;
    }
    if (stream.readableEnded) return { head: Buffer.concat(chunks), ended: true };
    // Wait for more, for the end or for a failure; every listener is removed again, because a
    // 'readable' listener left behind would keep the stream from flowing when it is piped later.
    const ended = await new Promise<boolean>((resolve, reject) => {
      const off = () => {
        stream.off('readable', onReadable);
        stream.off('end', onEnd);
        stream.off('error', onError);
      };
      const onReadable = () => {
        off();
        resolve(false);
      };
      const onEnd = () => {
        off();
        resolve(true);
      };
      const onError = (err: Error) => {
        off();
        reject(err);
      };
      stream.on('readable', onReadable);
      stream.on('end', onEnd);
      stream.on('error', onError);
    });
    if (ended) return { head: Buffer.concat(chunks), ended: true };
  }
}

/** The start of a longer file without a UTF-8 sequence cut at its end (so that text still reads as text). */
function utf8Whole(head: Buffer): Buffer {
  for (let back = 1; back <= 3 && back <= head.length; back++) {
    const byte = head[head.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? head.subarray(0, head.length - back) : head;
  }
  return head;
}

/** The values of the plain fields among a part's `fields`. */
function plainFields(fields: MultipartFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (last && last.type === 'field' && typeof last.value === 'string') out[name] = last.value;
  }
  return out;
}

/**
 * How long the first part of an upload may take to arrive. Some malformed bodies never settle the
 * multipart parser (a part header holding a bare line feed, followed by more than 1 MB: found by
 * the fuzz test through POST /product-subcodes/{id}/image); the request answers 400 instead of
 * hanging. The first part's headers come in the first bytes of the body, so a real client is far
 * below this.
 */
const FIRST_PART_DEADLINE_MS = 10_000;

async function firstPart<T>(pending: Promise<T>, field: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(badRequest(UNREADABLE_UPLOAD_MESSAGE, field)), FIRST_PART_DEADLINE_MS);
  });
  try {
    return await Promise.race([pending, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The answer for an error raised while the multipart body was parsed. */
function uploadError(err: unknown, opts: ReadUploadOptions, limit: UploadLimit): Error {
  const { code, statusCode } = (err ?? {}) as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(limit.tooLargeMessage);
  // Anything the plugin itself classes as a server fault stays one.
  if (typeof statusCode === 'number' && statusCode >= 500) return err as Error;
  if (err instanceof AppError) return err;
  // Busboy's own errors (no boundary, a part cut short, limits on parts or fields) are bad input.
  return badRequest(UNREADABLE_UPLOAD_MESSAGE, opts.field);
}

/** Characters that must not reach a header or a screen: C0/C1 controls and bidirectional overrides. */
const UNPRINTABLE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Half of a surrogate pair without its other half (encodeURIComponent throws on it). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const MAX_NAME_CHARS = 200;
/** Longest ending kept whole when a long name is shortened, dot included. */
const MAX_EXT_CHARS = 16;

/**
 * A client's file name made safe for display and Content-Disposition: the last path segment only
 * (after `/` or `\`), NFC-normalised, without control characters, NUL or bidirectional overrides
 * (which can disguise `exe.pdf`), trimmed, at most 200 characters (code points) keeping its
 * extension, and 'file' when nothing remains.
 */
export function displayFileName(name: string): string {
  const cleaned = name.normalize('NFC').replace(LONE_SURROGATE, '\ufffd').replace(UNPRINTABLE, '');
  const base = (cleaned.split(/[/\\]/).pop() ?? '').trim();
  if (base === '' || base === '.' || base === '..') return 'file';
  const chars = Array.from(base);
  if (chars.length <= MAX_NAME_CHARS) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(base.slice(dot)) : [];
  if (ext.length < 2 || ext.length > MAX_EXT_CHARS) return chars.slice(0, MAX_NAME_CHARS).join('').trimEnd();
  return (
    chars
      .slice(0, MAX_NAME_CHARS - ext.length)
      .join('')
      .trimEnd() + ext.join('')
  );
}

/**
 * A Content-Disposition header value (RFC 6266) for a file name: the name is cleaned by
 * `displayFileName`, then given twice, as an ASCII `filename="..."` (other characters replaced by `_`,
 * quotes and backslashes escaped) for old clients and as `filename*=UTF-8''...` (RFC 8187
 * percent-encoding) which current browsers prefer.
 */
export function contentDisposition(
  fileName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const name = displayFileName(fileName);
  const ascii = Array.from(name, (c) => (c >= ' ' && c <= '~' ? c : '_'))
    .join('')
    .replace(/["\\]/g, '\\$&');
  // encodeURIComponent leaves ' ( ) * as they are, which RFC 8187 attr-chars do not allow.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
