import { usePageTitle } from '../lib/site.ts';

/** The tab title of a page: "<page> | <shop name> Store", with the shop's name from Online Store. */
export function PageTitle({ page }: { page: string }) {
  return <title>{usePageTitle(page)}</title>;
}
