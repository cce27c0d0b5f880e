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
