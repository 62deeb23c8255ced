import { DEFAULT_COUNTRY } from '@cartwheel/shared/constants';
import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { ResponsiveImage } from '@cartwheel/ui/responsive-image';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { ShoppingCart, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { GiftCardNote } from '../../../components/gift-card-note.tsx';
import { LoadingRegion, SkeletonStack } from '../../../components/loading.tsx';
import { type CheckoutCart, useCheckoutQuote } from '../../../components/quote/checkout-quote.ts';
import { apiErrorMessage } from '../../../i18n/api-errors.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useCurrency } from '../../../lib/site.ts';
import { automaticDiscounts, checkoutCartOf } from '../checkout-cart.ts';
import { type CartViewLine, type CheckoutSlot, useCart } from './cart-context.ts';
import { QuantityInput } from './quantity-input.tsx';

// The cart's lines and its automatic discounts, shown by the side panel and the /cart page alike.

const PLACEHOLDER_IMAGE_URL = `${import.meta.env.BASE_URL}placeholder.svg`;

/**
 * Under the lines: the subtotal, the automatic discounts (`withDiscounts`: only while shown, they
 * ask the server for a quote), the checkout's buttons and Clear cart.
 */
export function CartTotals({
  checkout,
  withDiscounts,
}: {
  checkout?: CheckoutSlot | undefined;
  withDiscounts: boolean;
}) {
  const currency = useCurrency();
  const cart = useCart();
  const { user } = useMe();
  const checkoutCart = checkoutCartOf(cart, user?.id ?? null);
  const t = useT();
  return (
    <>
      <div className="flex items-center justify-between font-semibold text-base">
        <span>{t('cart.subtotal')}</span>
        <span data-testid="cart-subtotal" className="tabular-nums">
          {t.money(cart.subtotal, currency)}
        </span>
      </div>
      {withDiscounts ? <AutomaticDiscounts cart={checkoutCart} /> : null}
      <p className="text-muted-foreground text-xs">{t('cart.shippingNote')}</p>
      {checkout?.({ cart: checkoutCart, closeCart: () => cart.setOpen(false) })}
      <Button variant="outline" onClick={cart.clear} disabled={cart.isClearing}>
        <Trash2 aria-hidden="true" />
        {t('cart.clear')}
      </Button>
    </>
  );
}

/**
 * The discounts the shop applies by itself (no code) to this cart, and what they save, from the
 * server's quote. Nothing while there is none or the quote is not in yet.
 */
function AutomaticDiscounts({ cart }: { cart: CheckoutCart }) {
  const currency = useCurrency();
  const quote = useCheckoutQuote(cart.userId, cart.signature, {
    country: DEFAULT_COUNTRY,
    ...(cart.guestLines ? { lines: cart.guestLines } : {}),
  });
  const { automatic, saved } = automaticDiscounts(quote.data?.priced.discounts ?? []);
  const t = useT();
  if (automatic.length === 0) return null;
  return (
    <div className="grid gap-1 text-sm" data-testid="cart-discounts">
      {automatic.map((discount) => (
        <div
          key={discount.id}
          className="flex items-center justify-between text-green-700 dark:text-green-500"
        >
          <span>{discount.title}</span>
          <span className="tabular-nums">−{t.money(discount.onLines, currency)}</span>
        </div>
      ))}
      <p className="font-medium text-green-700 dark:text-green-500" data-testid="cart-saved">
        {t('cart.youSave', { amount: t.money(saved, currency) })}
      </p>
    </div>
  );
}

/** The lines with image, name, variant, unit price, stepper and remove; loading, failed and empty states. */
export function CartBody() {
  const { lines, isLoading, error, setOpen } = useCart();
  const t = useT();

  if (isLoading) {
    return (
      <LoadingRegion label={t('loading.page')} className="flex-1 space-y-4 overflow-y-auto p-4">
        <LineSkeleton />
        <LineSkeleton />
      </LoadingRegion>
    );
  }
  if (error && lines.length === 0) {
    return (
      <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
        <p className="font-medium">{t('cart.loadFailed')}</p>
        <p className="text-muted-foreground text-sm">{apiErrorMessage(t, error, t('common.error'))}</p>
      </div>
    );
  }
  if (lines.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
        <ShoppingCart aria-hidden="true" className="size-12 text-muted-foreground" />
        <p className="font-medium">{t('cart.empty')}</p>
        <Button asChild onClick={() => setOpen(false)}>
          <Link to="/products">{t('cart.browse')}</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul aria-label={t('cart.lines')} className="flex-1 divide-y overflow-y-auto px-4">
      {lines.map((line) => (
        <li key={line.key} className="py-4" data-testid="cart-line">
          {line.details ? <CartLineRow line={line} /> : <LineSkeleton />}
        </li>
      ))}
    </ul>
  );
}

function CartLineRow({ line }: { line: CartViewLine }) {
  const currency = useCurrency();
  const { setQuantity, removeItem, pendingKeys, setOpen } = useCart();
  const t = useT();
  const details = line.details!;
  const pending = pendingKeys.has(line.key);
  const onSale = details.unit_price < details.regular_price;
  const href = `/product/${encodeURIComponent(details.product_slug)}`;

  return (
    <div className="flex gap-3">
      <Link to={href} onClick={() => setOpen(false)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ResponsiveImage
          image={details.image_url ? { url: details.image_url, variants: details.image_variants } : null}
          fallbackSrc={PLACEHOLDER_IMAGE_URL}
          alt=""
          width={72}
          height={72}
          sizes="72px"
          className="size-18 rounded-md border bg-muted object-cover"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link
              to={href}
              onClick={() => setOpen(false)}
              className="line-clamp-2 font-medium text-sm leading-snug hover:underline"
            >
              {details.product_name}
            </Link>
            {details.variant_title ? (
              <p className="text-muted-foreground text-xs" data-testid="cart-line-variant">
                {details.variant_title}
              </p>
            ) : null}
            <GiftCardNote giftCard={details.gift_card} />
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-2 size-8! shrink-0 text-muted-foreground hover:text-destructive!"
            aria-label={t('cart.remove', { name: details.product_name })}
            disabled={pending}
            onClick={() => removeItem(line)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
        <p className="text-sm" data-testid="cart-line-unit-price">
          <span className={onSale ? 'font-medium text-destructive' : 'font-medium'}>
            {t.money(details.unit_price, currency)}
          </span>
          {onSale ? (
            <>
              <span className="sr-only">, was </span>
              <s className="ml-1.5 text-muted-foreground text-xs">
                {t.money(details.regular_price, currency)}
              </s>
            </>
          ) : null}
          <span className="text-muted-foreground text-xs"> each</span>
        </p>
        {details.is_gift_card && !details.gift_card ? (
          <p className="text-destructive text-xs" data-testid="gift-card-no-recipient">
            {t('giftCard.line.noRecipient')}
          </p>
        ) : null}
        {details.available <= 0 ? (
          <p className="text-destructive text-xs">{t('product.availability.outOfStock')}</p>
        ) : line.quantity > details.available ? (
          <p className="text-destructive text-xs">{t('cart.onlyInStock', { count: details.available })}</p>
        ) : null}
        <div className="mt-1 flex items-center justify-between gap-2">
          <QuantityInput
            value={line.quantity}
            max={details.available > 0 ? details.available : undefined}
            onChange={(quantity) => setQuantity(line, quantity)}
            label={t('cart.quantityOf', { name: details.product_name })}
            itemName={details.product_name}
            disabled={pending}
            size="sm"
          />
          <span className="font-semibold text-sm tabular-nums" data-testid="cart-line-total">
            {t.money(line.lineTotal, currency)}
          </span>
        </div>
      </div>
    </div>
  );
}

function LineSkeleton() {
  return (
    <div className="flex gap-3" aria-hidden="true">
      <Skeleton className="size-18 shrink-0" />
      <SkeletonStack bars={['h-4 w-3/4', 'h-3 w-1/3', 'h-8 w-28']} className="flex-1 gap-2" />
    </div>
  );
}
