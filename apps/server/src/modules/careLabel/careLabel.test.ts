/**
 * The care-label calls of master-data §7 (decision 0041): options of every kind through the
 * crud kit (search, add answering the new id, update, delete with 409 while in use, history) and the
 * one list mechanism (lists, items by kind, checklist add/remove, fabric composition's two
 * checklists); ADMIN-only registration (401/403 per role are the route matrix's), 400, 404 and 409. PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import {
  CARE_LIST_MESSAGES,
  MASTER_DATA_MESSAGES,
  rolesAllowed,
  startsWithFieldPath,
} from '@selvedge/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { masterDataApi, unique } from '../masterData/masterData.test-helpers';
import { loadCustomerCareConfig } from './careConfig.repository';

let t: TestApp;
let api: ReturnType<typeof masterDataApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = masterDataApi(t);
});
afterAll(() => t?.close());

const listId = async (kind: string, name: string) => {
  const res = await api.call('ADMIN', 'GET', `/care-label/lists/${kind}`);
  expect(res.statusCode, res.body).toBe(200);
  const list = (res.json().listContent as { id: number; name: string }[]).find((l) => l.name === name);
  if (!list) throw new Error(`no list ${name}`);
  return list.id;
};
const optionId = async (kind: string, pick: (o: Record<string, unknown>) => boolean) => {
  const res = await api.call('ADMIN', 'GET', `/care-label/options/${kind}`);
  expect(res.statusCode, res.body).toBe(200);
  const o = (res.json().listContent as Record<string, unknown>[]).find(pick);
  if (!o) throw new Error(`no ${kind} option`);
  return o.id as number;
};

describe('care-label options', () => {
  it('lists each kind sorted, adds (201 with the new id), renames, and writes the history', async () => {
    const listed = await api.call('ADMIN', 'GET', '/care-label/options/material');
    expect(listed.statusCode).toBe(200);
    const names = (listed.json().listContent as { name: string }[]).map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names).toContain('Cotton');

    const created = await api.create<{ id: number; name: string; version: number }>(
      '/care-label/options/material',
      {
        name: '  Hemp  ',
      },
    );
    expect(created).toMatchObject({ name: 'Hemp', version: 1 });
    expect(created.id).toBeGreaterThan(0);
    const renamed = await api.call('ADMIN', 'PUT', `/care-label/options/material/${created.id}`, {
      name: 'Hemp fibre',
      version: 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, name: 'Hemp fibre', version: 2 });
    const history = await api.history('careMaterial', created.id);
    expect(history.map((h) => h.action)).toEqual(['UPDATE', 'CREATE']);

    const code = await api.create<{ id: number }>('/care-label/options/care-code', {
      code: 'ZZ9',
      text: 'Wash cold',
    });
    expect(code.id).toBeGreaterThan(0);
    const instruction = await api.create<{ id: number; sortKey: number }>(
      '/care-label/options/care-instruction',
      {
        type: 'IRON',
        displayName: unique('Iron cool'),
        icon: 'iron-low',
        sortKey: 0,
      },
    );
    expect(instruction.sortKey).toBe(0);
  });

  it('answers 409 for a duplicate within a kind, and allows the same name in another kind', async () => {
    const dup = await api.call('ADMIN', 'POST', '/care-label/options/material', { name: 'Cotton' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MASTER_DATA_MESSAGES.duplicate('Material type', 'Cotton'));
    const other = await api.call('ADMIN', 'POST', '/care-label/options/special-instruction', {
      name: 'Cotton',
    });
    expect(other.statusCode, other.body).toBe(201);
    const dupCode = await api.call('ADMIN', 'POST', '/care-label/options/care-code', {
      code: 'DS01',
      text: 'x',
    });
    expect(dupCode.statusCode).toBe(409);
  });

  it('answers 400 naming the field and rule', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['material', { name: '   ' }, /^Name is required/],
      ['care-code', { code: 'X1' }, /^Description is required/],
      [
        'care-instruction',
        { type: 'WASH', displayName: 'W', icon: 'wash-30', sortKey: -1 },
        /^Sort Key cannot be below 0/,
      ],
      [
        'care-instruction',
        { type: 'WASH', displayName: 'W', icon: 'wash-30', sortKey: 1.5 },
        /^Sort Key must be a whole number/,
      ],
      [
        'care-instruction',
        { type: 'WASH', displayName: 'W', icon: 'no-such-icon', sortKey: 1 },
        /^Icon must name one of the care symbols/,
      ],
      [
        'care-instruction',
        { type: 'SPIN', displayName: 'W', icon: 'wash-30', sortKey: 1 },
        /^Type must be one of/,
      ],
    ];
    for (const [kind, body, message] of cases) {
      const res = await api.call('ADMIN', 'POST', `/care-label/options/${kind}`, body);
      expect(res.statusCode, `${kind} ${JSON.stringify(body)}`).toBe(400);
      // The field's screen words, never its path in front (decision 0058).
      expect(res.json().message).toMatch(message);
      expect(startsWithFieldPath(res.json().message)).toBe(false);
    }
    const badKind = await api.call('ADMIN', 'GET', '/care-label/options/colour');
    expect(badKind.statusCode).toBe(404);
  });

  it('answers 404 for an id of another kind, and 409 for a stale version', async () => {
    const cotton = await optionId('material', (o) => o.name === 'Cotton');
    const asCountry = await api.call('ADMIN', 'PUT', `/care-label/options/country-of-origin/${cotton}`, {
      name: 'Cottonia',
      version: 1,
    });
    expect(asCountry.statusCode).toBe(404);
    expect((await api.call('ADMIN', 'GET', `/care-label/options/material/${cotton}`)).json().name).toBe(
      'Cotton',
    );
    const stale = await api.call('ADMIN', 'PUT', `/care-label/options/material/${cotton}`, {
      name: 'Cotton (stale)',
      version: 99,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('deletes an unused option (204, in the history) and refuses one in use (409, it stays; it can be renamed)', async () => {
    const spare = await api.create<{ id: number }>('/care-label/options/country-of-origin', {
      name: unique('Atlantis'),
    });
    const del = await api.call('ADMIN', 'DELETE', `/care-label/options/country-of-origin/${spare.id}`);
    expect(del.statusCode, del.body).toBe(204);
    expect(
      (await api.call('ADMIN', 'GET', `/care-label/options/country-of-origin/${spare.id}`)).statusCode,
    ).toBe(404);
    expect((await api.history('careCountryOfOrigin', spare.id)).map((h) => h.action)).toEqual([
      'DELETE',
      'CREATE',
    ]);

    const canada = await optionId('country-of-origin', (o) => o.name === 'Canada');
    const inUse = await api.call('ADMIN', 'DELETE', `/care-label/options/country-of-origin/${canada}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(MASTER_DATA_MESSAGES.inUse('Country of origin'));
    expect(
      (await api.call('ADMIN', 'GET', `/care-label/options/country-of-origin/${canada}`)).statusCode,
    ).toBe(200);
    const again = await api.call('ADMIN', 'DELETE', `/care-label/options/country-of-origin/${spare.id}`);
    expect(again.statusCode).toBe(404);
  });
});

describe('care-label lists', () => {
  it('adds (201 with id), renames and removes a list; duplicates 409; missing 404', async () => {
    const name = unique('Spring origins');
    const added = await api.call('ADMIN', 'POST', '/care-label/lists/country-of-origin', { name });
    expect(added.statusCode, added.body).toBe(201);
    const { id } = added.json();
    expect(await listId('country-of-origin', name)).toBe(id);
    const dup = await api.call('ADMIN', 'POST', '/care-label/lists/country-of-origin', { name });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(CARE_LIST_MESSAGES.duplicate(name));
    // the same name in another kind is another list
    expect((await api.call('ADMIN', 'POST', '/care-label/lists/care-code', { name })).statusCode).toBe(201);

    const renamed = await api.call('ADMIN', 'PUT', `/care-label/lists/country-of-origin/${id}`, {
      name: `${name} 2`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ id, name: `${name} 2` });
    // a list is found only under its own kind
    const wrongKind = await api.call('ADMIN', 'PUT', `/care-label/lists/material/${id}`, { name: 'x' });
    expect(wrongKind.statusCode).toBe(400);
    const otherKind = await api.call('ADMIN', 'PUT', `/care-label/lists/care-code/${id}`, { name: 'x' });
    expect(otherKind.statusCode).toBe(404);
    expect(otherKind.json().message).toBe(CARE_LIST_MESSAGES.listNotFound);

    const removed = await api.call('ADMIN', 'DELETE', `/care-label/lists/country-of-origin/${id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(
      (await api.call('ADMIN', 'GET', `/care-label/lists/country-of-origin/${id}/items`)).statusCode,
    ).toBe(404);
    expect(
      (await api.call('ADMIN', 'POST', '/care-label/lists/country-of-origin', { name: ' ' })).statusCode,
    ).toBe(400);
  });

  it('refuses to remove a list a customer has chosen (409), and keeps it', async () => {
    const roots = await listId('country-of-origin', 'Roots origins');
    const res = await api.call('ADMIN', 'DELETE', `/care-label/lists/country-of-origin/${roots}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CARE_LIST_MESSAGES.listInUse);
    expect(
      (await api.call('ADMIN', 'GET', `/care-label/lists/country-of-origin/${roots}/items`)).statusCode,
    ).toBe(200);
  });

  it('answers items by kind: refs, codes, care instructions by type, fabric composition checklists', async () => {
    const origins = await api.call(
      'ADMIN',
      'GET',
      `/care-label/lists/country-of-origin/${await listId('country-of-origin', 'Roots origins')}/items`,
    );
    expect(origins.json().refs.map((r: { name: string }) => r.name)).toContain('Canada');
    const codes = await api.call(
      'ADMIN',
      'GET',
      `/care-label/lists/care-code/${await listId('care-code', 'Dunnes care codes')}/items`,
    );
    expect(codes.json().codes[0]).toMatchObject({ code: 'DS01' });
    const symbols = await api.call(
      'ADMIN',
      'GET',
      `/care-label/lists/care-instruction/${await listId('care-instruction', 'Roots care symbols')}/items`,
    );
    const body = symbols.json();
    expect(Object.keys(body).sort()).toEqual([
      'bleachOptions',
      'dryCleanOptions',
      'dryOptions',
      'ironOptions',
      'washOptions',
    ]);
    expect(body.washOptions.map((o: { sortKey: number }) => o.sortKey)).toEqual([1, 2, 4]);
    const fabrics = await api.call(
      'ADMIN',
      'GET',
      `/care-label/lists/fabric-composition/${await listId('fabric-composition', 'Roots fabrics')}/items`,
    );
    expect(fabrics.json().componentTypes.map((r: { name: string }) => r.name)).toContain('Shell');
    expect(fabrics.json().materials.map((r: { name: string }) => r.name)).toContain('Wool');
  });

  it('adds and removes a member at once (the customer configuration follows); 409 twice, 404 for the wrong kind', async () => {
    const fabrics = await listId('fabric-composition', 'Roots fabrics');
    const linen = await optionId('material', (o) => o.name === 'Linen');
    const shell = await optionId('component-type', (o) => o.name === 'Shell');
    const canada = await optionId('country-of-origin', (o) => o.name === 'Canada');
    const rootsId = (
      (await t.db.execute(sql`select id from customers where company_name = 'Roots'`)).rows[0] as {
        id: number;
      }
    ).id;

    // a material through the materials checklist
    const add = await api.call(
      'ADMIN',
      'POST',
      `/care-label/lists/fabric-composition/${fabrics}/materials/${linen}`,
    );
    expect(add.statusCode, add.body).toBe(204);
    expect((await loadCustomerCareConfig(t.db, rootsId))?.materials.map((m) => m.name)).toContain('Linen');
    const twice = await api.call(
      'ADMIN',
      'POST',
      `/care-label/lists/fabric-composition/${fabrics}/materials/${linen}`,
    );
    expect(twice.statusCode).toBe(409);
    // a component type is not a material, nor a country a fabric
    const wrongSet = await api.call(
      'ADMIN',
      'POST',
      `/care-label/lists/fabric-composition/${fabrics}/materials/${shell}`,
    );
    expect(wrongSet.statusCode).toBe(404);
    expect(wrongSet.json().message).toBe(CARE_LIST_MESSAGES.optionNotFound);
    const wrongKind = await api.call(
      'ADMIN',
      'POST',
      `/care-label/lists/fabric-composition/${fabrics}/items/${canada}`,
    );
    expect(wrongKind.statusCode).toBe(404);
    // the option may now not be deleted
    expect((await api.call('ADMIN', 'DELETE', `/care-label/options/material/${linen}`)).statusCode).toBe(409);

    const remove = await api.call(
      'ADMIN',
      'DELETE',
      `/care-label/lists/fabric-composition/${fabrics}/materials/${linen}`,
    );
    expect(remove.statusCode, remove.body).toBe(204);
    expect((await loadCustomerCareConfig(t.db, rootsId))?.materials.map((m) => m.name)).not.toContain(
      'Linen',
    );
    const gone = await api.call(
      'ADMIN',
      'DELETE',
      `/care-label/lists/fabric-composition/${fabrics}/materials/${linen}`,
    );
    expect(gone.statusCode).toBe(404);

    // the generic item path, for a one-set kind
    const origins = await listId('country-of-origin', 'Dunnes origins');
    expect(
      (await api.call('ADMIN', 'POST', `/care-label/lists/country-of-origin/${origins}/items/${canada}`))
        .statusCode,
    ).toBe(204);
    expect(
      (await api.call('ADMIN', 'DELETE', `/care-label/lists/country-of-origin/${origins}/items/${canada}`))
        .statusCode,
    ).toBe(204);
    expect(
      (await api.call('ADMIN', 'POST', `/care-label/lists/country-of-origin/999999/items/${canada}`)).json()
        .message,
    ).toBe(CARE_LIST_MESSAGES.listNotFound);
  });
});

describe('care-label access', () => {
  // 401 and 403 per role are the route matrix's (test/route-matrix.test.ts); what is this module's is
  // that every care-label call of master-data §6 is ADMIN's alone.
  it('registers every /care-label call for ADMIN only', () => {
    const careRoutes = t.app.routeRegistry.filter((r) => r.url.startsWith('/api/v1.0/care-label/'));
    expect(careRoutes.length).toBeGreaterThanOrEqual(12);
    for (const route of careRoutes)
      expect(rolesAllowed(route.permission), `${route.method} ${route.url}`).toEqual(['ADMIN']);
  });
});

describe("the customer's care lists and settings", () => {
  it('answers the chosen lists by name and the settings, and saves them (kinds checked: 400 naming the field)', async () => {
    const found = await api.call('ADMIN', 'GET', '/customers-filtered?name=Roots');
    const roots = (found.json().customers as Record<string, unknown>[])[0] as Record<string, unknown> & {
      id: number;
      version: number;
    };
    expect(roots).toMatchObject({
      countryOfOriginList: { name: 'Roots origins' },
      fabricCompositionList: { name: 'Roots fabrics' },
      careCodeList: null,
      countryOfOriginRequired: true,
      markets: ['CA', 'US'],
      caNumber: '15322',
    });
    const codes = await listId('care-code', 'Dunnes care codes');
    const wrong = await api.call('ADMIN', 'PUT', `/customers/${roots.id}`, {
      ...roots,
      countryOfOriginList: { id: codes },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      field: 'countryOfOriginList',
      message: 'The chosen list is not a country-of-origin list.',
    });
    const badNumber = await api.call('ADMIN', 'PUT', `/customers/${roots.id}`, {
      ...roots,
      rnNumber: 'RN 1',
    });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json()).toEqual({ field: 'rnNumber', message: 'RN Number must be digits only' });

    const saved = await api.call('ADMIN', 'PUT', `/customers/${roots.id}`, {
      ...roots,
      careCodeList: { id: codes },
      markets: ['US', 'CA', 'EU'],
      specialInstructionsRequired: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      careCodeList: { id: codes, name: 'Dunnes care codes' },
      markets: ['CA', 'US', 'EU'],
      specialInstructionsRequired: true,
    });
    const config = await loadCustomerCareConfig(t.db, roots.id);
    expect(config?.careCodes.map((c) => c.code)).toEqual(['DS01', 'DS02', 'DS03', 'DS04']);
    expect(config?.specialInstructionsRequired).toBe(true);
    // put back as it was
    const back = await api.call('ADMIN', 'PUT', `/customers/${roots.id}`, {
      ...roots,
      version: (saved.json() as { version: number }).version,
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("answers the subcode's care label type and saves it", async () => {
    const found = await api.call('ADMIN', 'GET', '/product-subcodes?productSubcode=RT-CL-301');
    const subcode = found.json().subcodes[0];
    expect(subcode.careLabelType).toBe('CARELABEL_STANDARD');
    const bad = await api.call('ADMIN', 'PUT', `/product-subcodes/${subcode.id}`, {
      ...subcode,
      careLabelType: 'CARELABEL_FANCY',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('careLabelType');
    expect(bad.json().message).toMatch(/^Care Label Type must be one of/);
  });
});
