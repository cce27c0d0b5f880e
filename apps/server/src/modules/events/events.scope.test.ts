/**
 * Who receives which live event (events.scope.ts), without a database: the order scope per role,
 * uploads by role and customer scope, carts by owner, master data for admins, and a change a role
 * may not see sent as 'updated'.
 */
import type { LiveEvent, Role } from '@selvedge/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../platform/auth';
import type { CustomerScope } from '../access/access';
import { eventFor, mayReceive, type Receiver } from './events.scope';

const receiver = (role: Role, ids: Partial<AuthUser> = {}, customers: CustomerScope = []): Receiver => ({
  user: {
    id: 1,
    role,
    email: 'x@example.com',
    name: 'X',
    sessionId: 's',
    customerIds: [],
    vendorIds: [],
    factoryIds: [],
    regionIds: [],
    canUpdateInventory: false,
    canRestock: false,
    ...ids,
  },
  customers,
});
const order = { order: { vendorId: 10, customerId: 20, productionRegionId: 30, factoryId: 40 } };

describe('mayReceive', () => {
  it('sends an order event to the users whose order scope reaches the order', () => {
    expect(mayReceive(receiver('ADMIN'), order)).toBe(true);
    expect(mayReceive(receiver('VENDOR', { vendorIds: [10] }), order)).toBe(true);
    expect(mayReceive(receiver('VENDOR', { vendorIds: [11] }), order)).toBe(false);
    expect(mayReceive(receiver('CSR', { customerIds: [20] }), order)).toBe(true);
    expect(mayReceive(receiver('FINANCE', { customerIds: [21] }), order)).toBe(false);
    expect(mayReceive(receiver('FACTORY_ACCOUNT', { regionIds: [30] }), order)).toBe(true);
    expect(mayReceive(receiver('FACTORY_ACCOUNT', { factoryIds: [40] }), order)).toBe(true);
    // A customer-scoped role is not reached through a vendor id it happens to hold.
    expect(mayReceive(receiver('CSR', { vendorIds: [10] }), order)).toBe(false);
    expect(mayReceive(receiver('NONE', { customerIds: [20] }), order)).toBe(false);
  });

  it('sends upload progress to the uploads screen roles that see the customer', () => {
    const upload = { uploadCustomerId: 20 };
    expect(mayReceive(receiver('ACCOUNT', {}, [20]), upload)).toBe(true);
    expect(mayReceive(receiver('ACCOUNT', {}, [21]), upload)).toBe(false);
    expect(mayReceive(receiver('ADMIN', {}, 'ALL'), upload)).toBe(true);
    expect(mayReceive(receiver('VENDOR', {}, [20]), upload)).toBe(false);
  });

  it("sends a cart's change to its owner and master data to the administrators", () => {
    expect(mayReceive(receiver('VENDOR'), { userId: 1 })).toBe(true);
    expect(mayReceive(receiver('VENDOR'), { userId: 2 })).toBe(false);
    expect(mayReceive(receiver('ADMIN'), { masterData: true })).toBe(true);
    expect(mayReceive(receiver('CSR'), { masterData: true })).toBe(false);
  });
});

describe('eventFor', () => {
  it('sends a change the role may not see as "updated"', () => {
    const shipped: LiveEvent = {
      id: 'e',
      kind: 'order',
      orderId: 1,
      change: 'uploadShippingDocument',
      status: 'COMPLETE_AND_SHIPPED',
      actor: { email: 'a@example.com', role: 'ADMIN' },
    };
    expect(eventFor('CSR', shipped)).toMatchObject({ change: 'updated' });
    expect(eventFor('VENDOR', shipped)).toBe(shipped);
  });
});
