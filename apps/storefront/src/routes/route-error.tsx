import { RouteErrorScreen } from '@cartwheel/ui/route-error';
import { useT } from '../i18n/i18n.tsx';
import { useStoreTitle } from '../lib/site.ts';

/** Last-resort screen when a page throws while rendering (or its code fails to download). */
export function RouteError() {
  const t = useT();
  return <RouteErrorScreen siteName={useStoreTitle()} homeHref="/" homeLabel={t('error.backToStore')} />;
}
