/**
 * Texts of the cart: its header form, its lines, placing it and Order again
 * (ordering §2 Cart, §4 Placing an order, §5 Cart, §8).
 */
import { LIMITS } from '../limits';
import { PRODUCT_MESSAGES } from './products';

/** ordering §5 Cart, §8 Success messages and §8 Place-order refusals (orderId -1 to -4). */
export const CART_SPEC_MESSAGES = {
  invalidEmail: '* Please include a single valid email address',
  productAdded: 'Product added to your cart',
  itemRemoved: 'Item successfuly removed from order',
  orderPlaced: 'Order has been successfully placed',
  pricesChangedVendor:
    'The prices on the order have changed. Please refresh the order to view the new prices and continue.',
  pricesChangedStaff:
    'The costs on the order have changed. Please refresh the order to view the new costs and continue.',
  chargesChanged: 'The charges on the order have changed. Please refresh the order to view the changes.',
  careLabelChangedRefresh:
    'Care Label Configurations have changed: Please refresh the page to view the changes before placing the order.',
  careLabelChangedEdit:
    'Care Label Configurations have changed: Please click Edit on the Order Items with Care Labels to Add Fabric Compositions.',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A YYYY-MM-DD date as the date field is typed (DATE_INPUT_FORMAT, DD-MMM-YYYY: 2026-01-15 →
 * 15-Jan-2026). Written out rather than by dayjs so that these texts, which the first load of
 * every screen carries, do not bring dayjs into it (decision 0064's budgets).
 */
function typedDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

/**
 * Ours: the cart header form's errors (ordering §5 Cart lists the rules, not these texts).
 * `dateTooEarly` takes the earliest allowed date as YYYY-MM-DD.
 */
export const CART_MESSAGES = {
  required: (label: string) => `${label} is required`,
  dateTooEarly: (earliest: string) =>
    `Date Requested cannot be earlier than ${typedDate(earliest)} (14 days from today)`,
  shippingAddressTooLong: `Shipping address cannot exceed ${LIMITS.shippingAddressMaxLength} characters`,
  termsRequired: 'Please accept the Terms and Conditions',
} as const;

/** Ours: what the cart's calls answer when they refuse (ordering §7 Orders shows no refusal). */
export const CART_API_MESSAGES = {
  productNotFound: PRODUCT_MESSAGES.notFound,
  lineNotFound: 'This item is not in your cart.',
  cartEmpty: 'Your cart is empty.',
  alreadyPlaced: 'This cart has already been placed.',
  unsavedAddress: 'Choose one of the saved shipping addresses of your company.',
  cartBusy: 'Your cart is being placed or changed in another window. Please try again.',
  noQuantity: 'Enter a quantity for at least one size.',
  notOfType: (productItemId: number, type: string) => `Item ${productItemId} is not a ${type} product.`,
  rowQuantitiesOnly:
    'Only a variable-data line gives quantities by uploaded row; a dynamic product line gives them as its variants.',
  otherProduct: 'The line being edited is of another product.',
  oneSubcode: 'All sizes of a line must belong to one product subcode.',
  otherSubcode: 'The sizes must belong to the product of the line being edited.',
  noFactory: (subcode: string) =>
    `Product ${subcode} cannot be ordered yet: it has no factory (production region).`,
  noPrice: (subcodes: string, currency: string) =>
    `Product ${subcodes} cannot be ordered: it has no price in ${currency}. Please contact us.`,
  noPriceAtPlace: (subcodes: string, currency: string) =>
    `Product ${subcodes} no longer has a price in ${currency}. Remove it from the cart to place the order.`,
  inactiveAtPlace: (subcode: string, size: string) =>
    `Product ${subcode} size ${size} is no longer available. Remove it from the cart to place the order.`,
  customerNotOrderable: 'You may no longer order products of this customer. Please empty the cart.',
  sizeAttribute: (size: string, message: string) => `Size ${size}: ${message}`,
} as const;

/** Ours: what the order log says when an order is placed. */
export const ORDER_PLACED_LOG = 'Order placed';

/**
 * Ours: refusals of a variable-data or dynamic product line (ordering §2 Product details;
 * decision 0057). Ids are product item, uploaded row or variant ids.
 */
export const VARIABLE_LINE_MESSAGES = {
  productNotFound: PRODUCT_MESSAGES.notFound,
  rowsRequired:
    'A variable-data line gives the quantity of each uploaded row, keyed by the row id (items[].variableDataRowId).',
  variableDataItem:
    'A variable-data line names its product item (the PO, style and ticket type) once, with the sum of its row quantities.',
  notVariableData: (id: number) => `Item ${id} is not a VARIABLE_DATA product.`,
  notARow: (id: number, row: { poNumber: string; styleNumber: string; ticketType: string }) =>
    `Row ${id} is not an uploaded row of PO ${row.poNumber}, style ${row.styleNumber}, ticket type ${row.ticketType}.`,
  variantsRequired: 'A dynamic product line needs its style number, PO number and variants.',
  dynamicItem:
    'A dynamic product line names its product item once, with the sum of the variants’ order quantities.',
  twice: (id: number) => `Variant ${id} is named twice.`,
  variantNotFound: (id: number) => `Variant ${id} is not data of this PO and style.`,
} as const;

/**
 * Ours: what Order again says about each line it copies into the cart (decision 0057): left-out
 * sizes, raised quantities (pieces) and changed unit prices or costs (formatted amounts).
 */
export const ORDER_AGAIN_MESSAGES = {
  inactiveSize: (size: string) => `Size ${size} is no longer available and was left out.`,
  nothingLeft: 'None of its sizes is available any more.',
  rowsGone: (sizes: string[]) =>
    `No longer in the uploaded data of this PO and style, left out: ${sizes.join(', ')}.`,
  alreadyOrdered: (byOrder: { orderIds: number[]; sizes: string[] }[]) =>
    `Already ordered, left out: ${byOrder
      .map((o) => `${o.sizes.join(', ')} (order ${o.orderIds.map((id) => `#${id}`).join(', ')})`)
      .join('; ')}.`,
  allOrdered: 'Every size and colour of it is already on a placed order.',
  quantity: (size: string, from: number, to: number, moq: number, pack: number) =>
    `Size ${size}: ${from} raised to ${to} (minimum order ${moq}, packs of ${pack}).`,
  price: (from: string, to: string) => `Unit price was ${from}, today ${to}.`,
  cost: (from: string, to: string) => `Unit cost was ${from}, today ${to}.`,
  /** An amount the line did not have (no tier then, or now). */
  noAmount: 'none',
} as const;

/** Ours: the summary of an Order again answer, from the lines copied and the lines of the order. */
export const orderAgainMessage = (copied: number, total: number) =>
  copied === 0
    ? 'No item could be added to your cart.'
    : `${copied} of ${total} item${total === 1 ? '' : 's'} ${copied === 1 ? 'was' : 'were'} added to your cart.`;
