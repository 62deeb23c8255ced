import { ApiError } from './api-client.ts';
import { apiFieldErrors } from './field-errors.ts';

/**
 * The message of a failed call for toasts and inline errors: the server's text for API errors, and
 * for a refused request its field messages in plain words, once each, without their request paths
 * ("body.methods.0.amount_cents: ..."), wherever a screen shows it.
 */
export function getErrorMessage(error: unknown, fallback = 'An unexpected error occurred'): string {
  if (error instanceof ApiError && error.code === 'invalid_request') {
    // Every field of the request (body, querystring, params): no prefix left out.
    const messages = apiFieldErrors(error, '').map((f) => f.message);
    if (messages.length > 0) return [...new Set(messages)].join('; ');
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
