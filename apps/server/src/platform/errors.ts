/**
 * Errors with an HTTP status (ARCHITECTURE.md Contract): services throw these; the error handler turns
 * them into `{ message, field? }` with the status. `message` is a sentence in the user's words (the
 * spec's text where it gives one), `field` the dotted path of the refused field in the request — the
 * field is never written in front of the text (decision 0058). Anything else is a 500 with the
 * generic text.
 */
import { REQUEST_MESSAGES } from '@selvedge/shared';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** 400: bad input; `field` names the refused field's path ('careLabel.instructionCode'), if one is. */
export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message: string = REQUEST_MESSAGES.pleaseLogIn) => new AppError(401, message);
export const forbidden = (message: string = REQUEST_MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = REQUEST_MESSAGES.notFound) => new AppError(404, message);
/** 409: a conflict with the current state; `field` names the field holding the duplicate, if one does. */
export const conflict = (message: string, field?: string) => new AppError(409, message, field);
/** 413: an upload (or another body) above its size limit; the message names the limit. */
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
