import { toast } from '@cartwheel/ui/lazy-toaster';
import { useEffect } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import { CART_ADDED_TOAST, type CheckoutSlot } from './cart-context.ts';
import { CartBody, CartTotals } from './cart-lines.tsx';

/** The /cart page: the cart's lines beside its totals and the way on to the checkout. */
export function CartPage({ checkout }: { checkout: CheckoutSlot }) {
  const t = useT();
  useEffect(() => toast.dismiss(CART_ADDED_TOAST), []);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <PageTitle page={t('cart.title')} />
      <h1 className="font-bold text-3xl tracking-tight">{t('cart.title')}</h1>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label={t('cart.lines')} className="flex min-h-40 flex-col rounded-lg border">
          <CartBody />
        </section>
        <CartSide checkout={checkout} />
      </div>
    </div>
  );
}

function CartSide({ checkout }: { checkout: CheckoutSlot }) {
  const t = useT();
  return (
    <aside
      aria-label={t('checkout.summary')}
      className="flex flex-col gap-3 rounded-lg border p-4"
      data-testid="cart-page-totals"
    >
      <CartTotals checkout={checkout} withDiscounts />
    </aside>
  );
}
