import { Skeleton } from '@cartwheel/ui/skeleton';
import { LoadingRegion } from './loading.tsx';

/** Shown while a lazily loaded page's code arrives (first visit to that page only). */
export function PageLoader() {
  return (
    <LoadingRegion label="Loading..." className="mx-auto w-full max-w-6xl px-4 py-8">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="mt-6 h-64 w-full" />
    </LoadingRegion>
  );
}
