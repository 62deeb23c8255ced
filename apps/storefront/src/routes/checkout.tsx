import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { checkoutCartOf } from '../features/cart/checkout-cart.ts';
import { useCart } from '../features/cart/components/cart-context.ts';
import { useCheckoutSettings } from '../features/checkout/api/get-checkout-settings.ts';
import { CheckoutForm } from '../features/checkout/components/checkout-form.tsx';
import { useT } from '../i18n/i18n.tsx';
import { authPath } from '../lib/return-to.ts';

/** What stands in for the form: an empty cart, or a shop that asks guests to sign in first. */
function Notice({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border p-10 text-center">
      <ShoppingCart aria-hidden="true" className="size-12 text-muted-foreground" />
      <p className="font-medium">{text}</p>
      <Button asChild>
        <Link to={to}>{label}</Link>
      </Button>
    </div>
  );
}

/**
 * /checkout: the one-page checkout, in the same tab as the shop. The page's frame is rendered on the
 * server; who is buying and the cart are the browser's (the page is never cached, see
 * lib/storefront-render.ts).
 */
export function CheckoutRoute() {
  const t = useT();
  const cart = useCart();
  const { user, isSignedIn, isLoading } = useMe();
  const settings = useCheckoutSettings();
  const checkoutCart = checkoutCartOf(cart, user?.id ?? null);
  const waiting = isLoading || cart.isLoading || (!isSignedIn && settings.isPending);

  let body: ReactNode;
  if (waiting) body = <PageLoader />;
  else if (cart.lines.length === 0)
    body = <Notice text={t('cart.empty')} to="/products" label={t('cart.browse')} />;
  else if (!isSignedIn && settings.data?.guest_enabled !== true)
    body = (
      <Notice
        text={t('checkout.signInFirst')}
        to={authPath('/checkout')}
        label={t('checkout.signInToCheckout')}
      />
    );
  else body = <CheckoutForm key={user?.id ?? 'guest'} cart={checkoutCart} />;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <PageTitle page={t('checkout.title')} />
      <meta name="robots" content="noindex" />
      <h1 className="font-bold text-3xl tracking-tight">{t('checkout.title')}</h1>
      {body}
    </div>
  );
}
