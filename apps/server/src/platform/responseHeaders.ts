/**
 * The headers every answer carries (ARCHITECTURE.md Contract; docs/decisions/0070): helmet's security headers, the request id, and `Cache-Control: no-store` on API
 * answers (ordering §6 Visibility: what a role may see is kept by no cache). A route that sets its own
 * Cache-Control (downloads, the passport page) overrides the default, since it sets it later.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Content-Security-Policy directives of the web app (its scripts and styles come from this origin). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Helmet's headers for this policy, as a lower-cased name → value map. Helmet decides them (a
 * well-kept library: which headers, which values); it is run once against a recording response,
 * because its headers do not depend on the request and setting them one by one on the raw response
 * per request cost more than the rest of an authenticated call's framework work (Node then merges
 * them header by header instead of writing them in one writeHead).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet({ contentSecurityPolicy: { directives: CSP_DIRECTIVES } })(
    {} as never,
    recorder as never,
    (err?: unknown) => {
      failed = err;
    },
  );
  if (failed) throw failed;
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}

/** Adds the headers of every answer in one synchronous onRequest hook (no promise per request). */
export function registerResponseHeaders(app: FastifyInstance) {
  const security = securityHeaders();
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(security);
    reply.header('x-request-id', req.id);
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
