import { ApiError } from '@cartwheel/shared/api-client';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent } from '@cartwheel/ui/card';
import { Trans } from '@lingui/react';
import { ShoppingCart } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useRecoveredCart } from '../features/cart/api/recover-cart.ts';
import { useCart } from '../features/cart/components/cart-context.ts';
import { restoreGuestCart } from '../features/cart/guest-cart.ts';
import { useT } from '../i18n/i18n.tsx';

/** /cart/recover/:token: the link in an abandoned-checkout email puts its items back in the cart. */
export function CartRecoverRoute() {
  const { token = '' } = useParams();
  const recovered = useRecoveredCart(token);
  const { setOpen } = useCart();
  const restored = useRef(false);
  const t = useT();

  useEffect(() => {
    if (!recovered.data || restored.current) return;
    restored.current = true;
    restoreGuestCart(recovered.data.items);
    setOpen(true);
  }, [recovered.data, setOpen]);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12">
      <meta name="robots" content="noindex" />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <ShoppingCart aria-hidden="true" className="size-12 text-muted-foreground" />
          {recovered.isPending ? (
            <p className="text-muted-foreground">{t('recover.restoring')}</p>
          ) : recovered.isError ? (
            <>
              <h1 className="font-semibold text-xl">{t('recover.invalidTitle')}</h1>
              <p className="text-muted-foreground">
                {recovered.error instanceof ApiError && recovered.error.status === 404
                  ? t('recover.invalid')
                  : recovered.error.message}
              </p>
            </>
          ) : (
            <>
              <h1 className="font-semibold text-xl">{t('recover.title')}</h1>
              <p className="text-muted-foreground">{t('recover.text')}</p>
              {recovered.data.discount_code ? (
                <p>
                  <Trans
                    id="recover.useCode"
                    values={{ code: recovered.data.discount_code }}
                    components={{ 0: <strong /> }}
                  />
                </p>
              ) : null}
              <Button onClick={() => setOpen(true)}>{t('cart.view')}</Button>
            </>
          )}
          <Button asChild variant="outline">
            <Link to="/products">{t('checkout.continueShopping')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
