/**
 * What may reach a log (no secret, password or token is ever logged): request URLs with
 * secret query values replaced, no Authorization or Cookie header, and failing SQL logged as its
 * statement without the values (they may hold emails or what a user typed).
 */
import type { FastifyServerOptions } from 'fastify';

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

/**
 * Logger options (pino) of the server and the worker: redacted URLs and headers, safe errors.
 * `stream` sends the lines elsewhere than stdout (tests).
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    ...(stream ? { stream } : {}),
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
