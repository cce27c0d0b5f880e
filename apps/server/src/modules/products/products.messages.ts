/** What the product calls answer when they refuse (products.service.ts). */
export const PRODUCT_MESSAGES = {
  noCareLabel: 'This product has no care label.',
  notFound: 'Product not found.',
  lineNotFound: 'Order item not found in your cart.',
  unknownRegion: 'The chosen production region does not exist.',
  unknownGroup: 'The chosen product group does not exist.',
  notInventory: (id: number) => `Product item ${id} is not an inventory product.`,
  mixedTypes: 'All products opened together must be of one product type.',
} as const;
