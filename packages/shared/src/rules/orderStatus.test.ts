import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUS_FILTERS,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_STEP,
  ORDER_STATUSES,
  statusFilterSelection,
  statusTracker,
} from './orderStatus';

const labels = (steps: { label: string }[]) => steps.map((s) => s.label);
const done = (steps: { label: string; done: boolean }[]) => steps.filter((s) => s.done).map((s) => s.label);

describe('statusTracker (ordering §4)', () => {
  it('shows Art Prepared and Art Approved only when the order has artwork', () => {
    expect(
      labels(statusTracker({ orderStatus: 'NEEDS_ARTWORK', hasArtwork: false, financeApproval: false })),
    ).toEqual(['Placed', 'Production', 'Finance', 'Shipped']);
    expect(
      labels(statusTracker({ orderStatus: 'NEEDS_ARTWORK', hasArtwork: true, financeApproval: false })),
    ).toEqual(['Placed', 'Art Prepared', 'Art Approved', 'Production', 'Finance', 'Shipped']);
  });
  it('lights the steps reached by the status', () => {
    expect(done(statusTracker({ orderStatus: 'PENDING', hasArtwork: true, financeApproval: false }))).toEqual(
      [],
    );
    expect(
      done(statusTracker({ orderStatus: 'NEEDS_ART_APPROVAL', hasArtwork: true, financeApproval: false })),
    ).toEqual(['Placed', 'Art Prepared']);
    expect(
      done(statusTracker({ orderStatus: 'PRODUCTION_READY', hasArtwork: true, financeApproval: false })),
    ).toEqual(['Placed', 'Art Prepared', 'Art Approved']);
    expect(
      done(statusTracker({ orderStatus: 'PRODUCTION_CONFIRMED', hasArtwork: false, financeApproval: false })),
    ).toEqual(['Placed', 'Production']);
    expect(
      done(statusTracker({ orderStatus: 'COMPLETE_AND_SHIPPED', hasArtwork: false, financeApproval: true })),
    ).toEqual(['Placed', 'Production', 'Finance', 'Shipped']);
  });
  it('lights Finance whenever finance approval is set, even early', () => {
    expect(
      done(statusTracker({ orderStatus: 'NEEDS_ARTWORK', hasArtwork: false, financeApproval: true })),
    ).toEqual(['Placed', 'Finance']);
  });
  it('has a label and a step for every status, steps in progress order', () => {
    expect(ORDER_STATUSES.map((s) => ORDER_STATUS_STEP[s])).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(ORDER_STATUS_LABELS.NEEDS_ARTWORK).toBe('Placed');
    expect(ORDER_STATUS_LABELS.COMPLETE_AND_SHIPPED).toBe('Shipped');
  });
  it('law: a later status never lights fewer steps, and Finance follows the flag only', () => {
    const arb = fc.record({
      a: fc.constantFrom(...ORDER_STATUSES),
      b: fc.constantFrom(...ORDER_STATUSES),
      hasArtwork: fc.boolean(),
      financeApproval: fc.boolean(),
    });
    fc.assert(
      fc.property(arb, ({ a, b, hasArtwork, financeApproval }) => {
        const [lo, hi] = ORDER_STATUS_STEP[a] <= ORDER_STATUS_STEP[b] ? [a, b] : [b, a];
        const tl = statusTracker({ orderStatus: lo, hasArtwork, financeApproval });
        const th = statusTracker({ orderStatus: hi, hasArtwork, financeApproval });
        for (const step of done(tl)) expect(done(th)).toContain(step);
        expect(th.find((s) => s.label === 'Finance')?.done).toBe(financeApproval);
        const progress = th.filter((s) => s.label !== 'Finance').map((s) => s.done);
        // lit steps (other than Finance) form a prefix
        expect(
          progress.indexOf(false) === -1 || !progress.slice(progress.indexOf(false)).includes(true),
        ).toBe(true);
      }),
    );
  });
});

describe('order-list status filter (ordering §4 List filter mapping; decision 0010)', () => {
  it("offers exactly the spec's options, with its wire values", () => {
    expect(ORDER_STATUS_FILTERS.map((f) => `${f.label}=${f.value}`)).toEqual([
      'Open Orders=READY_TO_SHIP',
      'Placed=NEEDS_ARTWORK',
      'Art Prepared=NEEDS_ART_APPROVAL',
      'Art Approved=PRODUCTION_READY',
      'Production Confirmed=PRODUCTION_CONFIRMED',
      'Shipped=COMPLETE_AND_SHIPPED',
      'Cancelled=CANCELLED',
    ]);
  });
  it('READY_TO_SHIP (Open Orders) selects every placed status but shipped, not cancelled', () => {
    expect(statusFilterSelection('READY_TO_SHIP')).toEqual({
      statuses: [
        'NEEDS_ARTWORK',
        'NEEDS_ART_APPROVAL',
        'PRODUCTION_READY',
        'PRODUCTION_CONFIRMED',
        'READY_TO_SHIP',
      ],
      cancelled: false,
    });
  });
  it('a status selects itself, not cancelled; CANCELLED every placed status, cancelled', () => {
    expect(statusFilterSelection('PRODUCTION_READY')).toEqual({
      statuses: ['PRODUCTION_READY'],
      cancelled: false,
    });
    expect(statusFilterSelection('CANCELLED')).toEqual({
      statuses: ORDER_STATUSES.filter((s) => s !== 'PENDING'),
      cancelled: true,
    });
  });
});
