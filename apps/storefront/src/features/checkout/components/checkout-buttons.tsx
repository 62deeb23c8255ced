import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { CheckoutCart } from '../../../components/quote/checkout-quote.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { authPath } from '../../../lib/return-to.ts';
import { useCheckoutSettings } from '../api/get-checkout-settings.ts';

/** The checkout page's address. */
const CHECKOUT_PATH = '/checkout';

export interface CheckoutButtonsProps {
  /** The cart being bought; an empty one has nothing to check out. */
  cart: CheckoutCart;
  /** Closes the cart panel on the way to the checkout page (nothing on the /cart page). */
  onDone: () => void;
}

/**
 * The cart's way to the checkout page, in the same tab. Signed out, "Sign in to Checkout" goes to
 * /auth and from there to the checkout; "Continue as guest" beside it goes straight there when the
 * shop allows guests.
 */
export function CheckoutButtons({ cart, onDone }: CheckoutButtonsProps) {
  const { isSignedIn, isLoading } = useMe();
  const settings = useCheckoutSettings();
  const t = useT();
  const guestEnabled = !isSignedIn && settings.data?.guest_enabled === true;
  const empty = cart.itemCount <= 0;

  if (isSignedIn || isLoading) {
    return (
      <Button
        asChild={!isLoading && !empty}
        className="w-full"
        size="lg"
        disabled={isLoading || empty}
        data-testid="checkout-button"
      >
        {isLoading || empty ? (
          t('cart.checkout')
        ) : (
          <Link to={CHECKOUT_PATH} onClick={onDone}>
            {t('cart.checkout')}
          </Link>
        )}
      </Button>
    );
  }
  return (
    <div className={guestEnabled ? 'grid gap-2 sm:grid-cols-2' : 'grid'}>
      <Button asChild size="lg" data-testid="checkout-button">
        <Link
          to={authPath(CHECKOUT_PATH)}
          onClick={() => {
            toast.error(t('checkout.signInFirst'));
            onDone();
          }}
        >
          {t('checkout.signInToCheckout')}
        </Link>
      </Button>
      {guestEnabled ? (
        <Button asChild size="lg" variant="outline" data-testid="guest-checkout-button">
          <Link to={CHECKOUT_PATH} onClick={onDone}>
            {t('checkout.asGuest')}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
