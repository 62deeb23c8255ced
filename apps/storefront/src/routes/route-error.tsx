import { RouteErrorScreen } from '@cartwheel/ui/route-error';
import { useStoreTitle } from '../lib/site.ts';

/** Last-resort screen when a page throws while rendering (or its code fails to download). */
export function RouteError() {
  return <RouteErrorScreen siteName={useStoreTitle()} homeHref="/" homeLabel="Back to Store" />;
}
