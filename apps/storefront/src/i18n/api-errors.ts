import { ApiError } from '@cartwheel/shared/api-client';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@cartwheel/shared/constants';
import type { CartChange } from '@cartwheel/shared/contracts/cart';
import type { useT } from './i18n.tsx';
import { localizeMessage } from './validation.ts';

type Translate = ReturnType<typeof useT>;

/** What the API said went wrong: its stable code, its English message and the values beside them. */
export interface Problem {
  code: string;
  message: string;
  details?: unknown;
}

const field = (details: unknown, name: string): unknown =>
  typeof details === 'object' && details !== null && !Array.isArray(details)
    ? (details as Record<string, unknown>)[name]
    : undefined;
const text = (details: unknown, name: string) => {
  const value = field(details, name);
  return typeof value === 'string' && value ? value : undefined;
};
const number = (details: unknown, name: string) => {
  const value = field(details, name);
  return typeof value === 'number' ? value : undefined;
};

// The codes a shopper meets in the cart, at checkout and when signing in; a message that needs a value
// the error does not carry is left to the server's words.
const MESSAGES: Record<string, (t: Translate, details: unknown) => string | undefined> = {
  out_of_stock: (t) => t('cart.refusal.outOfStock'),
  product_not_found: (t) => t('apiError.productGone'),
  variant_not_found: (t) => t('apiError.optionGone'),
  variant_mismatch: (t) => t('apiError.optionGone'),
  variant_required: (t, d) => {
    const name = text(d, 'name');
    return name ? t('apiError.chooseOptionsOf', { name }) : t('apiError.chooseOptions');
  },
  cart_item_not_found: (t) => t('apiError.lineGone'),
  cart_empty: (t) => t('cart.empty'),
  insufficient_inventory: (t, d) => {
    const name = text(d, 'name');
    const available = number(d, 'available');
    if (!name || available === undefined) return undefined;
    return available > 0 ? t('apiError.onlyLeft', { available, name }) : t('apiError.soldOut', { name });
  },
  product_unavailable: (t, d) => {
    const name = text(d, 'name');
    return name ? t('apiError.unavailable', { name }) : undefined;
  },
  shipping_method_required: (t) => t('apiError.chooseShipping'),
  guest_checkout_disabled: (t) => t('checkout.signInFirst'),
  discount_unknown_code: (t) => t('apiError.discount.unknown'),
  discount_not_started: (t) => t('apiError.discount.notStarted'),
  discount_expired: (t) => t('apiError.discount.expired'),
  discount_used_up: (t) => t('apiError.discount.usedUp'),
  discount_already_used: (t) => t('apiError.discount.alreadyUsed'),
  discount_disabled: (t) => t('apiError.discount.disabled'),
  discount_no_eligible_items: (t) => t('checkout.discount.notApplicable'),
  discount_minimum_subtotal: (t, d) => {
    const short = field(d, 'short_by') as { amount?: unknown; currency?: unknown } | undefined;
    if (typeof short?.amount !== 'number' || typeof short.currency !== 'string') return undefined;
    return t('apiError.discount.addMore', { amount: t.money(short.amount, short.currency) });
  },
  discount_minimum_quantity: (t, d) => {
    const count = number(d, 'min_items');
    return count === undefined ? undefined : t('apiError.discount.minItems', { count });
  },
  gift_card_spent: (t) => t('apiError.giftCard.spent'),
  gift_card_expired: (t) => t('apiError.giftCard.expired'),
  gift_card_disabled: (t) => t('apiError.giftCard.disabled'),
  gift_card_currency: (t) => t('apiError.giftCard.currency'),
  gift_card_not_found: (t) => t('apiError.giftCard.notFound'),
  store_credit_spent: (t) => t('apiError.giftCard.creditSpent'),
  rate_limited: (t) => t('apiError.rateLimited'),
  account_temporarily_locked: (t) => t('apiError.rateLimited'),
  invalid_email_or_password: (t) => t('apiError.wrongPassword'),
  invalid_email: (t) => t('validation.email'),
  password_too_short: (t) => t('validation.tooShort', { min: MIN_PASSWORD_LENGTH }),
  password_too_long: (t) => t('validation.tooLong', { max: MAX_PASSWORD_LENGTH }),
  invalid_reset_link: (t) => t('authForm.resetLinkInvalid'),
  invalid_code: (t) => t('apiError.wrongCode'),
  invalid_backup_code: (t) => t('apiError.wrongCode'),
};

/**
 * A problem's message in the page's language: the catalog's for the codes a shopper meets, worded
 * with the values the error carries; the server's message in English and for any other code.
 */
export function problemMessage(t: Translate, problem: Problem): string {
  if (t.language === 'en') return problem.message;
  const message = MESSAGES[problem.code]?.(t, problem.details);
  return message ?? localizeMessage(t, problem.message);
}

/** A failed call's message in the page's language (`fallback` when it says nothing). */
export function apiErrorMessage(t: Translate, error: unknown, fallback: string): string {
  if (error instanceof ApiError) return problemMessage(t, error);
  return error instanceof Error && error.message ? error.message : fallback;
}

/** What the stock did to a cart change, in the page's language: all of it already in the cart, or capped. */
export function cappedNote(
  t: Translate,
  change: Pick<CartChange, 'added' | 'stock' | 'message'>,
): string | undefined {
  if (change.stock === null) return change.message ?? undefined;
  return change.added <= 0
    ? t('cart.refusal.allInCart', { limit: change.stock })
    : t('cart.capped', { available: change.stock, quantity: change.stock });
}
