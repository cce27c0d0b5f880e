/**
 * What may reach a log (no secret, password or token is ever logged): request URLs with
 * secret query values replaced, no Authorization or Cookie header, and failing SQL logged as its
 * statement without the values (they may hold emails or what a user typed). And how lines are
 * written: one per request, to standard output in blocks (decision 0079).
 */
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';

/** Query parameters whose values are secrets. */
const SECRET_PARAMS = /^(token|access_token|password|secret|code|key)$/i;

/** The URL with the values of secret query parameters replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as it is
      }
      return eq >= 0 && SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** An error as it may be logged: a failing query keeps its statement and the database's code, not its values. */
export function loggableError(err: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const e = err as Error & { query?: string; params?: unknown[]; cause?: unknown; code?: string };
  if (typeof e.query === 'string' && Array.isArray(e.params)) {
    const cause = e.cause as { code?: string; message?: string } | undefined;
    return {
      type: e.name,
      message: 'database query failed',
      query: e.query,
      parameterCount: e.params.length,
      dbCode: cause?.code,
      dbMessage: cause?.message,
      // The stack starts with the message (which lists the values): keep only the frames.
      stack: (e.stack ?? '')
        .split('\n')
        .filter((l) => l.trimStart().startsWith('at '))
        .join('\n'),
    };
  }
  return { type: e.name, message: e.message, code: e.code, stack: e.stack ?? '' };
}

/** Bytes of log lines held before they are written: a few dozen request lines. */
const LOG_BLOCK_BYTES = 4096;
/** The longest a line waits in the block before it is written (ms). */
const LOG_FLUSH_MS = 1000;
let destination: ReturnType<typeof pino.destination> | undefined;

/**
 * Standard output, written in blocks (pino's destination, sonic-boom, synchronous writes of at least
 * LOG_BLOCK_BYTES), at least every LOG_FLUSH_MS and when the process exits: one write per line was
 * the largest cost of a request that does little (decision 0079). One per process, so the lines of
 * its loggers keep their order. Lines still held when the process is killed (SIGKILL, out of
 * memory) are lost: at most a second of them.
 */
function logDestination() {
  if (destination) return destination;
  const dest = pino.destination({ dest: 1, minLength: LOG_BLOCK_BYTES, sync: true });
  // flush(), not flushSync(): a write error (EPIPE: stdout closed) goes to the stream's error
  // handling (pino stops writing), it is not thrown out of a timer.
  setInterval(() => dest.flush(), LOG_FLUSH_MS).unref();
  // Also after an uncaught exception: Node prints it, then emits 'exit'.
  process.once('exit', () => {
    try {
      dest.flushSync();
    } catch {
      // stdout is gone: nowhere left to write
    }
  });
  destination = dest;
  return dest;
}

/**
 * Logger options (pino) of the server and the worker: redacted URLs and headers, safe errors.
 * `stream` sends the lines elsewhere than stdout (tests).
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    stream: stream ?? logDestination(),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
        id: req.id,
      }),
      err: loggableError,
    },
  };
}

/** The same options, typed for Fastify. */
export const fastifyLoggerOptions = (level: string, stream?: { write(line: string): void }) =>
  loggerOptions(level, stream) as unknown as FastifyServerOptions['logger'];

/**
 * Fastify's request log lines, one per request instead of two: Fastify logs "incoming request" (the
 * method and URL) and "request completed" (the status and time) apart; this logs the completion
 * alone, with the request's method, URL and address in it. A log line was the largest cost of a
 * request that does little (issue 40: the auth-only call at 0.58 of the bare ceiling with two lines);
 * a request that never completes is still seen in Fastify's error lines. Every other line
 * (errors, not found, stream errors) is Fastify's own.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
