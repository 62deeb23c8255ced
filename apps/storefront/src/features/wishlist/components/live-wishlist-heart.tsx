import { useWishlist } from '../hooks/use-wishlist.ts';
import { HeartButton, type HeartProps } from './heart-button.tsx';

/** The heart with its wishlist: loaded after hydration (see wishlist-heart.tsx). */
export function LiveWishlistHeart(props: HeartProps) {
  const { has, toggle, pending } = useWishlist();
  const item = { product_id: props.productId, variant_id: null };
  return <HeartButton {...props} saved={has(item)} disabled={pending} onToggle={() => void toggle(item)} />;
}
