import { api } from '@cartwheel/shared/api-client';
import type { StorefrontSite } from '@cartwheel/shared/contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The site data the server put in the page (#site-data), read once: the first render needs no request. */
function embeddedSite(): StorefrontSite | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById('site-data');
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as StorefrontSite;
  } catch {
    return undefined;
  }
}

const embedded = embeddedSite();

export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: ({ signal }) => api.get<StorefrontSite>('/api/storefront/site', { signal }),
  // What the page came with is current: the server renders it on every change.
  ...(embedded ? { initialData: embedded } : {}),
});

/** The shop's name, logo, hero, announcement and published pages (GET /api/storefront/site). */
export function useSite() {
  return useQuery(siteQuery);
}

/** The name every page title ends with: "<shop name> Store", as the server writes it in the page head. */
export function useStoreTitle(): string {
  const name = useSite().data?.store.name;
  return name ? `${name} Store` : 'Cartwheel Store';
}

/** A page's tab title: "<page> | <shop name> Store" (the shop's name from Online Store). */
export function usePageTitle(page: string): string {
  return `${page} | ${useStoreTitle()}`;
}
