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

/**
 * History state that asks the cart panel to open on arrival ("Sign in to Checkout" and back). /auth carries
 * it on to the page it returns to; on /auth itself the panel stays closed (it would cover the sign-in form).
 */
export const OPEN_CART_STATE = { openCart: true } as const;
export const wantsOpenCart = (location: { pathname: string; state: unknown }) =>
  !/^\/auth(\/|$)/.test(location.pathname) &&
  typeof location.state === 'object' &&
  location.state !== null &&
  (location.state as { openCart?: unknown }).openCart === true;
