import { RouteErrorScreen } from '@cartwheel/ui/route-error';
import { useHref } from 'react-router';
import { useT } from '../i18n/i18n.tsx';
import { useStoreTitle } from '../lib/site.ts';

/** Last-resort screen when a page throws while rendering (or its code fails to download). */
export function RouteError() {
  const t = useT();
  return (
    <RouteErrorScreen
      siteName={useStoreTitle()}
      homeHref={useHref('/')}
      homeLabel={t('error.backToStore')}
      text={{ heading: t('error.heading'), body: t('error.body'), reload: t('error.reload') }}
    />
  );
}
