import type { WishlistItem } from '@cartwheel/shared/contracts/wishlist';
import { ResponsiveImage } from '@cartwheel/ui/responsive-image';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n.tsx';
import { useCurrency } from '../../../lib/site.ts';

const PLACEHOLDER_IMAGE_URL = `${import.meta.env.BASE_URL}placeholder.svg`;

export type ShownItem = Omit<WishlistItem, 'id' | 'created_at'> & { id?: string };

/** A wishlist's items as a list; `actions` draws each item's buttons (none on a shared list). */
export function WishlistItems({
  items,
  actions,
}: {
  items: ShownItem[];
  actions?: (item: ShownItem) => ReactNode;
}) {
  const t = useT();
  const currency = useCurrency();
  return (
    <ul className="divide-y rounded-lg border" data-testid="wishlist-items">
      {items.map((item) => {
        const href = `/product/${encodeURIComponent(item.product_slug)}`;
        return (
          <li
            key={`${item.product_id}:${item.variant_id ?? ''}`}
            className="flex flex-wrap items-center gap-4 p-4"
            data-testid="wishlist-item"
          >
            <Link to={href} tabIndex={-1} aria-hidden="true">
              <ResponsiveImage
                image={item.image_url ? { url: item.image_url, variants: item.image_variants } : null}
                fallbackSrc={PLACEHOLDER_IMAGE_URL}
                alt=""
                width={72}
                height={72}
                sizes="72px"
                className="size-18 rounded-md border bg-muted object-cover"
              />
            </Link>
            <div className="min-w-0 flex-1">
              <Link to={href} className="font-medium hover:underline">
                {item.product_name}
              </Link>
              {item.variant_title ? (
                <p className="text-muted-foreground text-sm">{item.variant_title}</p>
              ) : null}
              <p className="text-sm tabular-nums">{t.money(item.unit_price, currency)}</p>
              {item.available <= 0 && !item.needs_options ? (
                <p className="text-destructive text-sm">{t('product.availability.outOfStock')}</p>
              ) : null}
            </div>
            {actions ? <div className="flex flex-wrap gap-2">{actions(item)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
