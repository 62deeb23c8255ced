import { Button } from '@cartwheel/ui/button';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { Heart, ShoppingCart, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useHref } from 'react-router';
import { LoadingRegion } from '../../../components/loading.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import { useServerWishlist } from '../api/get-wishlist.ts';
import { useWishlistPreview } from '../api/preview-wishlist.ts';
import { useGuestWishlist } from '../guest-wishlist.ts';
import { useWishlist } from '../hooks/use-wishlist.ts';
import { type ShownItem, WishlistItems } from './wishlist-items.tsx';

/** The route gives the cart's add (features do not import each other); true when it was added. */
export type MoveToCart = (item: ShownItem) => Promise<boolean>;

/**
 * /wishlist: the list (the browser's while signed out, the account's while signed in), each item
 * movable to the cart, and for a signed-in shopper the link that shares it read-only.
 */
export function WishlistPage({ moveToCart }: { moveToCart: MoveToCart }) {
  const t = useT();
  const wishlist = useWishlist();
  const guestKeys = useGuestWishlist();
  const server = useServerWishlist(wishlist.userId);
  const preview = useWishlistPreview(guestKeys, wishlist.userId === null);
  const items: ShownItem[] | undefined = wishlist.userId
    ? server.data?.items
    : guestKeys.length === 0
      ? []
      : preview.data?.items;
  const [moving, setMoving] = useState<string | null>(null);

  const move = async (item: ShownItem) => {
    const key = `${item.product_id}:${item.variant_id ?? ''}`;
    setMoving(key);
    try {
      if (await moveToCart(item)) await wishlist.toggle(item);
    } finally {
      setMoving(null);
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <PageTitle page={t('wishlist.title')} />
      <h1 className="font-bold text-2xl tracking-tight">{t('wishlist.title')}</h1>
      {!wishlist.userId ? (
        <p className="text-muted-foreground text-sm">
          {t('wishlist.guestNote')}{' '}
          <Link to="/auth?redirectTo=/wishlist" className="font-medium underline">
            {t('account.signIn')}
          </Link>
        </p>
      ) : null}
      {items === undefined ? (
        <LoadingRegion label={t('wishlist.loading')}>
          <Skeleton className="h-24 w-full" />
        </LoadingRegion>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <Heart aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-muted-foreground">{t('wishlist.empty')}</p>
          <Button asChild variant="outline">
            <Link to="/products">{t('wishlist.browse')}</Link>
          </Button>
        </div>
      ) : (
        <WishlistItems
          items={items}
          actions={(item) => (
            <>
              {item.needs_options ? (
                <Button asChild size="sm">
                  <Link to={`/product/${encodeURIComponent(item.product_slug)}`}>
                    {t('wishlist.chooseOptions')}
                  </Link>
                </Button>
              ) : (
                <Button
                  size="sm"
                  disabled={item.available <= 0 || moving !== null}
                  onClick={() => void move(item)}
                  data-testid="wishlist-move-to-cart"
                >
                  <ShoppingCart aria-hidden="true" />
                  {t('wishlist.moveToCart')}
                </Button>
              )}
              <Button
                size="sm"
                variant="outline"
                disabled={wishlist.pending}
                onClick={() => void wishlist.toggle(item)}
                aria-label={t('wishlist.removeProduct', { name: item.product_name })}
              >
                <Trash2 aria-hidden="true" />
                {t('wishlist.remove')}
              </Button>
            </>
          )}
        />
      )}
      {wishlist.userId && server.data?.share_token && items?.length ? (
        <ShareLink token={server.data.share_token} />
      ) : null}
    </div>
  );
}

/** The read-only page's address, to copy (the shopper's language prefix included). */
function ShareLink({ token }: { token: string }) {
  const t = useT();
  const path = useHref(`/wishlist/shared/${token}`);
  const [copied, setCopied] = useState(false);
  // The origin is the browser's: read after hydration so both renders agree.
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  const url = `${origin}${path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="flex flex-col gap-2 rounded-lg border p-4" aria-labelledby="wishlist-share">
      <h2 id="wishlist-share" className="font-semibold">
        {t('wishlist.shareTitle')}
      </h2>
      <p className="text-muted-foreground text-sm">{t('wishlist.shareText')}</p>
      <div className="flex gap-2">
        <input
          readOnly
          value={url}
          aria-label={t('wishlist.shareTitle')}
          className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-1.5 text-sm"
          data-testid="wishlist-share-url"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          {copied ? t('wishlist.copied') : t('wishlist.copy')}
        </Button>
      </div>
    </section>
  );
}
