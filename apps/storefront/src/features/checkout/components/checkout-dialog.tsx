import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@cartwheel/ui/dialog';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { CheckoutCart } from '../../../components/quote/checkout-quote.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { authPath, OPEN_CART_STATE } from '../../../lib/return-to.ts';
import { useCheckoutSettings } from '../api/get-checkout-settings.ts';
import { CheckoutForm } from './checkout-form.tsx';

export interface CheckoutDialogProps {
  /** The cart being bought; checking out an empty cart is refused. */
  cart: CheckoutCart;
  /** Closes the cart panel (after redirecting to payment, or on the way to /auth). */
  onDone: () => void;
}

/**
 * The cart panel's Checkout button and its dialog. Signed out, "Sign in to Checkout" goes to /auth (and
 * back here with the cart open),
 * and "Continue as guest" beside it opens the same checkout for a guest when the shop allows it.
 */
export function CheckoutDialog({ cart, onDone }: CheckoutDialogProps) {
  const { isSignedIn, isLoading } = useMe();
  const settings = useCheckoutSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const guestEnabled = !isSignedIn && settings.data?.guest_enabled === true;

  const start = (asGuest: boolean) => {
    if (!isSignedIn && !asGuest) {
      toast.error(t('checkout.signInFirst'));
      onDone();
      // Back to this page after signing in, with the cart open to check out.
      navigate(authPath(`${location.pathname}${location.search}`), { state: OPEN_CART_STATE });
      return;
    }
    if (cart.itemCount <= 0) {
      toast.error(t('cart.empty'));
      return;
    }
    setOpen(true);
  };
  const onBusyChange = useCallback((next: boolean) => setBusy(next), []);

  return (
    <>
      {isSignedIn || isLoading ? (
        <Button
          className="w-full"
          size="lg"
          onClick={() => start(false)}
          disabled={isLoading}
          data-testid="checkout-button"
        >
          {t('cart.checkout')}
        </Button>
      ) : (
        <div className={guestEnabled ? 'grid gap-2 sm:grid-cols-2' : 'grid'}>
          <Button size="lg" onClick={() => start(false)} data-testid="checkout-button">
            {t('checkout.signInToCheckout')}
          </Button>
          {guestEnabled ? (
            <Button
              size="lg"
              variant="outline"
              onClick={() => start(true)}
              data-testid="guest-checkout-button"
            >
              {t('checkout.asGuest')}
            </Button>
          ) : null}
        </div>
      )}
      <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <DialogContent className="max-h-[100dvh] overflow-y-auto sm:max-h-[95dvh] sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>{t('cart.checkout')}</DialogTitle>
            <DialogDescription>{t('checkout.dialogDescription')}</DialogDescription>
          </DialogHeader>
          {open ? (
            <CheckoutForm
              cart={cart}
              onBusyChange={onBusyChange}
              onCancel={() => setOpen(false)}
              onPaid={() => {
                setOpen(false);
                onDone();
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
