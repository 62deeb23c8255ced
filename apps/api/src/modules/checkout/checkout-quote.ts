import type { CheckoutQuoteRequest } from '@cartwheel/shared/contracts/checkout';
import type { QuoteResponse } from '@cartwheel/shared/contracts/pricing';
import { AppError } from '../../lib/errors.ts';
import { toPricedOrderJson } from '../pricing/priced-order-json.ts';
import type { CheckoutContext } from './checkout-context.ts';
import { readCartLines, readGuestLines } from './checkout-lines.ts';
import { priceCheckout } from './price-checkout.ts';

/**
 * POST /api/checkout/quote: what the checkout would charge for this destination, method and code.
 * Signed in, the server cart; a guest, the lines sent. Nothing is reserved or written; a code that
 * cannot be used and a destination we do not ship to are answered in the body, not as errors.
 */
export async function quoteCheckout(
  ctx: CheckoutContext,
  viewer: { userId: string; email: string } | null,
  body: CheckoutQuoteRequest,
): Promise<QuoteResponse> {
  let lines: Awaited<ReturnType<typeof readCartLines>>;
  if (viewer) lines = await readCartLines(ctx.db, viewer.userId);
  else if (body.lines?.length) lines = await readGuestLines(ctx.db, body.lines);
  else throw new AppError('invalid', 'cart_empty', 'Your cart is empty');
  const pricing = await priceCheckout(ctx, ctx.db, {
    lines,
    country: body.country,
    state: body.state || null,
    shippingMethodId: body.shipping_method_id ?? null,
    code: body.discount_code ?? null,
    customerId: viewer?.userId ?? null,
    email: viewer?.email ?? null,
  });
  return {
    priced: toPricedOrderJson(pricing.priced),
    shipping_methods: pricing.methods,
    code_error: pricing.codeError,
    no_shipping: pricing.noShipping ? { message: pricing.noShipping } : null,
  };
}
