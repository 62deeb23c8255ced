import { Skeleton } from '@cartwheel/ui/skeleton';
import { useT } from '../i18n/i18n.tsx';
import { LoadingRegion } from './loading.tsx';

/** Shown while a lazily loaded page's code arrives (first visit to that page only). */
export function PageLoader() {
  const t = useT();
  return (
    <LoadingRegion label={t('loading.page')} className="mx-auto w-full max-w-6xl px-4 py-8">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="mt-6 h-64 w-full" />
    </LoadingRegion>
  );
}
