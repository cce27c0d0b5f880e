/**
 * Error handling for the HTTP layer (ARCHITECTURE.md Contract).
 * Bad input answers 400 with a sentence and the refused field's path (`{ message, field, fields }`,
 * decision 0058); known errors keep their status; the rest are 500 with the generic text and a log
 * line carrying the request id.
 */
import { Readable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import {
  type ApiFieldMessage,
  apiFieldMessage,
  type ErrorResponse,
  MESSAGES,
  REQUEST_MESSAGES,
} from '@selvedge/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { contentDisposition } from './uploads';

/** Most refused fields one answer lists (a body of 500 bad tiers names the first ones). */
const MAX_FIELDS = 20;

/**
 * A schema refusal as the API answers it (decision 0058): the first issue's sentence and field, and
 * every refused field when there are several (a form puts each under its input). The path comes
 * from the issue (`/priceTiers/1/quantity`); the text from the shared error map or the schema.
 */
function describeValidation(err: FastifyError): ErrorResponse {
  if (!hasZodFastifySchemaValidationErrors(err)) return { message: sentence(err.message) };
  const issues = err.validation.map((v) =>
    apiFieldMessage(v.instancePath.split('/').filter(Boolean), v.message ?? 'is not valid'),
  );
  const fields = issues.filter((i): i is Required<ApiFieldMessage> => i.field !== undefined);
  const distinct = fields.filter((f, i) => fields.findIndex((g) => g.field === f.field) === i);
  const first = issues[0] ?? { message: REQUEST_MESSAGES.invalidRequest };
  return {
    ...first,
    ...(distinct.length > 1 ? { fields: distinct.slice(0, MAX_FIELDS) } : {}),
  };
}

/**
 * Fastify's own 4xx texts in the user's words: a body that is not JSON, an empty JSON body, a
 * media type it does not take. Others keep their text.
 */
function sentence(message: string): string {
  if (/JSON/.test(message) && /empty/i.test(message)) return REQUEST_MESSAGES.emptyBody;
  if (/not valid JSON|Unexpected token|JSON at position|Unexpected end of JSON/i.test(message))
    return REQUEST_MESSAGES.invalidJson;
  if (/Unsupported Media Type/i.test(message)) return REQUEST_MESSAGES.unsupportedMediaType;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) req.log.error({ err }, err.message);
      const body: ErrorResponse = { message: err.message, ...(err.field ? { field: err.field } : {}) };
      return reply.status(err.statusCode).send(body);
    }
    if (err.validation) {
      return reply.status(400).send(describeValidation(err));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ message: MESSAGES.unexpectedError });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: sentence(err.message) });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.unexpectedError });
  });
}

/** A stored file on its way to the client. */
export interface FileReply {
  stream: NodeJS.ReadableStream | Buffer;
  size: number;
  contentType: string;
  fileName: string;
}

/**
 * Sends a file (artwork, document, generated PDF): its type, length and a Content-Disposition
 * carrying the file name (ordering §7: the client names the download from it). Never cached by
 * shared caches; SVG (which can hold script) is sandboxed if opened directly.
 */
export function sendFile(
  reply: FastifyReply,
  file: FileReply,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', contentDisposition(file.fileName, disposition))
    .header('Cache-Control', 'private, no-store');
  if (file.contentType === 'image/svg+xml')
    reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
  return reply.send(file.stream);
}

/** A generated file of unknown length (CSV, xlsx) on its way to the client. */
export interface StreamReply {
  /** The file's bytes; its first chunk should carry real content (csvStream's does). */
  body: Readable;
  contentType: string;
  fileName: string;
}

/**
 * The route option `compress` of routes answering with sendStream: large text files compressed on
 * the fly at the fast levels (gzip/deflate level 1, brotli quality 1; zstd, which browsers prefer, at
 * its default). On a million-row CSV, gzip's default level 6 cost about a fifth of the server's CPU
 * for a file ~1.6 times smaller (bench:export, decision 0049); what is compressed already (.xlsx)
 * goes as it is.
 */
export const STREAM_COMPRESSION = {
  zlibOptions: { level: 1 },
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
};

/**
 * Sends a generated file as it is produced (chunked, no Content-Length; compressed on the fly when
 * its type is text and the client accepts it): Content-Type, a Content-Disposition carrying the file
 * name (ordering §7) and no caching. The first chunk is awaited before anything is sent, so a file
 * that fails at once (bad statement, a check in the source) answers the usual `{ message }` error
 * with its status; a failure after the first chunk cuts the transfer (the client sees a failed
 * download, never a short file that looks complete). The client going away destroys `body` (a
 * cursor behind it is closed).
 */
export async function sendStream(reply: FastifyReply, file: StreamReply) {
  const chunks = file.body[Symbol.asyncIterator]();
  const first = await chunks.next();
  async function* rest() {
    let finished = false;
    try {
      if (!first.done) yield first.value;
      for (;;) {
        const next = await chunks.next();
        if (next.done) break;
        yield next.value;
      }
      finished = true;
    } finally {
      if (!finished) await chunks.return?.(undefined);
    }
  }
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(file.fileName, 'attachment'))
    .header('Cache-Control', 'private, no-store');
  return reply.send(Readable.from(rest(), { objectMode: false }));
}
