import { describe, expect, it } from 'vitest';
import { type Role, SIGNED_IN_ROLES } from '../roles';
import { NEEDS_ACTION_STEPS, type NeedsActionStep, needsActionStepsFor, waitsAt } from './needsAction';
import { ORDER_STATUSES, type OrderStatus } from './orderStatus';
import { checkArtworkAction, checkOrderAction, type WorkflowOrder } from './orderWorkflow';

/**
 * What the state machine lets `role` do at `step` on an order with these flags: the step's action,
 * or, for the artwork steps, the line action that comes before it (upload a version, review one).
 */
function canAct(step: NeedsActionStep, role: Role, order: Omit<WorkflowOrder, 'artwork'>): boolean {
  const actor = { role, isOrderVendor: true };
  const ok = (action: Parameters<typeof checkOrderAction>[0], artwork: WorkflowOrder['artwork']) =>
    checkOrderAction(action, { ...order, artwork }, actor).ok;
  switch (step) {
    case 'artworkToUpload':
      return (
        checkArtworkAction('upload', order, { status: 'NEEDS_UPLOAD', artworkFinalized: false }, actor).ok ||
        ok('requestArtworkApproval', [{ status: 'UPLOADED', artworkFinalized: false }])
      );
    case 'reviewsToGive':
      return (
        checkArtworkAction('review', order, { status: 'UPLOADED', artworkFinalized: false }, actor).ok ||
        ok('submitReviews', [{ status: 'APPROVED', artworkFinalized: false }])
      );
    case 'productionToComplete':
      return ok('completeProduction', []);
    case 'financeToApprove':
      return ok('approveFinance', []);
    case 'shipmentsToMake':
      return ok('shipAndComplete', []);
  }
}

const placed = ORDER_STATUSES.filter((s) => s !== 'PENDING');
const bools = [false, true];

describe('needs my action (decision 0016)', () => {
  it('counts an order at a step exactly when the state machine lets the role act on it', () => {
    for (const role of SIGNED_IN_ROLES)
      for (const step of NEEDS_ACTION_STEPS)
        for (const orderStatus of placed as OrderStatus[])
          for (const cancelled of bools)
            for (const financeApproval of bools)
              for (const csrArtPrepared of bools)
                for (const csrProductionConfirmed of bools) {
                  const order = {
                    orderStatus,
                    cancelled,
                    financeApproval,
                    csrArtPrepared,
                    csrProductionConfirmed,
                  };
                  expect(waitsAt(step, role, order), `${role} ${step} ${JSON.stringify(order)}`).toBe(
                    canAct(step, role, order),
                  );
                }
  });

  it('gives each role the steps of its actions', () => {
    expect(needsActionStepsFor('VENDOR')).toEqual(['reviewsToGive']);
    expect(needsActionStepsFor('FINANCE')).toEqual(['financeToApprove']);
    expect(needsActionStepsFor('CSR')).toEqual([
      'artworkToUpload',
      'reviewsToGive',
      'productionToComplete',
      'shipmentsToMake',
    ]);
    expect(needsActionStepsFor('ACCOUNT')).toEqual([
      'artworkToUpload',
      'reviewsToGive',
      'productionToComplete',
      'shipmentsToMake',
    ]);
    expect(needsActionStepsFor('FACTORY_ACCOUNT')).toEqual([...NEEDS_ACTION_STEPS]);
    expect(needsActionStepsFor('ADMIN')).toEqual([...NEEDS_ACTION_STEPS]);
    expect(needsActionStepsFor('CUSTOMER')).toEqual([]);
    expect(needsActionStepsFor(null)).toEqual([]);
  });
});
