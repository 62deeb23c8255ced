import { ApiError } from '@cartwheel/shared/api-client';

/** The server's message (e.g. "the last admin cannot be removed"), or a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return 'An unexpected error occurred';
}
