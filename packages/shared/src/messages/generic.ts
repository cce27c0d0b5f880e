/**
 * Texts of every screen: the failed-call and session texts, the URL check of the detail screens
 * and the progress overlays. Strings, word for word (spelling included).
 */

/**
 * ordering §8 Generic handling and §4 Session; master-data §5 and §8 'Invalid URL params' (also
 * ordering §5).
 */
export const GENERIC_MESSAGES = {
  networkError: 'ERROR: Unable to reach network server.',
  unexpectedError: 'An unexpected error has occured.',
  logoutFailed: 'Error with logging out',
  authExpired: 'Authentication expired. Please log in.',
  otherTabSignedIn: 'Another user signed in from another tab, you will be logged out automatically.',
  invalidUrlParams: 'Invalid URL params',
} as const;

/** Overlay texts (ordering §8 Progress overlays, master-data §8 Progress overlays). */
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
