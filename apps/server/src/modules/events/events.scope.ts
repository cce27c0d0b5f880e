/**
 * Who receives which live event (docs/decisions/0068): the API's own row scoping and
 * field visibility, applied to an event in memory. A receiver gets an event only if the API would
 * show it the row (a vendor: its own orders only), and only what it may see of it.
 */
import { API_ACCESS, canSee, type LiveEvent, type LiveOrderChange, type Role } from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { LiveAudience } from '../../platform/liveEvents';
import { type CustomerScope, inCustomerScope, orderInScope } from '../access/access';

/** A stream's receiver: the signed-in user and the customers it may see (read when the stream opened). */
export interface Receiver {
  user: AuthUser;
  customers: CustomerScope;
}

const includes = (roles: readonly Role[], role: Role) => roles.includes(role);

/** Whether `receiver` may see the row the event is about (the API's row scoping). */
export function mayReceive(receiver: Receiver, audience: LiveAudience): boolean {
  const { user } = receiver;
  if ('order' in audience)
    return includes(API_ACCESS.ordersRead, user.role) && orderInScope(user, audience.order);
  if ('userId' in audience) return includes(API_ACCESS.cart, user.role) && audience.userId === user.id;
  if ('uploadCustomerId' in audience)
    return (
      includes(API_ACCESS.variableDataUpload, user.role) &&
      inCustomerScope(receiver.customers, audience.uploadCustomerId)
    );
  if ('productsCustomerId' in audience)
    return (
      includes(API_ACCESS.productsRead, user.role) &&
      inCustomerScope(receiver.customers, audience.productsCustomerId)
    );
  // A vendor record reaches its own users too (they read and save it, master-data §6).
  if (audience.vendorId !== undefined && user.role === 'VENDOR')
    return user.vendorIds.includes(audience.vendorId);
  return includes(API_ACCESS.masterData, user.role);
}

/** Order changes that name a field some roles may not see, with the visibility rule that shows it. */
const CHANGE_VISIBILITY: Partial<Record<LiveOrderChange, Parameters<typeof canSee>[0]>> = {
  uploadShippingDocument: 'shippingDocuments',
};

/**
 * The event as `role` may see it (field visibility): a change naming something the role may not see
 * becomes 'updated' (the page refreshes, the notice says no more). Events carry no prices at all.
 */
export function eventFor(role: Role, event: LiveEvent): LiveEvent {
  if (event.kind !== 'order') return event;
  const rule = CHANGE_VISIBILITY[event.change];
  return rule && !canSee(rule, role) ? { ...event, change: 'updated' } : event;
}
