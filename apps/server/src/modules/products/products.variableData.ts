/**
 * The uploaded rows (variable data) as the product calls and the cart read them: the reads the cart
 * makes, and the fixed size order of rows (ordering §9). Which rows a vendor may see is the access
 * module's `rowVendorNumbers`.
 */
import { compareSizeAndColour } from '@selvedge/shared';
import {
  type VariableDataRow,
  variableDataProductsRepository as vdRepo,
} from './products.variableData.repository';

/**
 * The reads of the uploaded rows (variable data) the cart makes when it checks or repeats a
 * VARIABLE_DATA or DYNAMIC line (cart.variableData.ts, cart.orderAgain.ts): the products module's
 * own queries, lent as they are (docs/decisions/0060-one-access-layer.md: services call services,
 * not another module's repository). Rows a vendor may see are narrowed by `rowVendorNumbers` (access.ts).
 */
export const variableDataRows: Pick<
  typeof vdRepo,
  'items' | 'rowsOfItems' | 'rowsByIds' | 'lineRows' | 'orderedRows' | 'dynamicRows'
> = vdRepo;

/** Rows in the fixed order of sizes, then colours (ordering §9). */
export const bySizeAndColour = (a: VariableDataRow, b: VariableDataRow) =>
  compareSizeAndColour(a.data, b.data);
