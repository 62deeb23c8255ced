import type { CheckoutQuoteRequest } from '@cartwheel/shared/contracts/checkout';
import type { QuoteResponse } from '@cartwheel/shared/contracts/pricing';
import { AppError } from '../../lib/errors.ts';
import { toPricedOrderJson } from '../pricing/priced-order-json.ts';
import { translateShippingMethods } from '../translations/translate-lines.ts';
import { readLanguage } from '../translations/translated-sql.ts';
import { readBuyerTerms } from '../wholesale/buyer-terms.ts';
import type { CheckoutContext } from './checkout-context.ts';
import { giftCardOfCode, planTenders, type QuotedTender } from './checkout-tenders.ts';
import { priceCheckout, readLinesAndRules } from './price-checkout.ts';

/**
 * POST /api/checkout/quote: what the checkout would charge for this destination, method and code.
 * Signed in, the server cart; a guest, the lines sent. Nothing is reserved or written; a code that
 * cannot be used and a destination we do not ship to are answered in the body, not as errors.
 */
export async function quoteCheckout(
  ctx: CheckoutContext,
  viewer: {
    userId: string;
    email: string;
    customerGroupId?: string | null;
    taxExemptionNumber?: string | null;
  } | null,
  body: CheckoutQuoteRequest,
): Promise<QuoteResponse> {
  // A gift card's code in the code field is a tender, not a discount code.
  const giftCard = await giftCardOfCode(ctx.db, body.discount_code);
  const code = giftCard ? null : (body.discount_code ?? null);
  let source: Parameters<typeof readLinesAndRules>[1];
  if (viewer) source = { userId: viewer.userId };
  else if (body.lines?.length) source = { guestLines: body.lines };
  else throw new AppError('invalid', 'cart_empty', 'Your cart is empty');
  const { lines, rules } = await readLinesAndRules(ctx, source, code);
  const market = await ctx.markets?.resolve(ctx.db, body.market, body.locale);
  const groupId = viewer?.customerGroupId ?? null;
  const pricing = await priceCheckout(ctx.db, {
    wholesale: groupId
      ? await readBuyerTerms(
          ctx.db,
          groupId,
          lines.map((l) => l.productId),
        )
      : null,
    taxExemptionNumber: viewer?.taxExemptionNumber ?? null,
    market,
    lines,
    rules,
    country: body.country,
    state: body.state || null,
    postalCode: body.postal_code || null,
    shippingMethodId: body.shipping_method_id ?? null,
    code,
    customerId: viewer?.userId ?? null,
    email: viewer?.email ?? null,
    taxProvider: ctx.taxProvider,
  });
  const currency = market?.market.currency ?? rules.rules.currency;
  const total = pricing.priced.total;
  let tenders: { quoted: QuotedTender[]; storeCreditBalance: number | null } = {
    quoted: [],
    storeCreditBalance: null,
  };
  let codeError = pricing.codeError;
  try {
    tenders = await planTenders(ctx.db, {
      giftCard,
      storeCredit: body.apply_store_credit === true,
      customerId: viewer?.userId ?? null,
      currency,
      total,
      buysGiftCards: lines.some((l) => l.digital),
    });
  } catch (error) {
    // A gift card that cannot pay is answered like a code that cannot be used.
    if (!(error instanceof AppError)) throw error;
    codeError = { code: error.code, message: error.message };
  }
  const tendered = tenders.quoted.reduce((sum, t) => sum + t.amount, 0);
  return {
    priced: toPricedOrderJson(pricing.priced),
    currency,
    shipping_methods: await translateShippingMethods(ctx.db, readLanguage(body.locale), pricing.methods),
    code_error: codeError,
    no_shipping: pricing.noShipping ? { message: pricing.noShipping } : null,
    tenders: tenders.quoted,
    amount_due: total - tendered,
    store_credit_balance: tenders.storeCreditBalance,
  };
}
