import { ApiError } from './api-client.ts';

/** A refused request body's field messages ({ field: 'body.url', message }), as the API lists them. */
function fieldMessages(error: ApiError): string[] {
  if (error.code !== 'invalid_request' || !Array.isArray(error.details)) return [];
  return error.details.flatMap((d: unknown) =>
    typeof d === 'object' && d !== null && typeof (d as { message?: unknown }).message === 'string'
      ? [(d as { message: string }).message]
      : [],
  );
}

/**
 * The message of a failed call for toasts and inline errors: the server's text for API errors, and
 * for a refused request its field messages in plain words, once each, without their request paths
 * ("body.methods.0.amount_cents: ..."), wherever a screen shows it.
 */
export function getErrorMessage(error: unknown, fallback = 'An unexpected error occurred'): string {
  if (error instanceof ApiError) {
    const messages = fieldMessages(error);
    if (messages.length > 0) return [...new Set(messages)].join('; ');
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
