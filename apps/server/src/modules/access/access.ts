/**
 * The access layer (docs/decisions/0060-one-access-layer.md; ARCHITECTURE.md Who may do what): the
 * one place that answers "may this user see or touch these rows". Every module asks it, never
 * another module's scope, and a row outside the answer simply is not found (404), never a 403 that
 * would confirm it exists.
 *
 * - Order scope (ordering §6): `orderScope` (placed orders the user may see: the order list, the
 *   order details and every later order action), `orderScopeOf` (the same for a statement compiled
 *   once). Carts (PENDING orders) are served by the cart calls and are never part of it.
 * - Customer scope: `visibleCustomerIds`, the customers the user may see at all (the /customers
 *   lookup, vendors of those customers, uploads, inventory files):
 *     ADMIN             all
 *     VENDOR            the customers of the user's vendors (vendor_customers)
 *     CUSTOMER, ACCOUNT, CSR, FINANCE
 *                       the user's customers (user_customers)
 *     FACTORY_ACCOUNT   the customers of the user's factories (factory_customers), plus the customers
 *                       with a subcode made in one of the user's factories or regions
 *     NONE              none
 *   and `orderableCustomerIds`, the customers whose products the user works with on the product
 *   screens (search, details) and, for the cart roles (VENDOR, ACCOUNT, ADMIN), may put in the cart:
 *   the same as visibleCustomerIds for every role that may open products; FINANCE and NONE get none.
 *   ADMIN gets all customers even when linked to a vendor (an admin orders on anyone's behalf).
 *   Both answer 'ALL' (no restriction) or the sorted, distinct customer ids (possibly empty).
 * - Uploaded rows (variable data): `rowVendorNumbers`, the vendor numbers whose rows a VENDOR may
 *   see (ARCHITECTURE.md Order life: "a vendor sees only the rows whose vendor number is its own").
 * - Conditions for a module's own statements: `customerScopeCondition` (a customer column inside a
 *   CustomerScope), `orderableCustomerOf` (orderableCustomerIds inside a statement compiled once).
 *
 * The role rule lives in access.rules.ts, its SQL in access.repository.ts.
 */
import type { AuthUser } from '../../platform/auth';
import type { Db, Tx } from '../../platform/db';
import { accessRepository } from './access.repository';
import { type CustomerScope, orderableAssignments, type ScopeUser, scopeAssignments } from './access.rules';

export { customerScopeCondition, orderableCustomerOf, orderScope, orderScopeOf } from './access.repository';
// The role rule and its types, as every module reads them.
export * from './access.rules';

type Q = Db | Tx;

/**
 * The customers the user may see (see the module comment for the rule per role): the customers
 * of the orders the user's assignments reach (`scopeAssignments`).
 */
export const visibleCustomerIds = (db: Q, user: ScopeUser): Promise<CustomerScope> =>
  accessRepository.customersReached(db, scopeAssignments(user));

/** The customers whose products the user may open and order (see `orderableAssignments`). */
export const orderableCustomerIds = (db: Q, user: ScopeUser): Promise<CustomerScope> =>
  accessRepository.customersReached(db, orderableAssignments(user));

/**
 * The vendor numbers whose uploaded rows the user may see (ARCHITECTURE.md Order life: "a vendor
 * sees only the rows whose vendor number is its own"): a VENDOR its vendors' numbers; every other
 * role null (all rows of the customers in its scope).
 */
export async function rowVendorNumbers(
  db: Q,
  user: Pick<AuthUser, 'role' | 'vendorIds'>,
): Promise<string[] | null> {
  return user.role === 'VENDOR' ? accessRepository.vendorNumbersOf(db, user.vendorIds) : null;
}
