/**
 * The route matrix (ordering §6 Route access, master-data §6; part of the standing suite): every API route, as it
 * registered with its permission, against every role and against missing and forged tokens.
 * A route added later is covered here without a test of its own.
 *
 * - no token, a token signed with another secret, an `alg: none` token and a token whose payload
 *   was changed (role ADMIN) → 401;
 * - each signed-in role the permission refuses (packages/shared rolesRefused) → 403;
 * - each role it admits → never 401 or 403 from the route check (a 403 may still come from a
 *   row-level rule, so the admitted side only asserts "not 401");
 * - a per-user permission (canUpdateInventory, canRestock): each role it admits → 403 while the
 *   user's flag is off, and (GET) past the check once it is on.
 */
import {
  type Role,
  rolesAllowed,
  rolesRefused,
  SIGNED_IN_ROLES,
  USER_PERMISSION_NAMES,
  userPermissionOf,
} from '@selvedge/shared';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../platform/auth';
import { users } from '../platform/db/schema';
import { createTestApp, DEMO_EMAILS, type TestApp } from './harness';

let t: TestApp;
let routes: RegisteredRoute[];
const tokens = new Map<Role, string>();

/** A concrete URL for a route pattern: every parameter becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeRegistry.filter((r) => rolesAllowed(r.permission) !== 'public');
  for (const role of SIGNED_IN_ROLES) tokens.set(role, await t.tokenFor(role));
});
afterAll(async () => {
  await t?.close();
});

async function call(route: RegisteredRoute, authorization?: string) {
  const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers: authorization ? { authorization } : {},
    ...(withBody ? { payload: {} } : {}),
  });
  return res.statusCode;
}

describe('route matrix', () => {
  it('collects every API route with a permission', () => {
    expect(routes.length).toBeGreaterThan(40);
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toContain('POST /api/v1.0/orders/:id/complete-production');
    expect(keys).toContain('GET /api/v1.0/orders/:id/vendor-po/');
    // Ordering uploaded retailer data (decision 0057).
    expect(keys).toContain('GET /api/v1.0/products/variable-data');
    expect(keys).toContain('GET /api/v1.0/products/variable-data/dynamic/:id');
    expect(keys).toContain('GET /api/v1.0/orders/:id/download-data');
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists every public route by name: a new route without sign-in fails here until it is listed', () => {
    // A public route answers anyone on the internet: each one is a decision (the product passport,
    // decision 0044, is the only one that reads order data, through its own narrow query).
    const open = t.app.routeRegistry
      .filter((r) => rolesAllowed(r.permission) === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual(
      [
        'GET /api/v1.0/app-config',
        'GET /api/v1.0/health',
        'GET /api/v1.0/health/live',
        'GET /api/v1.0/health/ready',
        'GET /api/v1.0/openapi.json',
        'GET /api/v1.0/passport/01/:gtin/21/:serial',
        'POST /api/v1.0/auth/login',
        'POST /api/v1.0/auth/update-password',
      ].sort(),
    );
  });

  it("lets only the cart's writes answer before this instance saw their session notices", async () => {
    // Writes wait for the notices of what they committed (a logout, a role change must hold on the
    // next call); the cart's may not (changesSessions: false) because they touch no table whose
    // triggers send session notices. A route added to this list, or a trigger added on a table the
    // cart writes, needs that reasoning again.
    const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;
    const isRead = (r: RegisteredRoute) => r.method === 'GET';
    expect(t.app.routeRegistry.filter((r) => !isRead(r) && !r.waitsForSessionNotices).map(key)).toEqual([
      'POST /api/v1.0/orders',
      'PUT /api/v1.0/orders',
      'PUT /api/v1.0/orders/cart',
      'DELETE /api/v1.0/orders/cart/:orderItemId',
      'PUT /api/v1.0/orders/place',
      'POST /api/v1.0/orders/:id/order-again',
    ]);
    expect(t.app.routeRegistry.filter((r) => isRead(r) && r.waitsForSessionNotices).map(key)).toEqual([
      'GET /api/v1.0/auth/logout',
    ]);
    const { rows } = await t.db.execute(sql`
      select distinct c.relname as table from pg_trigger tg
      join pg_class c on c.oid = tg.tgrelid join pg_proc p on p.oid = tg.tgfoid
      where p.proname like 'selvedge_auth_notify%' order by 1`);
    expect((rows as unknown as { table: string }[]).map((r) => r.table)).toEqual([
      'sessions',
      'user_customers',
      'user_factories',
      'user_regions',
      'user_vendors',
      'users',
    ]);
  });

  it('answers 401 without a token and with forged tokens, on every protected route', async () => {
    const valid = tokens.get('VENDOR')!;
    const [header, payload] = valid.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const otherSecret = await new SignJWT({ role: 'ADMIN', email: claims.email, name: claims.name })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-1'));
    const forged = {
      otherSecret,
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, role: 'ADMIN' })}.`,
      changedPayload: `${header}.${b64({ ...claims, role: 'ADMIN' })}.${valid.split('.')[2]}`,
    };
    const failures: string[] = [];
    for (const route of routes) {
      const results = {
        none: await call(route),
        ...Object.fromEntries(
          await Promise.all(
            Object.entries(forged).map(async ([k, tok]) => [k, await call(route, `Bearer ${tok}`)]),
          ),
        ),
      };
      for (const [kind, status] of Object.entries(results)) {
        if (status !== 401) failures.push(`${route.method} ${route.url} ${kind}: ${status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to every role the permission refuses, and never 401 to a role it admits', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const refused = new Set(rolesRefused(route.permission));
      for (const role of SIGNED_IN_ROLES) {
        // Admitted roles only on safe methods (a bodyless PUT/POST/DELETE could act), and never on
        // logout (it would end the session the rest of the matrix signs in with).
        // Nor on the live-update stream, which never ends (modules/events/events.test.ts opens it).
        if (
          !refused.has(role) &&
          (route.method !== 'GET' || route.url.endsWith('/auth/logout') || route.url.endsWith('/events'))
        )
          continue;
        const status = await call(route, `Bearer ${tokens.get(role)}`);
        if (refused.has(role) && status !== 403)
          failures.push(`${route.method} ${route.url} ${role}: ${status}, expected 403`);
        if (!refused.has(role) && status === 401) failures.push(`${route.method} ${route.url} ${role}: 401`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('needs the per-user flag besides the role on every route of a per-user permission', async () => {
    const flagged = routes.filter((r) => userPermissionOf(r.permission) !== null);
    // Both flags guard at least one route each (PUT /products/inventory, POST /orders/restock/:customerId).
    expect(new Set(flagged.map((r) => userPermissionOf(r.permission)))).toEqual(
      new Set(USER_PERMISSION_NAMES),
    );
    const setFlag = async (role: Role, flag: 'canUpdateInventory' | 'canRestock', on: boolean) => {
      await t.db
        .update(users)
        .set({ [flag]: on })
        .where(eq(users.email, DEMO_EMAILS[role]));
      await t.app.sessionCacheSync();
    };
    const failures: string[] = [];
    for (const route of flagged) {
      const flag = userPermissionOf(route.permission)!;
      for (const role of rolesAllowed(route.permission) as readonly Role[]) {
        await setFlag(role, flag, false);
        const off = await call(route, `Bearer ${tokens.get(role)}`);
        if (off !== 403)
          failures.push(`${route.method} ${route.url} ${role} without ${flag}: ${off}, expected 403`);
        await setFlag(role, flag, true);
        if (route.method === 'GET') {
          const on = await call(route, `Bearer ${tokens.get(role)}`);
          if (on === 401 || on === 403)
            failures.push(`${route.method} ${route.url} ${role} with ${flag}: ${on}`);
        }
        await setFlag(role, flag, role === 'ADMIN' || role === 'ACCOUNT');
      }
    }
    expect(failures).toEqual([]);
  });
});
