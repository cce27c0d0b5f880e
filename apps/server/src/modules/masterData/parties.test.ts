/**
 * Customers, factories, users and vendors (master-data §3, §5, §6, §7): the crud kit with their own
 * pieces — references and checklists, user rules (defaults, unique email, activation, sessions,
 * assignments that scope), vendor rules (vendor number, shipping addresses, own-vendor access).
 */
import { MASTER_DATA_MESSAGES, MESSAGES } from '@selvedge/shared';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import { buildUser, demoParties } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { masterDataApi, unique } from './masterData.test-helpers';

let t: TestApp;
let api: ReturnType<typeof masterDataApi>;
let demo: Awaited<ReturnType<typeof demoParties>>;
beforeAll(async () => {
  t = await createTestApp();
  api = masterDataApi(t);
  demo = await demoParties(t.db);
});
afterAll(() => t?.close());

type Rec = Record<string, unknown> & { id: number; version: number };

describe('customers', () => {
  it('creates with the defaults, gets, searches by name and updates, with history', async () => {
    const name = unique('Customer');
    const c = await api.create<Rec>('/customers', { companyName: name });
    expect(c).toMatchObject({
      companyName: name,
      parserType: 'NONE',
      warehouse: null,
      specialInstructionsLimit: 0,
      copyrightShow: false,
      fabricCompositionShow: true,
      version: 1,
    });
    const [wh] = await t.db.select().from(s.warehouses).limit(1);
    const up = await api.call('ADMIN', 'PUT', `/customers/${c.id}`, {
      ...c,
      parserType: 'FLAT_FILE',
      warehouse: { id: wh!.id, name: 'ignored' },
      specialInstructionsLimit: 3,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      parserType: 'FLAT_FILE',
      warehouse: { id: wh!.id, name: wh!.warehouseName },
      specialInstructionsLimit: 3,
      version: 2,
    });
    const found = await api.call(
      'ADMIN',
      'GET',
      `/customers-filtered?name=${encodeURIComponent(name.toLowerCase())}`,
    );
    expect(found.json().customers).toEqual([up.json()]);
    const all = (await api.call('ADMIN', 'GET', '/customers-filtered')).json().customers;
    expect(all.map((x: { companyName: string }) => x.companyName)).toEqual(
      expect.arrayContaining(['Roots', name]),
    );
    const [h] = await api.history('customer', c.id);
    expect(h!.changes.map((x) => x.field).sort()).toEqual([
      'parserType',
      'specialInstructionsLimit',
      'warehouse',
    ]);
  });

  it('answers 409 to a duplicate name and a stale version, 400 to bad input, 404, 403', async () => {
    const dup = await api.call('ADMIN', 'POST', '/customers', { companyName: 'Roots' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Customer "Roots" already exists.');
    const c = await api.create<Rec>('/customers', { companyName: unique('Customer') });
    await api.call('ADMIN', 'PUT', `/customers/${c.id}`, { ...c, copyrightShow: true });
    const stale = await api.call('ADMIN', 'PUT', `/customers/${c.id}`, {
      ...c,
      fabricCompositionShow: false,
    });
    expect(stale.statusCode).toBe(409);
    expect((await api.call('ADMIN', 'GET', `/customers/${c.id}`)).json()).toMatchObject({
      copyrightShow: true,
      fabricCompositionShow: true,
    });
    expect((await api.call('ADMIN', 'POST', '/customers', { companyName: '' })).statusCode).toBe(400);
    const parser = await api.call('ADMIN', 'POST', '/customers', {
      companyName: unique('C'),
      parserType: 'CSV',
    });
    expect(parser.statusCode).toBe(400);
    expect(parser.json().field).toBe('parserType');
    const wh = await api.call('ADMIN', 'POST', '/customers', {
      companyName: unique('C'),
      warehouse: { id: 999999 },
    });
    expect(wh.statusCode).toBe(400);
    expect(wh.json()).toEqual({
      field: 'warehouse',
      message: 'The chosen warehouse does not exist (id 999999).',
    });
    expect((await api.call('ADMIN', 'GET', '/customers/999999')).statusCode).toBe(404);
    expect((await api.call('CSR', 'GET', `/customers/${c.id}`)).statusCode).toBe(403);
    expect((await api.call(null, 'GET', '/customers-filtered')).statusCode).toBe(401);
  });
});

describe('factories', () => {
  it('creates in CAD and Bangladesh by default, with a customer checklist; searches by its filters', async () => {
    const code = `F${Date.now().toString(36).slice(-6).toUpperCase()}`;
    const f = await api.create<Rec>('/factories', {
      name: unique('Factory'),
      shortCode: code,
      customers: [{ id: demo.rootsId }, { id: demo.rootsId }],
    });
    expect(f).toMatchObject({
      shortCode: code,
      address: null,
      currencyType: { id: 1, name: 'CAD' },
      productionRegion: { id: 1, name: 'Bangladesh' },
      customers: [{ id: demo.rootsId, name: 'Roots' }],
    });
    const byCustomer = await api.call(
      'ADMIN',
      'GET',
      `/factories?customerId=${demo.rootsId}&shortCode=${code}&regionId=1&factoryName=`,
    );
    expect(byCustomer.statusCode, byCustomer.body).toBe(200);
    expect(byCustomer.json().factories.map((x: Rec) => x.id)).toEqual([f.id]);
    expect(
      (await api.call('ADMIN', 'GET', `/factories?customerId=${demo.dunnesId}&shortCode=${code}`)).json()
        .factories,
    ).toEqual([]);

    const up = await api.call('ADMIN', 'PUT', `/factories/${f.id}`, {
      ...f,
      customers: [{ id: demo.dunnesId }],
      address: 'Plot 7, EPZ',
    });
    expect(up.json()).toMatchObject({
      customers: [{ id: demo.dunnesId, name: 'Dunnes Stores' }],
      version: 2,
    });
    const [h] = await api.history('factory', f.id);
    expect(h!.changes).toContainEqual({
      field: 'customers',
      before: [{ id: demo.rootsId, name: 'Roots' }],
      after: [{ id: demo.dunnesId, name: 'Dunnes Stores' }],
    });
  });

  it('answers 409 to a duplicate short code, 400 to an unknown region or customer', async () => {
    const dup = await api.call('ADMIN', 'POST', '/factories', { name: 'X', shortCode: 'DHK' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Factory short code "DHK" already exists.');
    const region = await api.call('ADMIN', 'POST', '/factories', {
      name: 'X',
      shortCode: unique('Z'),
      productionRegion: { id: 99999 },
    });
    expect(region.statusCode).toBe(400);
    expect(region.json()).toEqual({
      field: 'productionRegion',
      message: 'The chosen production region does not exist (id 99999).',
    });
    const customer = await api.call('ADMIN', 'POST', '/factories', {
      name: 'X',
      shortCode: unique('Z'),
      customers: [{ id: 99999 }],
    });
    expect(customer.statusCode).toBe(400);
    expect((await api.call('ADMIN', 'POST', '/factories', { name: 'X' })).statusCode).toBe(400);
    expect((await api.call('FACTORY_ACCOUNT', 'GET', '/factories')).statusCode).toBe(403);
  });
});

describe('users', () => {
  it('mails a new user the set-password link (the Send Password Reset mail); the link sets the password', async () => {
    const email = `${unique('welcome').replace(' ', '.')}@example.test`.toLowerCase();
    const u = await api.create<Rec>('/users', { email, contactName: 'Wendy Welcome', role: 'CSR' });
    await t.settleJobs();
    const mails = t.smtp.messages.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    const mail = await simpleParser(mails[0]!.raw);
    expect(mail.subject).toBe('Selvedge: set your password');
    expect(mail.text).toContain('Hello Wendy Welcome,');
    expect(mail.text).toContain('An account was created for you in Selvedge.');
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/v1.0/auth/update-password?token=${token}`,
      payload: { password: 'welcome-password-2026' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await t.login(email, 'welcome-password-2026')).toBeTruthy();

    // Editing the user, or a refused duplicate, mails nobody.
    const before = t.smtp.messages.length;
    const edited = await api.call('ADMIN', 'PUT', `/users/${u.id}`, { ...u, contactName: 'Wendy W.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await api.call('ADMIN', 'POST', '/users', { email, contactName: 'Twice' })).statusCode).toBe(409);
    await t.settleJobs();
    expect(t.smtp.messages.slice(before).filter((m) => m.to.includes(email))).toHaveLength(0);
  });

  it('creates with the defaults (VENDOR, active, mails on), email lower-case and unique', async () => {
    const email = `${unique('new').replace(' ', '.')}@Example.test`;
    const u = await api.create<Rec>('/users', { email, contactName: 'New Person' });
    expect(u).toMatchObject({
      email: email.toLowerCase(),
      role: 'VENDOR',
      active: true,
      emailEnabled: true,
      // Per-user permissions are off for a new user (docs/decisions/0040).
      canUpdateInventory: false,
      canRestock: false,
      lastLogin: null,
      customers: [],
      vendors: [],
      factories: [],
      regions: [],
    });
    const dup = await api.call('ADMIN', 'POST', '/users', {
      email: email.toUpperCase(),
      contactName: 'Other',
    });
    const granted = await api.create<Rec>('/users', {
      email: `granted.${email}`,
      contactName: 'Granted',
      role: 'ACCOUNT',
      canRestock: true,
      canUpdateInventory: true,
    });
    expect(granted).toMatchObject({ canRestock: true, canUpdateInventory: true });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(`A user with email "${email.toLowerCase()}" already exists.`);
    expect((await api.call('ADMIN', 'POST', '/users', { email, contactName: '' })).statusCode).toBe(400);
    expect((await api.call('ADMIN', 'POST', '/users', { contactName: 'No Mail' })).statusCode).toBe(400);
    const none = await api.call('ADMIN', 'POST', '/users', {
      email: `x${email}`,
      contactName: 'N',
      role: 'NONE',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('role');
  });

  it('searches active users by default, by role (NONE is no filter), email and name', async () => {
    const name = unique('Searchable');
    const a = await buildUser(t.db, { role: 'CSR', name });
    const b = await buildUser(t.db, { role: 'FINANCE', name: `${name} B`, active: false });
    const ids = async (q: string) =>
      (
        (await api.call('ADMIN', 'GET', `/users?name=${encodeURIComponent(name)}${q}`)).json().users as Rec[]
      ).map((u) => u.id);
    expect(await ids('')).toEqual([a.id]);
    expect(await ids('&active=false')).toEqual([b.id]);
    expect(await ids('&role=NONE')).toEqual([a.id]);
    expect(await ids('&role=FINANCE')).toEqual([]);
    expect(await ids(`&email=${encodeURIComponent(a.email.toUpperCase())}`)).toEqual([a.id]);
    expect((await api.call('ADMIN', 'GET', '/users?active=maybe')).statusCode).toBe(400);
    expect((await api.call('ACCOUNT', 'GET', '/users')).statusCode).toBe(403);
  });

  it('scopes what the user sees by its assignments', async () => {
    const u = await buildUser(t.db, { role: 'CUSTOMER' });
    const rec = (await api.call('ADMIN', 'GET', `/users/${u.id}`)).json() as Rec;
    const up = await api.call('ADMIN', 'PUT', `/users/${u.id}`, {
      ...rec,
      customers: [{ id: demo.dunnesId }],
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().customers).toEqual([{ id: demo.dunnesId, name: 'Dunnes Stores' }]);
    const token = await t.login(u.email);
    const seen = await t.app.inject({ method: 'GET', url: '/api/v1.0/customers', headers: t.auth(token) });
    expect(seen.json().customers.map((c: { companyName: string }) => c.companyName)).toEqual([
      'Dunnes Stores',
    ]);
  });

  it('deactivating ends the sessions; activating resets Last Login', async () => {
    const u = await buildUser(t.db, { role: 'ACCOUNT' });
    const token = await t.login(u.email);
    const rec = (await api.call('ADMIN', 'GET', `/users/${u.id}`)).json() as Rec;
    expect(rec.lastLogin).not.toBeNull();
    const off = await api.call('ADMIN', 'PUT', `/users/${u.id}`, { ...rec, active: false });
    expect(off.statusCode, off.body).toBe(200);
    const live = await t.db.select().from(s.sessions).where(eq(s.sessions.userId, u.id));
    expect(live.every((x) => x.revokedAt !== null)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1.0/has-vendor', headers: t.auth(token) })).statusCode,
    ).toBe(401);
    const on = await api.call('ADMIN', 'PUT', `/users/${u.id}`, { ...(off.json() as Rec), active: true });
    expect(on.json()).toMatchObject({ active: true, lastLogin: null, version: 3 });
    const [h] = await api.history('user', u.id);
    expect(h!.changes.map((c) => c.field).sort()).toEqual(['active', 'lastLogin']);
  });

  it('refuses to deactivate or demote the signed-in admin; 409 on a stale version; 404', async () => {
    const [admin] = await t.db.select().from(s.users).where(eq(s.users.email, 'admin@example.com'));
    const rec = (await api.call('ADMIN', 'GET', `/users/${admin!.id}`)).json() as Rec;
    const res = await api.call('ADMIN', 'PUT', `/users/${admin!.id}`, { ...rec, role: 'CSR' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MASTER_DATA_MESSAGES.ownAccount);
    expect((await api.call('ADMIN', 'GET', `/users/${admin!.id}`)).json().version).toBe(rec.version);
    const u = await buildUser(t.db, { role: 'VENDOR' });
    const r = (await api.call('ADMIN', 'GET', `/users/${u.id}`)).json() as Rec;
    await api.call('ADMIN', 'PUT', `/users/${u.id}`, { ...r, telephone: '1' });
    expect((await api.call('ADMIN', 'PUT', `/users/${u.id}`, { ...r, telephone: '2' })).statusCode).toBe(409);
    expect((await api.call('ADMIN', 'GET', '/users/999999')).statusCode).toBe(404);
  });
});

describe('vendors', () => {
  const vendorBody = (extra: Record<string, unknown> = {}) => ({
    companyName: unique('Vendor'),
    vendorNumber: `${Math.floor(Math.random() * 1e9)}`,
    shippingAddresses: [
      { optionName: 'Zeta Mill', address: '9 Road' },
      { optionName: 'alpha Depot', address: '1 Road' },
    ],
    customers: [{ id: demo.rootsId }],
    ...extra,
  });

  it('creates with addresses sorted by short name, vendor number digits only, CAD by default', async () => {
    const v = await api.create<Rec>('/vendors', vendorBody({ vendorNumber: '12-34 56' }));
    expect(v).toMatchObject({
      vendorNumber: '123456',
      currencyType: { id: 1, name: 'CAD' },
      shippingAddresses: [
        { optionName: 'alpha Depot', address: '1 Road' },
        { optionName: 'Zeta Mill', address: '9 Road' },
      ],
      customers: [{ id: demo.rootsId, name: 'Roots' }],
    });
    const tooLong = await api.call('ADMIN', 'POST', '/vendors', vendorBody({ vendorNumber: '12345678901' }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().field).toBe('vendorNumber');
    const dupNumber = await api.call('ADMIN', 'POST', '/vendors', vendorBody({ vendorNumber: '123456' }));
    expect(dupNumber.statusCode).toBe(409);
    expect(dupNumber.json().message).toBe('Vendor number "123456" already exists.');
    const dupAddress = await api.call(
      'ADMIN',
      'POST',
      '/vendors',
      vendorBody({
        shippingAddresses: [
          { optionName: 'A', address: 'x' },
          { optionName: 'a ', address: 'y' },
        ],
      }),
    );
    expect(dupAddress.statusCode).toBe(400);
    expect(dupAddress.json()).toEqual({ field: 'shippingAddresses', message: MESSAGES.duplicateEntry });
    const longAddress = await api.call(
      'ADMIN',
      'POST',
      '/vendors',
      vendorBody({ shippingAddresses: [{ optionName: 'A', address: 'x'.repeat(256) }] }),
    );
    expect(longAddress.statusCode).toBe(400);
  });

  it('searches by company name, address (billing or shipping) and customer', async () => {
    const v = await api.create<Rec>(
      '/vendors',
      vendorBody({ billingAddress: 'Billing Lane 5', customers: [{ id: demo.dunnesId }] }),
    );
    const ids = async (q: string) =>
      ((await api.call('ADMIN', 'GET', `/vendors/search?${q}`)).json().vendors as Rec[]).map((x) => x.id);
    expect(await ids(`companyName=${encodeURIComponent(String(v.companyName))}`)).toEqual([v.id]);
    expect(
      await ids(`companyName=${encodeURIComponent(String(v.companyName))}&address=billing lane`),
    ).toEqual([v.id]);
    expect(await ids(`companyName=${encodeURIComponent(String(v.companyName))}&address=9 road`)).toEqual([
      v.id,
    ]);
    expect(await ids(`companyName=${encodeURIComponent(String(v.companyName))}&address=nowhere`)).toEqual([]);
    expect(await ids(`customerId=${demo.dunnesId}`)).toEqual(expect.arrayContaining([v.id, demo.vendorId]));
    expect(await ids(`customerId=${demo.dunnesId}`)).not.toContain(demo.vendor2Id);
  });

  it('a VENDOR reaches only its own vendor, without company, currency, vendor number and customers', async () => {
    const own = await api.call('VENDOR', 'GET', `/vendors/${demo.vendorId}`);
    expect(own.statusCode).toBe(200);
    const body = own.json();
    for (const hidden of ['companyName', 'currencyType', 'vendorNumber', 'customers'])
      expect(body).not.toHaveProperty(hidden);
    expect(body.shippingAddresses.length).toBeGreaterThan(0);
    expect((await api.call('VENDOR', 'GET', `/vendors/${demo.vendor2Id}`)).statusCode).toBe(404);
    expect(
      (await api.call('VENDOR', 'PUT', `/vendors/${demo.vendor2Id}`, { ...body, version: 1 })).statusCode,
    ).toBe(404);
    expect((await api.call('VENDOR', 'GET', '/vendors/search')).statusCode).toBe(403);
    expect((await api.call('VENDOR', 'POST', '/vendors', vendorBody())).statusCode).toBe(403);
    expect((await api.call('CSR', 'GET', `/vendors/${demo.vendorId}`)).statusCode).toBe(403);

    const before = (await api.call('ADMIN', 'GET', `/vendors/${demo.vendorId}`)).json();
    const put = await api.call('VENDOR', 'PUT', `/vendors/${demo.vendorId}`, {
      ...body,
      companyName: 'Hijacked Ltd.',
      vendorNumber: '999',
      customers: [],
      billingAccountNumber: 'BA-77',
      shippingAddresses: [...body.shippingAddresses, { optionName: 'New Dock', address: 'Pier 4' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).not.toHaveProperty('companyName');
    const after = (await api.call('ADMIN', 'GET', `/vendors/${demo.vendorId}`)).json();
    expect(after).toMatchObject({
      companyName: before.companyName,
      vendorNumber: before.vendorNumber,
      customers: before.customers,
      currencyType: before.currencyType,
      billingAccountNumber: 'BA-77',
    });
    expect(after.shippingAddresses).toContainEqual({ optionName: 'New Dock', address: 'Pier 4' });
    const [h] = await api.history('vendor', demo.vendorId);
    expect(h!.changes.map((c) => c.field).sort()).toEqual(['billingAccountNumber', 'shippingAddresses']);
  });

  it('ADMIN updates everything; a stale version answers 409; unknown vendor 404', async () => {
    const v = await api.create<Rec>('/vendors', vendorBody());
    const up = await api.call('ADMIN', 'PUT', `/vendors/${v.id}`, {
      ...v,
      companyName: `${v.companyName} Renamed`,
      currencyType: { id: 2 },
      customers: [],
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ currencyType: { id: 2, name: 'USD' }, customers: [], version: 2 });
    const stale = await api.call('ADMIN', 'PUT', `/vendors/${v.id}`, { ...v, companyName: 'Stale' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MASTER_DATA_MESSAGES.staleVersion);
    expect((await api.call('ADMIN', 'GET', '/vendors/999999')).statusCode).toBe(404);
  });
});
