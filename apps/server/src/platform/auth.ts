/**
 * Access tokens and per-request identity (ordering §4 Session, §6; DESIGN.md Who may do what).
 *
 * A token is an HS256 JWT {sub, role, jti, email, name, exp}. Its jti names a row in `sessions`,
 * so logout revokes it on the server and every instance agrees (no state in process memory).
 * Every /api route declares `config.permission` (an API_ACCESS key, or 'public'); the onRequest
 * hook answers 401 without a valid token and 403 when the role is not allowed.
 */
import { randomUUID } from 'node:crypto';
import {
  describePermission,
  isRole,
  isRouteAllowed,
  type Role,
  type RoutePermission,
} from '@selvedge/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from './db';
import { sessions, users } from './db/schema';
import { forbidden, unauthorized } from './errors';

/** The signed-in user of a request, with the assignments that scope the rows they see. */
export interface AuthUser {
  id: number;
  role: Role;
  email: string;
  name: string;
  sessionId: string;
  customerIds: number[];
  vendorIds: number[];
  factoryIds: number[];
  regionIds: number[];
}

export type { RoutePermission } from '@selvedge/shared';

/** A registered API route and what it requires (collected when routes register). */
export interface RegisteredRoute {
  method: string;
  /** Full path with Fastify's parameter syntax, e.g. /api/v1.0/orders/:id */
  url: string;
  permission: RoutePermission;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its permission, in registration order (the route matrix test reads it). */
    routeRegistry: RegisteredRoute[];
  }
  interface FastifyRequest {
    /** Set by the auth hook on every non-public route. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
}

/** The claims of a verified token that identify its session. */
export interface TokenClaims {
  sub: string;
  jti: string;
  role: string;
}

/** Most verified tokens a process remembers (about 0.5 kB each). */
const VERIFIED_TOKENS = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlMinutes: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** Signs a token for a new session; returns the token, its jti and expiry. */
  async issue(user: { id: number; role: string; email: string; name: string }) {
    const jti = randomUUID();
    const expiresAt = new Date(Date.now() + this.ttlMinutes * 60_000);
    const token = await new SignJWT({ role: user.role, email: user.email, name: user.name })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, jti, expiresAt };
  }

  /**
   * Tokens whose signature was verified, by their exact text, with their claims and expiry (oldest
   * first, at most VERIFIED_TOKENS): a signature is checked once per process, not on every request
   * (WebCrypto's HMAC was a large share of a request's CPU, docs/decisions/0019). Expiry is checked
   * on every use; revocation is the session row's business, read on every request.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; exp: number }>();

  /** Verifies signature and expiry; null when the token is not valid. */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > Math.floor(Date.now() / 1000)) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (!payload.sub || !payload.jti || typeof payload.role !== 'string') return null;
      const claims = { sub: payload.sub, jti: payload.jti, role: payload.role };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_TOKENS)
          this.verified.delete(this.verified.keys().next().value as string);
        this.verified.set(token, { claims, exp: payload.exp });
      }
      return claims;
    } catch {
      return null;
    }
  }
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

/** Loads the live session and the user's assignments in one query; null if revoked, expired or inactive. */
async function loadSessionUser(db: Db, jti: string, userId: number): Promise<AuthUser | null> {
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      name: users.contactName,
      customerIds: sql`coalesce((select array_agg(customer_id) from user_customers where user_id = ${users.id}), '{}')`,
      vendorIds: sql`coalesce((select array_agg(vendor_id) from user_vendors where user_id = ${users.id}), '{}')`,
      factoryIds: sql`coalesce((select array_agg(factory_id) from user_factories where user_id = ${users.id}), '{}')`,
      regionIds: sql`coalesce((select array_agg(production_region_id) from user_regions where user_id = ${users.id}), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, jti),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.active, true),
      ),
    )
    .limit(1);
  const r = rows[0];
  if (!r || !isRole(r.role)) return null;
  return {
    id: r.id,
    role: r.role,
    email: r.email,
    name: r.name,
    sessionId: jti,
    customerIds: ids(r.customerIds),
    vendorIds: ids(r.vendorIds),
    factoryIds: ids(r.factoryIds),
    regionIds: ids(r.regionIds),
  };
}

/** Installs the auth hook; routes under `prefix` without `config.permission` are refused at start. */
export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService, prefix: string) {
  app.decorateRequest('user', null);
  const registry: RegisteredRoute[] = [];
  app.decorate('routeRegistry', registry);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(prefix)) return;
    const permission = route.config?.permission;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    if (!permission) throw new Error(`Route ${methods.join(',')} ${route.url} declares no config.permission`);
    for (const method of methods) registry.push({ method, url: route.url, permission });
    app.log.debug({ method: methods, url: route.url, permission: describePermission(permission) }, 'route');
  });
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const permission = req.routeOptions.config?.permission;
    if (!permission || permission === 'public') return;
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized('Please log in.');
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized('Authentication expired. Please log in.');
    const user = await loadSessionUser(db, claims.jti, Number(claims.sub));
    // A role changed since sign-in invalidates the token: the client must sign in again.
    if (!user || user.role !== claims.role) throw unauthorized('Authentication expired. Please log in.');
    if (!isRouteAllowed(permission, user.role)) throw forbidden();
    req.user = user;
  });
}

/** The signed-in user of a request on a protected route. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
