/** The message of a failed call for toasts and inline errors (the server's text for API errors). */
export function getErrorMessage(error: unknown, fallback = 'An unexpected error occurred'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
