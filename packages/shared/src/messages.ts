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
  documentUploaded: 'Document has been uploaded successfully.',
  artworkUploaded: 'Artwork has been uploaded successfully.',
  artworkApprovalRequested: 'Artwork approval successfully requested.',
  reviewsSubmitted: 'Reviews sucessfully submitted.',
  orderApproved: 'Order successfuly approved.',
  productionConfirmed: 'Production has been confirmed.',
  shippedAndCompleted: 'Successfully marked as shipped and completed.',
  restockAdded: 'Restocking Items Successfully Added to Order',
  inventoryUpdated: 'Inventory successfully updated.',
  // ordering §4 Order actions
  confirmCancelOrder: 'Are you sure you want to cancel this order?',
  /** Ship & Complete cannot be undone, so it is confirmed as Cancel is. */
  confirmShipAndComplete: 'Are you sure you want to ship and complete this order? This cannot be undone.',
  // ordering §5 Artwork upload
  artworkTooLarge: (mb: number) => `File size can not exceed ${mb} MB.`,
  artworkCommentRequired: 'An artwork review needs a comment.',
  completionDateTooEarly: 'The estimated completion date cannot be earlier than today.',
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
  // ordering §5 Validation (dynamic search, care label editor, restock)
  dynamicSearchRequired: 'Style Number AND PO Number are required.',
  materialPercentages: 'All material percentages must add up to 100%. Please correct the fields below.',
  specialInstructionsLimit: (limit: number) => `Special Care Instructions Limit: ${limit}`,
  restockCustomerRequired: 'Please select a customer to restock for',
  // ordering §2 Product details (dynamic search, shown inline)
  noDynamicData: 'No dynamic data found for search',
  // master-data §8 Shipping address editor (vendor details)
  duplicateEntry: 'This is a duplicate entry.',
  addressNotFound: "Couldn't find the address to update.",
  // master-data §8 Attribute fields editor (attribute schema details)
  duplicateField: 'This is a duplicate field.',
  fieldNotFound: "Couldn't find the field to update.",
  duplicateOption: 'This is a duplicate option.',
  optionNotSpecified: "Couldn't option specified.",
  noOptionsOnField: 'No options on selected field.',
  // master-data §8 Tiers (product subcode details; master-data §5 Tiers)
  tierExists:
    "A tier for this quantity already exists. To alter this tier please select it, then edit it's values.",
  tierFieldsMissing: 'Missing requred tier fields.',
  noCurrencySelected: 'No currency is selected.',
  tierQuantityZero: 'A tier cannot have quantity 0.',
  tierQuantityNotEditable: 'This tiers quantity is not editable.',
  tierSelectionMissing: 'Missing selection to remove.',
  tierOfOneRequired: 'A tier with a quantity of 1 is required.',
  tierNotFound: 'Could not find the tier specified.',
  // master-data §8 Lists (care labels page)
  listNotFound: 'Could not find list specified',
  listOptionNotFound: 'Could not find the option specified',
  // master-data §8 Success ('X Successfully Created/Updated' is one message per action)
  customerCreated: 'Customer Successfully Created',
  customerUpdated: 'Customer Successfully Updated',
  userCreated: 'User Successfully Created',
  userUpdated: 'User Successfully Updated',
  passwordReset: 'Password Reset Sent',
  productCodeCreated: 'Product Code Successfully Created',
  productCodeUpdated: 'Product Code Successfully Updated',
  productSubcodeCreated: 'Product Subcode Successfully Created',
  /** After a product subcode update (the spec's wording has no entity name). */
  productSubcodeUpdated: 'Successfully Updated',
  vendorCreated: 'Vendor Successfully Created',
  vendorUpdated: 'Vendor Successfully Updated',
  factoryCreated: 'Factory Successfully Created',
  factoryUpdated: 'Factory Successfully Updated',
  warehouseCreated: 'Warehouse Successfully Created',
  warehouseUpdated: 'Warehouse Successfully Updated',
  productionRegionCreated: 'Production Region Successfully Created',
  productionRegionUpdated: 'Production Region Successfully Updated',
  productItemCreated: 'Product Item Successfully Created',
  productItemUpdated: 'Product Item Successfully Updated',
  attributeSchemaCreated: 'Attribute Schema Successfully Created',
  attributeSchemaUpdated: 'Attribute Schema Successfully Updated',
  optionAdded: 'Option Successfully Added',
  optionUpdated: 'Option Successfully Updated',
  listAdded: 'List Successfully Added',
  listUpdated: 'List Successfully Updated',
  listRemoved: 'List Successfully Removed',
  variableDataUploaded:
    'Variable data file successfully uploaded. You will receive an email once it has finished processing. This may take several minutes.',
} as const;

