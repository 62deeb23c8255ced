import type { StoreLocale } from '@cartwheel/shared/locale';

/**
 * The one place the page's locale reaches the API: every request the storefront makes (the server
 * render's and the browser's) passes through here. The API reads the catalog, the cart and the
 * checkout in the market the locale shops in (`?locale=`, decision 0067); the default locale's is the
 * base market, so its addresses stay as they are (and so do their cache keys).
 */
export function apiUrlForLocale(url: string, locale: StoreLocale): string {
  if (!locale.prefix || !url.startsWith('/api/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}locale=${locale.prefix}`;
}
