/**
 * Ours: answers of the server's platform that belong to no area and that the specs do not give
 * (ordering §8 says only that a failed answer's message is shown): the defaults of the error
 * helpers, a bad request body, the crud kit's database safety net, uploads, health and metrics.
 */

/** Defaults of the error helpers and the answers to a request no route takes or can read. */
export const REQUEST_MESSAGES = {
  /** 401 without a token (an expired or revoked one is ordering §8's authExpired). */
  pleaseLogIn: 'Please log in.',
  forbidden: 'Your role may not do this.',
  notFound: 'Not found.',
  invalidRequest: 'The request is not valid.',
  emptyBody: 'The request body is empty.',
  invalidJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'This request does not take a body of this type.',
  /** 413 of a body over a call's limit where no upload limit names it; `mb` the limit in MB ('1.5'). */
  bodyTooLarge: (mb: string) => `The request is larger than ${mb} MB, the limit of this call.`,
  /** The crud kit's safety net behind the schemas' limits: bad input is never a 500. */
  duplicateEntry: 'This entry already exists.',
  numberOutOfRange: 'A number in the request is out of range.',
  textTooLong: 'A text in the request is too long.',
  missingReference: 'A chosen record does not exist.',
} as const;

/** 400 of an SVG refused by `isSafeSvg`. */
export const UNSAFE_SVG_MESSAGE = 'SVG files with scripts or event handlers are not accepted.';
/** 400 of an upload without content. */
export const EMPTY_FILE_MESSAGE = 'The file is empty.';
/** 400 of a multipart body that cannot be parsed. */
export const UNREADABLE_UPLOAD_MESSAGE = 'The upload could not be read (malformed multipart/form-data).';

/** Other refusals of an uploaded file (the size limit is ordering §5's artworkTooLarge for every kind). */
export const UPLOAD_MESSAGES = {
  notMultipart: 'A file is required (sent as multipart/form-data).',
  fileRequired: 'A file is required.',
  /** `field` is the form field the route reads, `sent` the one the file came in. */
  wrongField: (field: string, sent: string) =>
    `A file is required as "${field}"; it was sent as "${sent}" instead.`,
  /** `subject` names what the file is for ('artwork'), `types` the accepted types in words. */
  typeNotAccepted: (subject: string, types: string) => `File type not accepted: ${subject} must be ${types}.`,
  notAnImage: 'The file is not a readable image.',
  imageNotFound: 'Image not found.',
} as const;

/** The health checks' 503s (operators and load balancers, not the screens). */
export const HEALTH_MESSAGES = {
  databaseUnavailable: 'Database unavailable.',
  migrationsNotApplied: 'Database migrations are not applied.',
} as const;

/** The metrics endpoint's answers (operators, not the screens). */
export const METRICS_MESSAGES = {
  tokenRequired: 'A valid metrics token is required.',
  notCollected: 'Metrics could not be collected.',
} as const;
