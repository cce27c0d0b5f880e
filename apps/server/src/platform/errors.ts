/**
 * Errors with an HTTP status (ARCHITECTURE.md Contract): services throw these; the error handler turns
 * them into `{ message }` with the status. Anything else is a 500 with the generic text.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Please log in.') => new AppError(401, message);
export const forbidden = (message = 'Your role may not do this.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/** 413: an upload (or another body) above its size limit; the message names the limit. */
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
