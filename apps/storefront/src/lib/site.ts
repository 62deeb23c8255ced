import { api } from '@cartwheel/shared/api-client';
import type { StorefrontSite } from '@cartwheel/shared/contracts/content';
import { marketForLocale } from '@cartwheel/shared/locale';
import type { WeightUnit } from '@cartwheel/shared/weight';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale, useT } from '../i18n/i18n.tsx';

export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: ({ signal }) => api.get<StorefrontSite>('/api/storefront/site', { signal }),
});

/** The shop's name, logo, hero, announcement and published pages (GET /api/storefront/site). */
export function useSite() {
  return useQuery(siteQuery);
}

/** The name every page title ends with: "<shop name> Store". */
export function useStoreTitle(): string {
  const t = useT();
  return t('site.storeTitle', { name: useSite().data?.store.name ?? 'Cartwheel' });
}

/** A page's tab title: "<page> | <shop name> Store" (the shop's name from Online Store). */
export function usePageTitle(page: string): string {
  return useT()('site.pageTitle', { page, storeTitle: useStoreTitle() });
}

/**
 * The currency of the catalog's prices and the cart's amounts: the currency of the market the page's
 * locale shops in (the API prices in the same one, decision 0067), else the base currency. Orders
 * carry their own. The site answer is loaded with every page, so USD is only a fallback.
 */
export function useCurrency(): string {
  const site = useSite().data;
  return usePageMarket()?.currency ?? site?.base_currency ?? 'USD';
}

/** The market the page's locale shops in (the base market when none matches), once the site is loaded. */
function usePageMarket() {
  const site = useSite().data;
  const locale = useLocale();
  return site ? (marketForLocale(site.markets, locale) ?? site.markets[0]) : undefined;
}

/** The unit the page's market shows weights in: kilograms or pounds (pounds, the catalog's, until known). */
export function useWeightUnit(): WeightUnit {
  return usePageMarket()?.weight_unit ?? 'lb';
}
