/**
 * Live updates across instances (docs/decisions/0068): two apps on one PostgreSQL database share nothing but
 * it; an order action taken through one reaches a stream open on the other (LISTEN/NOTIFY), and
 * only the streams whose user may see the order; a first stream opened later on the other catches up
 * on it from its data's age (decision 0076). PostgreSQL only: PGlite is one process's database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../platform/db';
import * as s from '../../platform/db/schema';
import { buildOrder, buildSubcode, demoParties } from '../../test/factories';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../test/harness';
import { postgresOnlySuite } from '../../test/postgresOnly';
import { liveHubs } from './events.routes';
import { coveringTheMargin, openStream, type StreamProbe } from './events.testing';

const { suite } = postgresOnlySuite(
  'events.multi-instance.test.ts',
  'two instances listen on one PostgreSQL server, never on an embedded PGlite database.',
);

suite('live updates across two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let second: Database;
  let baseB = '';
  const probes: StreamProbe[] = [];

  beforeAll(async () => {
    a = await createTestApp();
    second = await openDatabase({ url: a.database.url!, poolSize: 2 });
    b = await createTestApp({ database: second });
    baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const p of probes) p.close();
    await b?.close();
    await a?.close();
  });

  it('an action through one instance reaches a stream on the other, scoped', async () => {
    const p = await demoParties(a.db);
    const vendorUserId = (await a.db.select().from(s.users).where(eq(s.users.email, DEMO_EMAILS.VENDOR)))[0]!
      .id;
    const sub = await buildSubcode(a.db, {
      customerId: p.rootsId,
      factoryId: p.factoryId,
      artworkRequired: false,
    });
    const { orderId } = await buildOrder(a.db, {
      status: 'PRODUCTION_READY',
      userId: vendorUserId,
      vendorId: p.vendorId,
      customerId: p.rootsId,
      regionId: p.regionId,
      factoryId: p.factoryId,
      items: [{ subcode: sub }],
    });
    // Signed in through B (tokens share the secret; sessions are rows of the one database).
    const vendor = await openStream(baseB, await b.tokenFor('VENDOR'));
    const vendor2 = await openStream(baseB, await b.tokenFor('VENDOR2'));
    probes.push(vendor, vendor2);
    // B's catch-up below reaches back before the action: B must have listened that long.
    await coveringTheMargin(liveHubs.get(b.app.ctx)!);
    const started = Date.now();
    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/v1.0/orders/cancel-order/${orderId}`,
      headers: a.auth(await a.tokenFor('ADMIN')),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await vendor.waitFor(1, 5_000);
    expect(event).toMatchObject({ kind: 'order', orderId, change: 'cancel' });
    expect(Date.now() - started).toBeLessThan(2_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(vendor2.events).toEqual([]);
    // A tab's first stream on B, its data fetched before the action, is caught up on it (decision 0076).
    const later = await openStream(baseB, await b.tokenFor('VENDOR'), { dataAge: Date.now() - started });
    probes.push(later);
    const [caughtUp] = await later.waitFor(1, 5_000);
    expect(caughtUp).toMatchObject({ kind: 'order', orderId, change: 'cancel' });
    expect(later.resets).toBe(0);
  });
});
