import { CheckoutResult } from '../features/checkout/components/checkout-result.tsx';
import { useT } from '../i18n/i18n.tsx';

/** /checkout/cancel: the shopper left the payment page; nothing was charged and the cart is kept. */
export function CheckoutCancelRoute() {
  const t = useT();
  return (
    <CheckoutResult outcome="cancelled">
      <p>{t('cancel.text')}</p>
      <p className="text-muted-foreground text-sm">{t('cancel.cartKept')}</p>
    </CheckoutResult>
  );
}
