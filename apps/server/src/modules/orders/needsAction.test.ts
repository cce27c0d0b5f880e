/**
 * GET /orders/needs-action and GET /orders?needsAction=… (docs/decisions/0016): per role, the orders
 * of the user's scope waiting at each step — checked on orders of a party of our own (a customer,
 * vendor, region and factory no demo user sees) with users assigned to it, against ADMIN's counts
 * worked out in JavaScript from the shared rule over every order of the database, and for the
 * scope (401/403 come from the route matrix).
 */
import {
  NEEDS_ACTION_STEPS,
  type NeedsActionResponse,
  type NeedsActionStep,
  type OrderListResponse,
  type OrderStatus,
  type Role,
  waitsAt,
} from '@selvedge/shared';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import {
  buildCustomer,
  buildFactory,
  buildOrder,
  buildRegion,
  buildSubcode,
  buildUser,
  buildVendor,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
/** Our users by role (assigned to our party only). */
const users = {} as Record<Exclude<Role, 'ADMIN' | 'NONE'>, string>;
/** Our orders by name. */
const o = {} as Record<string, number>;

async function get(url: string, token: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1.0${url}`, headers: t.auth(token) });
}
async function needsAction(token: string): Promise<NeedsActionResponse> {
  const res = await get('/orders/needs-action', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const counts = (r: NeedsActionResponse) => Object.fromEntries(r.steps.map((x) => [x.step, x.count]));
const tokenOf = (role: keyof typeof users) => t.login(users[role]);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const region = await buildRegion(db, 'Needs Action Test Region');
  const factory = await buildFactory(db, {
    name: 'Needs Action Mill',
    shortCode: 'NAMILL',
    regionId: region.id,
  });
  const customer = await buildCustomer(db, { companyName: 'Needs Action Brand' });
  const vendor = await buildVendor(db, { companyName: 'Needs Action Knits' });
  const subcode = await buildSubcode(db, { customerId: customer.id, factoryId: factory.id });
  const party = {
    vendorId: vendor.id,
    customerId: customer.id,
    regionId: region.id,
    factoryId: factory.id,
  };
  for (const role of ['VENDOR', 'CSR', 'ACCOUNT', 'FINANCE', 'CUSTOMER', 'FACTORY_ACCOUNT'] as const) {
    users[role] = (
      await buildUser(db, {
        role,
        vendorIds: role === 'VENDOR' ? [vendor.id] : [],
        customerIds: ['CSR', 'ACCOUNT', 'FINANCE', 'CUSTOMER'].includes(role) ? [customer.id] : [],
        regionIds: role === 'FACTORY_ACCOUNT' ? [region.id] : [],
      })
    ).email;
  }
  const placedBy = (await db.select().from(s.users).where(eq(s.users.email, users.VENDOR)))[0]!.id;
  const order = async (
    name: string,
    status: OrderStatus,
    flags: { cancelled?: boolean; financeApproval?: boolean; csrProductionConfirmed?: boolean } = {},
  ) => {
    o[name] = (
      await buildOrder(db, { ...party, status, userId: placedBy, items: [{ subcode }], ...flags })
    ).orderId;
  };
  await order('placed', 'NEEDS_ARTWORK');
  await order('placedCancelled', 'NEEDS_ARTWORK', { cancelled: true });
  await order('artPrepared', 'NEEDS_ART_APPROVAL');
  await order('artApproved', 'PRODUCTION_READY');
  await order('artApprovedCsrDone', 'PRODUCTION_READY', {
    csrProductionConfirmed: true,
    financeApproval: true,
  });
  await order('confirmed', 'PRODUCTION_CONFIRMED');
  await order('readyToShip', 'READY_TO_SHIP', { financeApproval: true });
  await order('shipped', 'COMPLETE_AND_SHIPPED', { financeApproval: true });
  await order('cart', 'PENDING');
});

afterAll(() => t.close());

describe('GET /orders/needs-action: counts per role', () => {
  it('gives each role the steps of its actions, with the orders waiting there', async () => {
    const expected: Record<keyof typeof users, Partial<Record<NeedsActionStep, number>>> = {
      VENDOR: { reviewsToGive: 1 },
      CSR: { artworkToUpload: 1, reviewsToGive: 1, productionToComplete: 1, shipmentsToMake: 1 },
      ACCOUNT: { artworkToUpload: 1, reviewsToGive: 1, productionToComplete: 2, shipmentsToMake: 1 },
      FINANCE: { financeToApprove: 4 },
      FACTORY_ACCOUNT: {
        artworkToUpload: 1,
        reviewsToGive: 1,
        productionToComplete: 2,
        financeToApprove: 4,
        shipmentsToMake: 1,
      },
      CUSTOMER: {},
    };
    const TOTALS: Record<keyof typeof users, number> = {
      VENDOR: 1,
      CSR: 4,
      ACCOUNT: 5,
      FINANCE: 4,
      FACTORY_ACCOUNT: 6,
      CUSTOMER: 0,
    };
    for (const [role, steps] of Object.entries(expected) as [keyof typeof users, typeof expected.VENDOR][]) {
      const r = await needsAction(await tokenOf(role));
      expect(counts(r), role).toEqual(steps);
      // The total counts orders, each once, not the steps' sum of decision 0016: the factory account's
      // 9 waits are 6 orders (placed and art-prepared also wait for finance, confirmed only for it).
      expect(r.total, role).toBe(TOTALS[role]);
      expect(
        r.steps.map((x) => x.step),
        role,
      ).toEqual(NEEDS_ACTION_STEPS.filter((x) => x in steps));
    }
  });

  it('names each step and the action it ends with', async () => {
    const r = await needsAction(await tokenOf('FACTORY_ACCOUNT'));
    expect(r.steps.map((x) => [x.label, x.action])).toEqual([
      ['Artwork to upload', 'requestArtworkApproval'],
      ['Reviews to give', 'submitReviews'],
      ['Production to complete', 'completeProduction'],
      ['Finance to approve', 'approveFinance'],
      ['Shipments to make', 'shipAndComplete'],
    ]);
  });

  it('counts for ADMIN every order of the database the shared rule says waits at each step', async () => {
    const rows = await t.db.select().from(s.orders).where(ne(s.orders.orderStatus, 'PENDING'));
    const expected = Object.fromEntries(
      NEEDS_ACTION_STEPS.map((step) => [
        step,
        rows.filter((r) => waitsAt(step, 'ADMIN', { ...r, orderStatus: r.orderStatus as OrderStatus }))
          .length,
      ]),
    );
    const r = await needsAction(await t.tokenFor('ADMIN'));
    expect(counts(r)).toEqual(expected);
    // the demo data has orders waiting at every step
    expect(Object.values(expected).every((n) => n > 0)).toBe(true);
  });
});

describe('GET /orders/needs-action: scope', () => {
  it("counts only the orders of the user's own customers, vendors and regions", async () => {
    // the demo vendor: its own vendor's orders awaiting review, none of ours
    const demoVendorOrders = await t.db
      .select({ id: s.orders.id })
      .from(s.orders)
      .innerJoin(s.userVendors, eq(s.userVendors.vendorId, s.orders.vendorId))
      .innerJoin(s.users, eq(s.users.id, s.userVendors.userId))
      .where(
        and(
          eq(s.users.email, 'vendor@example.com'),
          eq(s.orders.orderStatus, 'NEEDS_ART_APPROVAL'),
          eq(s.orders.cancelled, false),
        ),
      );
    const demo = await needsAction(await t.tokenFor('VENDOR'));
    expect(counts(demo)).toEqual({ reviewsToGive: demoVendorOrders.length });
    // a CSR of another customer sees none of ours; ours sees none of the demo customers'
    const demoCsr = await needsAction(await t.tokenFor('CSR'));
    const ours = await needsAction(await tokenOf('CSR'));
    expect(demoCsr.total).toBeGreaterThan(0);
    expect(ours.total).toBe(4);
  });
});

describe('GET /orders?needsAction=…', () => {
  const list = async (query: string, token: string) => {
    const res = await get(`/orders?${query}&size=200`, token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as OrderListResponse).orders.map((x) => x.orderId).sort((a, b) => a - b);
  };
  const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

  it('lists exactly the orders counted at the step, for the user', async () => {
    const csr = await tokenOf('CSR');
    const account = await tokenOf('ACCOUNT');
    const finance = await tokenOf('FINANCE');
    expect(await list('needsAction=productionToComplete', csr)).toEqual([o.artApproved]);
    expect(await list('needsAction=productionToComplete', account)).toEqual(
      sorted(o.artApproved!, o.artApprovedCsrDone!),
    );
    expect(await list('needsAction=financeToApprove', finance)).toEqual(
      sorted(o.placed!, o.artPrepared!, o.artApproved!, o.confirmed!),
    );
    expect(await list('needsAction=shipmentsToMake', csr)).toEqual([o.readyToShip]);
    expect(await list('needsAction=artworkToUpload', csr)).toEqual([o.placed]);
    // a step the role never takes lists nothing
    expect(await list('needsAction=financeToApprove', csr)).toEqual([]);
  });

  it('lists as many orders as it counts, for every role and step', async () => {
    for (const role of Object.keys(users) as (keyof typeof users)[]) {
      const token = await tokenOf(role);
      for (const step of (await needsAction(token)).steps) {
        expect((await list(`needsAction=${step.step}`, token)).length, `${role} ${step.step}`).toBe(
          step.count,
        );
      }
    }
  });
});
