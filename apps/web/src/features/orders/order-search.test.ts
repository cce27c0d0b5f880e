import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  defaultCriteria,
  loadCriteria,
  needsActionCriteria,
  ORDER_SEARCH_KEY,
  type OrderSearchCriteria,
  orderNumberError,
  saveCriteria,
  toListParams,
  withDateRule,
} from './order-search';

const today = dayjs('2026-03-31');

describe('defaults (ordering §3 Session state)', () => {
  it('lists Open Orders from 30 days back, page 0 of 50, nothing else', () => {
    expect(defaultCriteria('CSR', today)).toEqual({
      orderNumber: '',
      financeApproval: null,
      orderStatus: 'READY_TO_SHIP',
      needsAction: null,
      customer: null,
      company: null,
      productionRegion: null,
      startDate: '2026-03-01',
      endDate: null,
      page: 0,
      size: 50,
    });
  });

  it('starts FINANCE on Not Approved', () => {
    expect(defaultCriteria('FINANCE', today).financeApproval).toBe('NOT_APPROVED');
  });

  it('lists a "Needs my action" step whatever the status, date and approval', () => {
    expect(needsActionCriteria('FINANCE', 'financeToApprove')).toMatchObject({
      needsAction: 'financeToApprove',
      orderStatus: null,
      financeApproval: null,
      startDate: null,
    });
  });
});

describe('rules of the form (ordering §5)', () => {
  it('clears an end date before the start date', () => {
    const c = { ...defaultCriteria(null, today), startDate: '2026-03-10' };
    expect(withDateRule({ ...c, endDate: '2026-03-09' }).endDate).toBeNull();
    expect(withDateRule({ ...c, endDate: '2026-03-10' }).endDate).toBe('2026-03-10');
  });

  it('takes an order number of digits from 1 to the largest 32-bit id', () => {
    expect(orderNumberError('')).toBeNull();
    expect(orderNumberError('1')).toBeNull();
    expect(orderNumberError('2147483647')).toBeNull();
    for (const bad of ['0', '2147483648', '12a', '-3', ' 5', '12345678901'])
      expect(orderNumberError(bad)).toBe('Enter a valid order number (digits only)');
  });
});

describe('the GET /orders query (ordering §4 List filter mapping; decision 0016)', () => {
  const criteria: OrderSearchCriteria = {
    ...defaultCriteria('ADMIN', today),
    financeApproval: 'APPROVED',
    customer: '4',
    company: '7',
    productionRegion: '2',
    endDate: '2026-03-20',
    page: 2,
  };

  it('sends the filters that are set', () => {
    expect(toListParams(criteria)).toEqual({
      page: 2,
      size: 50,
      orderStatus: 'READY_TO_SHIP',
      financeApproval: 'APPROVED',
      customer: '4',
      company: '7',
      productionRegion: '2',
      startDate: '2026-03-01',
      endDate: '2026-03-20',
    });
    expect(activeFilterCount(criteria)).toBe(7);
  });

  it('sends an order number alone, which counts as one filter', () => {
    const one = { ...criteria, orderNumber: '123' };
    expect(toListParams(one)).toEqual({ orderNumber: '123', page: 2, size: 50 });
    expect(activeFilterCount(one)).toBe(1);
  });

  it('leaves out an end date before the start date', () => {
    expect(toListParams({ ...criteria, endDate: '2026-02-01' })).not.toHaveProperty('endDate');
  });
});

describe('kept criteria (ordering §3 Session state)', () => {
  it("gives back this user's last search, and the defaults to another user", () => {
    const mine = { ...defaultCriteria('ADMIN'), customer: '4', page: 3 };
    saveCriteria('u1', mine);
    expect(loadCriteria('u1', 'ADMIN')).toEqual(mine);
    expect(loadCriteria('u2', 'ADMIN')).toEqual(defaultCriteria('ADMIN'));
  });

  it('reads what it cannot trust as the default of each field', () => {
    sessionStorage.setItem(
      ORDER_SEARCH_KEY,
      JSON.stringify({
        userId: 'u1',
        criteria: {
          orderNumber: '0',
          financeApproval: 'MAYBE',
          orderStatus: null,
          needsAction: 'nothing',
          customer: 'x',
          company: '7',
          productionRegion: '12345678901',
          startDate: '2026-02-30',
          endDate: 'tomorrow',
          page: -1,
          size: 5000,
        },
      }),
    );
    const d = defaultCriteria('CSR');
    expect(loadCriteria('u1', 'CSR')).toEqual({
      ...d,
      orderStatus: null,
      // CSR has no Company filter (ordering §6): a kept company is dropped.
      company: null,
    });
    expect(loadCriteria('u1', 'ADMIN').company).toBe('7');
  });

  it('takes kept dates only when they are calendar days', () => {
    for (const endDate of ['2026-02-30', '2026-13-01', '2026-3-1', '2026-03-01T10:00:00', '1899-12-31']) {
      saveCriteria('u1', { ...defaultCriteria(null), endDate });
      expect(loadCriteria('u1', null).endDate).toBeNull();
    }
    saveCriteria('u1', { ...defaultCriteria(null), startDate: null, endDate: '2028-02-29' });
    expect(loadCriteria('u1', null).endDate).toBe('2028-02-29');
  });

  it('keeps a cleared start date and clears an end date before the start date', () => {
    saveCriteria('u1', { ...defaultCriteria(null), startDate: null, endDate: '2026-01-01' });
    expect(loadCriteria('u1', null)).toMatchObject({ startDate: null, endDate: '2026-01-01' });
    saveCriteria('u1', { ...defaultCriteria(null), startDate: '2026-01-05', endDate: '2026-01-01' });
    expect(loadCriteria('u1', null)).toMatchObject({ startDate: '2026-01-05', endDate: null });
  });
});
