/**
 * What went wrong, in the caller's terms. Services throw these; the one error handler
 * (`error-handler.ts`, `HTTP_STATUS`) is the only place that turns a kind into an HTTP status.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'upstream_failed';

/** A domain error the API reports to the caller as `{ error: { code, message, details? } }`. */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: string, message: string) => new AppError('not_found', code, message);
export const invalid = (code: string, message: string, details?: unknown) =>
  new AppError('invalid', code, message, details);
export const conflict = (code: string, message: string, details?: unknown) =>
  new AppError('conflict', code, message, details);
