/**
 * User-facing texts given by the specs, word for word (including their spelling), so that the
 * server and the web app show the same sentence. Spec sections are named per group.
 */
export const MESSAGES = {
  // ordering §8 Generic handling
  networkError: 'ERROR: Unable to reach network server.',
  unexpectedError: 'An unexpected error has occured.',
  logoutFailed: 'Error with logging out',
  authExpired: 'Authentication expired. Please log in.',
  otherTabSignedIn: 'Another user signed in from another tab, you will be logged out automatically.',
  invalidUrlParams: 'Invalid URL params',
  // ordering §5 Validation (reset password, login)
  confirmPasswordRequired: 'Please enter and confirm your password',
  passwordsMustMatch: 'Passwords must match',
  passwordTooShort: 'Password must be at least 14 characters long',
  passwordUpdated: 'Password Successfully Updated',
  passwordExpiryNotice: 'For your security, a password expires after six months of inactivity.',
  // ordering §8 Success messages
  productAdded: 'Product added to your cart',
  productUpdated: 'Product successfully updated',
  itemRemoved: 'Item successfuly removed from order',
  orderPlaced: 'Order has been successfully placed',
  // ordering §8 Place-order refusals
  pricesChangedVendor:
    'The prices on the order have changed. Please refresh the order to view the new prices and continue.',
  pricesChangedStaff:
    'The costs on the order have changed. Please refresh the order to view the new costs and continue.',
  chargesChanged: 'The charges on the order have changed. Please refresh the order to view the changes.',
  careLabelChangedRefresh:
    'Care Label Configurations have changed: Please refresh the page to view the changes before placing the order.',
  careLabelChangedEdit:
    'Care Label Configurations have changed: Please click Edit on the Order Items with Care Labels to Add Fabric Compositions.',
  // ordering §5 Cart
  invalidEmail: '* Please include a single valid email address',
  passwordReset: 'Password Reset Sent',
} as const;

/** Overlay texts (ordering §8 Progress overlays, master-data §8). */
export const OVERLAYS = {
  searching: 'Searching...',
  updatingPassword: 'Updating Password...',
  addingProducts: 'Adding Products to Order...',
  downloading: 'Downloading...',
  updatingOrder: 'Updating Order...',
  cancellingOrder: 'Cancelling Order...',
  saving: 'Saving...',
  loading: 'Loading...',
} as const;

/** Business constants (ordering §9). */
export const LIMITS = {
  productPageSize: 50,
  orderPageSize: 50,
  minPasswordLength: 14,
  passwordExpiryMonths: 6,
  messageDisplayMs: 4000,
  overlayDelayMs: 300,
  orderFilterStartDaysBack: 30,
  dateRequestedMinDays: 14,
  shippingAddressMaxLength: 255,
  vendorNumberMaxLength: 10,
} as const;
