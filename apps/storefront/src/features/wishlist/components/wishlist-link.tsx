import { Button } from '@cartwheel/ui/button';
import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n.tsx';

/** The header's link to the wishlist. */
export function WishlistLink() {
  const t = useT();
  return (
    <Button asChild variant="ghost" size="icon">
      <Link to="/wishlist" data-testid="wishlist-link">
        <Heart aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('wishlist.title')}</span>
      </Link>
    </Button>
  );
}
