import type { AppliedDiscountJson } from '@cartwheel/shared/contracts/pricing';
import type { CheckoutCart, CheckoutLineName } from '../../components/quote/checkout-quote.ts';
import type { CartContextValue } from './components/cart-context.ts';

/** The price calculation's key of a guest line (a server line's key is its id). */
export const guestLineKey = (line: { product_id: string; variant_id: string | null }) =>
  `${line.product_id}:${line.variant_id ?? ''}`;

/** The cart as the checkout and its quotes see it. */
export function checkoutCartOf(cart: CartContextValue, userId: string | null): CheckoutCart {
  const lineNames: Record<string, CheckoutLineName> = {};
  for (const line of cart.lines) {
    if (!line.details) continue;
    const { details } = line;
    const name = {
      name: details.product_name,
      variantTitle: details.variant_title,
      image: details.image_url ? { url: details.image_url, variants: details.image_variants } : null,
      giftCard: details.gift_card ?? null,
    };
    // A guest's gift card line is priced under its own key (its position in the cart).
    const gift = details.gift_card && line.guestIndex !== null ? `:gift:${line.guestIndex}` : '';
    lineNames[guestLineKey(line.details) + gift] = name;
    if (line.itemId) lineNames[line.itemId] = name;
  }
  const guest = cart.mode === 'guest';
  return {
    userId: guest ? null : userId,
    itemCount: cart.itemCount,
    guestLines: guest ? cart.guestLines : null,
    lineNames,
    signature: cart.lines.map((line) => `${line.key}x${line.quantity}`).join(','),
  };
}

/**
 * The discounts the shop applies by itself (no code) and what each takes off the lines (the cart
 * shows no shipping, so a free-shipping part waits for the checkout), with their sum.
 */
export function automaticDiscounts(discounts: AppliedDiscountJson[]) {
  const automatic = discounts
    .filter((discount) => discount.code === null)
    .map((discount) => ({ ...discount, onLines: discount.amount - discount.shipping_amount }))
    .filter((discount) => discount.onLines > 0);
  return { automatic, saved: automatic.reduce((sum, discount) => sum + discount.onLines, 0) };
}
