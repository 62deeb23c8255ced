import { Button } from '@cartwheel/ui/button';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { Link } from 'react-router';
import { LoadingRegion } from '../../../components/loading.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import { useSharedWishlist } from '../api/get-shared-wishlist.ts';
import { WishlistItems } from './wishlist-items.tsx';

/** /wishlist/shared/:token: a list someone shared, read-only, each item linking to its page. */
export function SharedWishlist({ token }: { token: string }) {
  const t = useT();
  const { data, isError } = useSharedWishlist(token);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <PageTitle page={t('wishlist.sharedTitle')} />
      <h1 className="font-bold text-2xl tracking-tight">{t('wishlist.sharedTitle')}</h1>
      {isError ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <p className="text-muted-foreground">{t('wishlist.sharedNotFound')}</p>
          <Button asChild variant="outline">
            <Link to="/products">{t('wishlist.browse')}</Link>
          </Button>
        </div>
      ) : !data ? (
        <LoadingRegion label={t('wishlist.loading')}>
          <Skeleton className="h-24 w-full" />
        </LoadingRegion>
      ) : data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          {t('wishlist.sharedEmpty')}
        </p>
      ) : (
        <WishlistItems items={data.items} />
      )}
    </div>
  );
}
