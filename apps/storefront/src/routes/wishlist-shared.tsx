import { useParams } from 'react-router';
import { SharedWishlist } from '../features/wishlist/components/shared-wishlist.tsx';

/** /wishlist/shared/:token: the read-only page a share link opens (fetched in the browser). */
export function SharedWishlistRoute() {
  const { token = '' } = useParams();
  return <SharedWishlist key={token} token={token} />;
}
