/**
 * Access tokens and per-request identity (ordering §4 Session, §6; ARCHITECTURE.md Who may do what).
 *
 * A token is an HS256 JWT {sub, role, jti, email, name, exp}. Its jti names a row in `sessions`,
 * so logout revokes it on the server and every instance agrees. The session row with the user's
 * assignments is cached per process (SessionCache) and dropped on the `selvedge_auth` notice that
 * triggers send when any of it changes (migration 0005, docs/decisions/0019 Authentication).
 * Every /api route declares `config.permission` (an API_ACCESS key, or 'public'); the onRequest
 * hook answers 401 without a valid token and 403 when the role is not allowed (or, for a per-user
 * permission, the user lacks its flag).
 */
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import {
  describePermission,
  isRole,
  isRouteAllowed,
  MESSAGES,
  REQUEST_MESSAGES,
  type Role,
  type RoutePermission,
} from '@selvedge/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { type Db, listenForNotices } from './db';
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
  /** Per-user permissions (USER_PERMISSIONS), as the users row says. */
  canUpdateInventory: boolean;
  canRestock: boolean;
}

export type { RoutePermission } from '@selvedge/shared';

/** A registered API route and what it requires (collected when routes register). */
export interface RegisteredRoute {
  method: string;
  /** Full path with Fastify's parameter syntax, e.g. /api/v1.0/orders/:id */
  url: string;
  permission: RoutePermission;
  /** It answers only once this instance has seen the session notices of its writes (registerAuth). */
  waitsForSessionNotices: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its permission, in registration order (the route matrix test reads it). */
    routeRegistry: RegisteredRoute[];
    /** This instance's cache of signed-in sessions (tests look into it). */
    sessionCache: SessionCache;
    /** Resolves once the session cache has seen every change committed before the call (tests). */
    sessionCacheSync: () => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by the auth hook on every non-public route. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /**
     * true: a GET route that changes sessions or users (logout): like every POST, PUT, PATCH and
     * DELETE it answers only once this instance's session cache has seen the change (registerAuth).
     * false: a write route that can never change what a session holds (it writes none of the tables
     * whose triggers send session notices: sessions, users, user_* assignments, nor anything that
     * cascades to them), so it answers without waiting for the notice connection (the cart and
     * placing: decision 0031).
     */
    changesSessions?: boolean;
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
  /** Keys derived from the secret for `digest`, by purpose. */
  private readonly digestKeys = new Map<string, Buffer>();
  constructor(
    secret: string,
    private readonly ttlMinutes: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * A keyed hash of `value` (HMAC-SHA-256, 43 characters of base64url) under a key derived from the
   * signing secret for `purpose` (HKDF-SHA-256): the same on every instance that shares JWT_SECRET,
   * and no way back to `value` without it. For identifiers the database must match but need not be
   * able to show, such as sign-in throttling keys (docs/decisions/0055).
   */
  digest(purpose: string, value: string): string {
    let key = this.digestKeys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', this.key, '', `selvedge ${purpose}`, 32));
      this.digestKeys.set(purpose, key);
    }
    return createHmac('sha256', key).update(value).digest('base64url');
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
   * on every use; revocation is the session row's business (read, or cached by SessionCache).
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

/** Methods that change nothing, unless their route says `changesSessions`. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request answers only after this instance saw the session notices committed before it. */
const waitsForSessionNotices = (method: string, config: { changesSessions?: boolean } | undefined) =>
  config?.changesSessions ?? !READ_METHODS.has(method);

/** The notice channel of session changes (migration 0005_auth_notify). */
export const AUTH_CHANNEL = 'selvedge_auth';

/**
 * Signed-in sessions of this process, by session id (the token's jti): the session row with the
 * user's assignments, as `loadSessionUser` read it, so that a request costs no database round trip
 * for its identity (docs/decisions/0019 Authentication).
 *
 * Correctness rests on notices: triggers send `selvedge_auth` with the user id whenever a session,
 * the user or an assignment changes, and `notice` drops that user's entries. So the cache serves
 * only while the notice connection is up (`up` … `down`): while it is down every lookup misses and
 * nothing is stored, and both edges drop everything (notices may have been missed). A read that
 * overlapped any invalidation is not stored (`begin` hands out the epoch it must still match): its
 * row may predate the change whose notice just went by. An entry lives at most `ttlMs` (and never
 * past its session's expiry) whatever happens; at most `maxEntries`, the oldest dropped first.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: AuthUser; until: number }>();
  /** Session ids cached per user id, to drop a user's entries on a notice. */
  private readonly byUser = new Map<number, Set<string>>();
  private live = false;
  private epoch = 0;
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(opts: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}) {
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** Whether the cache serves (the notice connection is up). */
  get isLive(): boolean {
    return this.live;
  }

  /** Number of cached sessions. */
  get size(): number {
    return this.entries.size;
  }

  /** The cached user of session `sessionId` if it belongs to `userId` and is fresh; else undefined. */
  get(sessionId: string, userId: number): AuthUser | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.remove(sessionId, entry.user.id);
      return undefined;
    }
    return entry.user.id === userId ? entry.user : undefined;
  }

  /**
   * Call before reading a session from the database; pass the answer to `set`. Null when the cache
   * does not serve (then `set` stores nothing).
   */
  begin(): number | null {
    return this.live ? this.epoch : null;
  }

  /**
   * Stores `user` (frozen: every request shares it) read after `begin` answered `ticket`, unless an
   * invalidation or an outage came in between; `expiresAt` is the session's expiry.
   */
  set(ticket: number | null, user: AuthUser, expiresAt: Date): void {
    if (ticket === null || !this.live || ticket !== this.epoch) return;
    const until = Math.min(this.now() + this.ttlMs, expiresAt.getTime());
    if (until <= this.now()) return;
    const previous = this.entries.get(user.sessionId);
    if (previous) this.remove(user.sessionId, previous.user.id);
    while (this.entries.size >= this.maxEntries) {
      const [oldest, entry] = this.entries.entries().next().value as [string, { user: AuthUser }];
      this.remove(oldest, entry.user.id);
    }
    for (const list of [user.customerIds, user.vendorIds, user.factoryIds, user.regionIds])
      Object.freeze(list);
    this.entries.set(user.sessionId, { user: Object.freeze(user), until });
    const sessions = this.byUser.get(user.id) ?? new Set<string>();
    sessions.add(user.sessionId);
    this.byUser.set(user.id, sessions);
  }

  /** A `selvedge_auth` notice: drops the sessions of the user it names ('*' or anything else: all). */
  notice(payload: string): void {
    const userId = /^[0-9]+$/.test(payload) ? Number(payload) : Number.NaN;
    this.epoch++;
    if (!Number.isSafeInteger(userId)) {
      this.clear();
      this.tellChanged(null);
      return;
    }
    for (const sessionId of this.byUser.get(userId) ?? []) this.entries.delete(sessionId);
    this.byUser.delete(userId);
    this.tellChanged(userId);
  }

  /**
   * Calls `listener` after each notice with the user whose sessions may have changed (null: anyone,
   * also when the notice connection comes back up); answers a function that stops it. Live-update
   * streams (modules/events) check their session again then, and close when it ended.
   */
  onChange(listener: (userId: number | null) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private readonly changeListeners = new Set<(userId: number | null) => void>();

  private tellChanged(userId: number | null) {
    for (const listener of this.changeListeners) listener(userId);
  }

  /** The notice connection listens (again): start serving, from empty. */
  up(): void {
    this.epoch++;
    this.clear();
    this.live = true;
    this.tellChanged(null);
  }

  /** The notice connection is lost: drop everything and serve nothing until `up`. */
  down(): void {
    this.live = false;
    this.epoch++;
    this.clear();
  }

  private clear() {
    this.entries.clear();
    this.byUser.clear();
  }

  private remove(sessionId: string, userId: number) {
    this.entries.delete(sessionId);
    const sessions = this.byUser.get(userId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.byUser.delete(userId);
  }
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

/**
 * Loads the live session and the user's assignments in one query, with the session's expiry; null if
 * revoked, expired or inactive.
 */
async function loadSessionUser(
  db: Db,
  jti: string,
  userId: number,
): Promise<{ user: AuthUser; expiresAt: Date } | null> {
  const rows = await db
    .select({
      id: users.id,
      expiresAt: sessions.expiresAt,
      role: users.role,
      email: users.email,
      name: users.contactName,
      customerIds: sql`coalesce((select array_agg(customer_id) from user_customers where user_id = ${users.id}), '{}')`,
      vendorIds: sql`coalesce((select array_agg(vendor_id) from user_vendors where user_id = ${users.id}), '{}')`,
      factoryIds: sql`coalesce((select array_agg(factory_id) from user_factories where user_id = ${users.id}), '{}')`,
      regionIds: sql`coalesce((select array_agg(production_region_id) from user_regions where user_id = ${users.id}), '{}')`,
      canUpdateInventory: users.canUpdateInventory,
      canRestock: users.canRestock,
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
  const user: AuthUser = {
    id: r.id,
    role: r.role,
    email: r.email,
    name: r.name,
    sessionId: jti,
    customerIds: ids(r.customerIds),
    vendorIds: ids(r.vendorIds),
    factoryIds: ids(r.factoryIds),
    regionIds: ids(r.regionIds),
    canUpdateInventory: r.canUpdateInventory,
    canRestock: r.canRestock,
  };
  return { user, expiresAt: r.expiresAt };
}

/**
 * The user of a live session: from the cache, else read (and cached when the cache serves); null
 * when the session was revoked, expired or the user is inactive.
 */
export async function sessionUser(db: Db, cache: SessionCache, jti: string, userId: number) {
  const cached = cache.get(jti, userId);
  if (cached) return cached;
  const ticket = cache.begin();
  const loaded = await loadSessionUser(db, jti, userId);
  if (!loaded) return null;
  cache.set(ticket, loaded.user, loaded.expiresAt);
  return loaded.user;
}

/**
 * Installs the auth hook; routes under `prefix` without `config.permission` are refused at start.
 * Starts listening for session changes (the session cache serves once LISTEN is in effect; never
 * for a `db` not opened by openDatabase) and stops when the app closes.
 */
export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService, prefix: string) {
  app.decorateRequest('user', null);
  const cache = new SessionCache();
  app.decorate('sessionCache', cache);
  let closing = false;
  const listener = listenForNotices(db, AUTH_CHANNEL, {
    notice: (payload) => cache.notice(payload),
    up: () => {
      cache.up();
      app.log.info('session cache on: listening for session changes');
    },
    down: (err) => {
      cache.down();
      if (!closing) app.log.warn({ err }, 'session cache off: session change notices lost; reconnecting');
    },
  });
  app.decorate('sessionCacheSync', async () => {
    await listener?.sync();
  });
  app.addHook('onClose', async () => {
    closing = true;
    await listener?.close();
  });
  // A request that may have changed a session, a user or an assignment answers only after this
  // instance received the notices of everything committed so far (one ping on the notice
  // connection): the client never gets "logged out" / "saved" from an instance whose cache still
  // holds the old session. Other instances get the same notice at the same time; nothing waits
  // for them (docs/decisions/0019).
  // A route hook, given only to routes with a method that waits: a read pays no hook at all.
  const awaitSessionNotices = async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    if (!listener || !cache.isLive) return payload;
    if (!waitsForSessionNotices(req.method, req.routeOptions.config)) return payload;
    await listener.sync();
    return payload;
  };
  const registry: RegisteredRoute[] = [];
  app.decorate('routeRegistry', registry);
  app.addHook('onRoute', (route) => {
    const routeMethods = Array.isArray(route.method) ? route.method : [route.method];
    if (routeMethods.some((m) => waitsForSessionNotices(m, route.config))) {
      const own = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
      route.onSend = [...own, awaitSessionNotices] as typeof route.onSend;
    }
    if (!route.url.startsWith(prefix)) return;
    const permission = route.config?.permission;
    const methods = routeMethods.filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    if (!permission) throw new Error(`Route ${methods.join(',')} ${route.url} declares no config.permission`);
    for (const method of methods) {
      registry.push({
        method,
        url: route.url,
        permission,
        waitsForSessionNotices: waitsForSessionNotices(method, route.config),
      });
    }
    app.log.debug({ method: methods, url: route.url, permission: describePermission(permission) }, 'route');
  });
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const permission = req.routeOptions.config?.permission;
    if (!permission || permission === 'public') return;
    const token = bearerToken(req);
    if (!token) throw unauthorized(REQUEST_MESSAGES.pleaseLogIn);
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized(MESSAGES.authExpired);
    const user = await sessionUser(db, cache, claims.jti, Number(claims.sub));
    // A role changed since sign-in invalidates the token: the client must sign in again.
    if (!user || user.role !== claims.role) throw unauthorized(MESSAGES.authExpired);
    if (!isRouteAllowed(permission, user.role, user)) throw forbidden();
    req.user = user;
  });
}

/** The token of the request's `Authorization: Bearer …` header, if it has one. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

/** The signed-in user of a request on a protected route. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
