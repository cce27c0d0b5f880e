/**
 * The uploaded rows (variable data) as the product calls and the cart read them: which rows a vendor
 * may see (`rowVendorNumbers`), the reads the cart makes, and the fixed size order of rows (ordering
 * §9).
 */
import { compareSizeAndColour } from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import {
  type VariableDataRow,
  variableDataProductsRepository as vdRepo,
} from './products.variableData.repository';

/**
 * The vendor numbers whose uploaded rows the user may see (ARCHITECTURE.md Order life: "a vendor
 * sees only the rows whose vendor number is its own"): a VENDOR its vendors' numbers; every other
 * role null (all rows of the customers in its scope).
 */
export async function rowVendorNumbers(
  db: AppContext['db'],
  user: Pick<AuthUser, 'role' | 'vendorIds'>,
): Promise<string[] | null> {
  return user.role === 'VENDOR' ? vdRepo.vendorNumbersOf(db, user.vendorIds) : null;
}

/**
 * The reads of the uploaded rows (variable data) the cart makes when it checks or repeats a
 * VARIABLE_DATA or DYNAMIC line (cart.variableData.ts, cart.orderAgain.ts): the products module's
 * own queries, lent as they are (docs/decisions/0060-one-access-layer.md: services call services,
 * not another module's repository). Rows a vendor may see are narrowed by `rowVendorNumbers`.
 */
export const variableDataRows: Pick<
  typeof vdRepo,
  'items' | 'rowsOfItems' | 'rowsByIds' | 'lineRows' | 'orderedRows' | 'dynamicRows'
> = vdRepo;

/** Rows in the fixed order of sizes, then colours (ordering §9). */
export const bySizeAndColour = (a: VariableDataRow, b: VariableDataRow) =>
  compareSizeAndColour(a.data, b.data);
