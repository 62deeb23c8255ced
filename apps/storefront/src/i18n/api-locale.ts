import type { StoreLocale } from '@cartwheel/shared/locale';

/**
 * The one place the page's locale reaches the API: every request the storefront makes (the server
 * render's and the browser's) passes through here. Reads stay the base market's in English until the
 * site contract lists markets; then `market` (and `lang`) are added to the catalog reads here.
 */
export function apiUrlForLocale(url: string, _locale: StoreLocale): string {
  return url;
}
