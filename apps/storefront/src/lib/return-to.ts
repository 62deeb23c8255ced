// Where sign-in sends the shopper back to: the page they were on, carried as /auth?redirectTo=...

/** A path of this shop only: "/x..." but not "//host" or "/\host" (which browsers treat as another site). */
export function safeReturnTo(value: string | null | undefined, fallback = '/account'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // A path that leads to /auth again would loop.
  return /^\/auth(\/|\?|$)/.test(value) ? fallback : value;
}

/** /auth with the page to come back to (the current one unless given). */
export function authPath(returnTo: string): string {
  return `/auth?redirectTo=${encodeURIComponent(safeReturnTo(returnTo, '/'))}`;
}