/** Overlay texts (ordering §8 Progress overlays, master-data §8). */
export const OVERLAYS = {
  searching: 'Searching...',
  updatingPassword: 'Updating Password...',
  addingProducts: 'Adding Products to Order...',
  downloading: 'Downloading...',
  uploadingArtwork: 'Uploading Artwork...',
  updatingArtworkReview: 'Updating Artwork Review...',
  requestingApproval: 'Requesting Approval...',
  submittingReviews: 'Submitting Reviews...',
  approvingFinance: 'Approving Finance...',
  updatingOrder: 'Updating Order...',
  cancellingOrder: 'Cancelling Order...',
  saving: 'Saving...',
  loading: 'Loading...',
  adding: 'Adding...',
  updating: 'Updating...',
} as const;

/**
 * Labels the specs give word for word: buttons, tabs, titles, banners, count lines and option
 * names. Count lines are functions of the count (pieces); they keep the spec's "(s)" and "/" forms.
 */
export const LABELS = {
  // ordering §2 Product list (variable-data mode)
  orderSelected: 'Order Selected',
  // ordering §2 Product details
  adjustQuantity: 'Adjust Quantity',
  refresh: 'Refresh',
  clearQuantities: 'Clear Quantities',
  addToOrder: 'Add to Order',
  saveChanges: 'Save Changes',
  // ordering §2 Cart; master-data §2 Vendors (vendor details opened from the cart)
  returnToShopping: 'Return to Shopping',
  returnToCart: 'Return to Cart',
  // ordering §2 Order list
  downloadData: 'Download Data',
  // ordering §4 Item artwork: per-item banners ('Rejected' shows with the review comments)
  artworkBanner: {
    needsUpload: 'Needs Artwork Upload',
    rejected: 'Rejected',
    uploaded: 'Artwork Uploaded',
    requiresReview: 'Requires Artwork Review',
    approved: 'Artwork Approved',
  },
  // master-data §2 Common rules for lists: an empty value in a row, the NONE filter placeholder
  emptyValue: '---',
  // master-data §2 count lines under the lists
  showingUsers: (count: number) => `Showing ${count} User(s)`,
  showingVendors: (count: number) => `Showing ${count} Vendor(s)`,
  showingFactories: (count: number) => `Showing ${count} Factory/Factories`,
  // master-data §2 Product subcodes
  productSubcodeDetailsTitle: 'PRODUCT SUBCODES – PRODUCT SUBCODE DETAILS',
  convertToDynamic: 'Convert to Dynamic',
  convertToStandard: 'Convert to Standard',
  // master-data §2 Care labels page
  optionsTab: 'Options',
  listsTab: 'Lists',
  backToCustomer: 'Back to Customer',
  /** A care code option in a list: 'code - text'. */
  careCodeOption: (code: string, text: string) => `${code} - ${text}`,
  // master-data §3 Product subcode: how each fulfillmentProcess is shown
  fulfillmentProcess: {
    /** Not given by the spec; 'None' as for the other optional choices (master-data §2 Product items). */
    NONE: 'None',
    PICK_AND_PACK: 'Pick & Pack',
    MAKE_AND_SHIP: 'Make & Ship',
    BUILD: 'Build',
  },
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
