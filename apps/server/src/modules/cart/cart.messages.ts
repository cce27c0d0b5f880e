/** What the cart's calls answer (cart.service.ts): the refusals' texts and the order log's line on placing. */
export const CART_API_MESSAGES = {
  productNotFound: 'Product not found.',
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

/** What the order log says when an order is placed. */
export const ORDER_PLACED_LOG = 'Order placed';
