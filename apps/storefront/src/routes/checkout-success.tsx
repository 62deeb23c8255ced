import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { RouteHandle } from '../app/prefetch.ts';
import { accountKeys } from '../features/account/api/account-keys.ts';
import { OrderReceipt } from '../features/account/components/order-detail.tsx';
import { cartKeys } from '../features/cart/api/cart-keys.ts';
import { clearGuestCart } from '../features/cart/guest-cart.ts';
import { catalogKeys } from '../features/catalog/api/catalog-keys.ts';
import { receiptQueryOptions, useReceipt } from '../features/checkout/api/get-receipt.ts';
import { CheckoutResult } from '../features/checkout/components/checkout-result.tsx';
import { takeCheckoutStarted } from '../features/checkout/started-checkout.ts';
import { useT } from '../i18n/i18n.tsx';
import { invalidateEverywhere } from '../lib/tab-sync.ts';

/** The server renders the receipt (and records a payment the provider took but nobody reported yet). */
export const handle: RouteHandle = {
  prefetch: ({ queryClient, searchParams }) => {
    const token = searchParams.get('receipt');
    return token ? queryClient.prefetchQuery(receiptQueryOptions(token)) : Promise.resolve();
  },
};

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

/**
 * /checkout/success?receipt=...: where the payment page sends the buyer back to, in any browser. The
 * signed token opens the order's receipt; a payment still being confirmed says so and asks again
 * by itself; only a payment that failed, or a link that is not valid, says something went wrong.
 */
export function CheckoutSuccessRoute() {
  const [params] = useSearchParams();
  const token = params.get('receipt');
  const receipt = useReceipt(token);
  const queryClient = useQueryClient();
  const announced = useRef(false);
  const { isSignedIn } = useMe();
  const t = useT();
  const state = receipt.data?.state;

  useEffect(() => {
    if (announced.current || state !== 'paid') return;
    announced.current = true;
    toast.success(t('success.created'));
    // The purchased lines left the server cart; a guest's leave the browser's cart here, in the tab
    // that bought them only. There is a new order and less stock; other tabs are told too.
    if (takeCheckoutStarted()) clearGuestCart();
    invalidateEverywhere(queryClient, [cartKeys.all, accountKeys.all, catalogKeys.products]);
  }, [state, queryClient, t]);

  if (!token || receipt.isError || state === 'failed') {
    return (
      <CheckoutResult outcome="failed">
        <p role="alert" className="text-destructive">
          {t('success.failed')}
        </p>
      </CheckoutResult>
    );
  }
  if (state !== 'paid' || !receipt.data?.order) {
    // Loading: "Processing your order..." under the thanks' heading (docs/product.md); a payment the
    // provider has not confirmed yet: says so, and the query asks again by itself.
    const confirming = state === 'processing';
    return (
      <CheckoutResult outcome={confirming ? 'confirming' : 'paid'} signedIn={isSignedIn}>
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          {confirming ? t('success.confirming') : t('success.processing')}
        </p>
      </CheckoutResult>
    );
  }
  const { order, guest_email: guestEmail } = receipt.data;
  return (
    <CheckoutResult outcome="paid" signedIn={isSignedIn} receipt={<OrderReceipt order={order} />}>
      <div role="status" className="flex flex-col items-center gap-3">
        <p className="text-lg">{t('success.thanks')}</p>
        <p className="font-medium" data-testid="order-number">
          {t('success.orderNumber', { number: String(order.order_number) })}
        </p>
        <p className="text-muted-foreground text-sm">{t('success.emailNote')}</p>
        {guestEmail && !isSignedIn ? <CreateAccountOffer email={guestEmail} /> : null}
      </div>
    </CheckoutResult>
  );
}
