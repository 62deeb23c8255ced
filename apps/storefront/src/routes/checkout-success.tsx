import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { accountKeys } from '../features/account/api/account-keys.ts';
import { cartKeys } from '../features/cart/api/cart-keys.ts';
import { clearGuestCart } from '../features/cart/guest-cart.ts';
import { catalogKeys } from '../features/catalog/api/catalog-keys.ts';
import { useCompleteCheckout } from '../features/checkout/api/complete-checkout.ts';
import { CheckoutResult } from '../features/checkout/components/checkout-result.tsx';
import { guestEmail } from '../features/checkout/guest-email.ts';
import { useT } from '../i18n/i18n.tsx';
import { invalidateEverywhere } from '../lib/tab-sync.ts';

/** After a guest's purchase: make an account with the email just used, to find this order there. */
function CreateAccountOffer({ email }: { email: string }) {
  const t = useT();
  const to = `/auth?mode=signup&email=${encodeURIComponent(email)}`;
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-lg border p-4 text-center"
      data-testid="create-account-offer"
    >
      <p className="font-medium">{t('auth.createAccount')}</p>
      <p className="text-muted-foreground text-sm">{t('success.offer', { email })}</p>
      <Button asChild size="sm">
        <Link to={to}>{t('auth.createAccount')}</Link>
      </Button>
    </div>
  );
}

/** /checkout/success: records the paid session and thanks the shopper. */
export function CheckoutSuccessRoute() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const complete = useCompleteCheckout(sessionId);
  const queryClient = useQueryClient();
  const announced = useRef(false);
  const { isSignedIn, isLoading: meLoading } = useMe();
  const [email] = useState(guestEmail);
  const t = useT();
  const failed = t('success.failed');

  const processing = Boolean(sessionId) && complete.isPending;
  const orderNumber = complete.data?.order_number;

  useEffect(() => {
    if (announced.current) return;
    if (complete.isSuccess) {
      announced.current = true;
      if (orderNumber !== undefined) toast.success(t('success.created'));
      // The purchased lines left the server cart, a guest's lines leave the browser's cart here (a
      // signed-in shopper's is already empty: it was merged at sign-in), there is a new order and
      // less stock. The tab the checkout started from (usually still open) is told too.
      clearGuestCart();
      invalidateEverywhere(queryClient, [cartKeys.all, accountKeys.all, catalogKeys.products]);
    } else if (complete.isError) {
      announced.current = true;
      toast.error(failed);
    }
  }, [complete.isSuccess, complete.isError, orderNumber, queryClient, failed, t]);

  // An unknown or unpaid session, or none at all: only the error and what to do, no success copy.
  if (!sessionId || complete.isError) {
    return (
      <CheckoutResult outcome="failed">
        <p role="alert" className="text-destructive">
          {failed}
        </p>
      </CheckoutResult>
    );
  }

  return (
    <CheckoutResult outcome="paid">
      {processing ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          {t('success.processing')}
        </p>
      ) : (
        <div role="status" className="flex flex-col items-center gap-3">
          <p className="text-lg">{t('success.thanks')}</p>
          {orderNumber !== undefined ? (
            <p className="font-medium" data-testid="order-number">
              {t('success.orderNumber', { number: String(orderNumber) })}
            </p>
          ) : null}
          <p className="text-muted-foreground text-sm">{t('success.emailNote')}</p>
          {email && orderNumber !== undefined && !meLoading && !isSignedIn ? (
            <CreateAccountOffer email={email} />
          ) : null}
        </div>
      )}
    </CheckoutResult>
  );
}
