import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api';
import { renderHookWithProviders } from '../../test/render';
import { showApiError, showError, showSuccess } from '../../ui/messages';
import { productionRegions } from './entities/production-regions';
import { detailTarget, fieldErrors, parseRecordId, useDetailMode } from './useDetailMode';

vi.mock('../../ui/messages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../ui/messages')>()),
  showApiError: vi.fn(),
  showError: vi.fn(),
  showSuccess: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

describe('what the URL asks for (master-data §5)', () => {
  it('reads ?id= as a positive 32-bit id', () => {
    expect(parseRecordId('1')).toBe(1);
    expect(parseRecordId('2147483647')).toBe(2147483647);
    for (const bad of [null, '', '0', '-1', '1.5', 'x', '2147483648', '12345678901'])
      expect(parseRecordId(bad)).toBeNull();
  });

  it('is a record, a new one, or nothing valid', () => {
    const of = (query: string) => detailTarget(new URLSearchParams(query));
    expect(of('id=4')).toEqual({ kind: 'record', id: 4 });
    expect(of('createMode=true')).toEqual({ kind: 'create' });
    expect(of('createMode=true&id=4')).toBeNull();
    expect(of('id=abc')).toBeNull();
    expect(of('')).toBeNull();
  });
});

describe("the schema's errors per field", () => {
  it('count a body path for its first segment, and name the field by its label', () => {
    expect(
      fieldErrors(
        {
          'productionRegion.id': 'productionRegion is required',
          warehouseName: 'warehouseName is required',
          shippingAddresses: 'Too many',
          'shippingAddresses.0': 'Second message of the field',
          phone: undefined,
        },
        { productionRegion: 'Production Region' },
      ),
    ).toEqual({
      productionRegion: 'Production Region is required',
      warehouseName: 'Warehouse name is required',
      shippingAddresses: 'Too many',
    });
  });
});

const region = { id: 4, productionRegionName: 'Asia', version: 2 };
const PATH = '/production-regions/4';

function detail(route: string) {
  return renderHookWithProviders(() => useDetailMode(productionRegions), { route });
}

describe('the detail screen (master-data §4, §5, §8)', () => {
  it('loads the record in view mode, edits it and saves it with its version', async () => {
    const calls = stubApi({
      [`GET ${PATH}`]: { body: region },
      [`PUT ${PATH}`]: ({ body }) => ({ body: { ...region, ...(body as object), version: 3 } }),
    });
    const { result } = detail('/production-regions-details?id=4');
    expect(result.current.mode).toBe('loading');
    await waitFor(() => expect(result.current.mode).toBe('view'));
    expect(result.current.form.getValues()).toEqual({ productionRegionName: 'Asia' });

    act(() => result.current.startEdit());
    expect(result.current.mode).toBe('edit');
    act(() => result.current.form.setFieldValue('productionRegionName', 'Europe'));
    await act(() => result.current.submit());

    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      path: PATH,
      body: { productionRegionName: 'Europe', version: 2 },
    });
    expect(result.current.mode).toBe('view');
    expect(result.current.record?.version).toBe(3);
    expect(showSuccess).toHaveBeenCalledWith('Production Region Successfully Updated');
  });

  it('cancels an edit back to the saved copy', async () => {
    stubApi({ [`GET ${PATH}`]: { body: region } });
    const { result } = detail('/production-regions-details?id=4');
    await waitFor(() => expect(result.current.mode).toBe('view'));
    act(() => result.current.startEdit());
    act(() => result.current.form.setFieldValue('productionRegionName', 'Typed'));
    act(() => result.current.cancel());
    expect(result.current.mode).toBe('view');
    expect(result.current.form.getValues().productionRegionName).toBe('Asia');
  });

  it('refuses to save what the shared schema refuses, and sends nothing', async () => {
    const calls = stubApi({ [`GET ${PATH}`]: { body: region } });
    const { result } = detail('/production-regions-details?id=4');
    await waitFor(() => expect(result.current.mode).toBe('view'));
    act(() => result.current.startEdit());
    act(() => result.current.form.setFieldValue('productionRegionName', ''));
    await act(() => result.current.submit());
    expect(result.current.form.errors.productionRegionName).toMatch(/^Production Region Name/);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(result.current.mode).toBe('edit');
  });

  it('after a failed update shows the error, restores the saved copy and reloads a stale one (409)', async () => {
    const calls = stubApi({
      [`GET ${PATH}`]: { body: region },
      [`PUT ${PATH}`]: { status: 409, body: { message: 'Changed by someone else' } },
    });
    const { result } = detail('/production-regions-details?id=4');
    await waitFor(() => expect(result.current.mode).toBe('view'));
    act(() => result.current.startEdit());
    act(() => result.current.form.setFieldValue('productionRegionName', 'Europe'));
    await act(() => result.current.submit());
    expect(showApiError).toHaveBeenCalledTimes(1);
    expect(result.current.mode).toBe('view');
    expect(result.current.form.getValues().productionRegionName).toBe('Asia');
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('creates from the defaults; a refusal naming a field shows under it and keeps the input', async () => {
    const calls = stubApi({
      'POST /production-regions': {
        status: 400,
        body: { message: 'Name already used', field: 'productionRegionName' },
      },
    });
    const { result } = detail('/production-regions-details?createMode=true');
    expect(result.current.mode).toBe('create');
    expect(result.current.form.getValues()).toEqual({ productionRegionName: '' });
    act(() => result.current.form.setFieldValue('productionRegionName', 'Asia'));
    await act(() => result.current.submit());
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { productionRegionName: 'Asia' } });
    expect(result.current.form.errors).toEqual({ productionRegionName: 'Name already used' });
    expect(result.current.form.getValues().productionRegionName).toBe('Asia');
    expect(showApiError).not.toHaveBeenCalled();
  });

  it("says 'Invalid URL params' for createMode with an id", async () => {
    stubApi({});
    const { result } = detail('/production-regions-details?createMode=true&id=4');
    expect(result.current.mode).toBe('invalid');
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Invalid URL params'));
  });
});
