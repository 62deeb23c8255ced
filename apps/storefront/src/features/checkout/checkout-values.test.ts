import type { QuoteResponse } from '@cartwheel/shared/contracts/pricing';
import { describe, expect, it } from 'vitest';
import type { CheckoutCart } from '../../components/quote/checkout-quote.ts';
import {
  cheapestMethodId,
  discountStatusOf,
  formFieldOf,
  NEW_ADDRESS,
  quoteRequestOf,
  sessionRequestOf,
} from './checkout-values.ts';

const signedIn: CheckoutCart = {
  userId: 'u1',
  itemCount: 1,
  guestLines: null,
  lineNames: {},
  signature: 'a',
};
const guestLines = [{ product_id: 'p1', variant_id: null, quantity: 2 }];
const guest: CheckoutCart = { ...signedIn, userId: null, guestLines };

function quote(
  overrides: Partial<QuoteResponse['priced']> = {},
  codeError: QuoteResponse['code_error'] = null,
) {
  return {
    priced: {
      lines: [],
      discounts: [],
      rejected: [],
      subtotal: 1000,
      discount_total: 0,
      shipping: 0,
      shipping_before_discount: 0,
      tax: 0,
      tax_lines: [],
      total: 1000,
      ...overrides,
    },
    currency: 'USD',
    shipping_methods: [],
    code_error: codeError,
    no_shipping: null,
    tenders: [],
    amount_due: 1000,
    store_credit_balance: null,
  } satisfies QuoteResponse;
}

const discount = (code: string | null) => ({
  id: 'd1',
  code,
  title: 'Ten off',
  kind: 'percentage' as const,
  amount: 100,
  line_amounts: [],
  shipping_amount: 0,
});

describe('quoteRequestOf', () => {
  it('asks nothing before a country is chosen', () => {
    expect(quoteRequestOf(signedIn, { country: '', state: '' }, '', null)).toBeNull();
  });

  it('sends only what is chosen, and the lines only for a guest', () => {
    expect(quoteRequestOf(signedIn, { country: 'US', state: '' }, '', null)).toEqual({ country: 'US' });
    expect(quoteRequestOf(guest, { country: 'US', state: 'CA' }, 'm1', 'SAVE10')).toEqual({
      country: 'US',
      state: 'CA',
      shipping_method_id: 'm1',
      discount_code: 'SAVE10',
      lines: guestLines,
    });
  });
});

describe('discountStatusOf', () => {
  it('is checking until a current quote is in', () => {
    expect(discountStatusOf(null, quote(), true)).toEqual({ state: 'none' });
    expect(discountStatusOf('SAVE10', undefined, false)).toEqual({ state: 'checking' });
    expect(discountStatusOf('SAVE10', quote(), false)).toEqual({ state: 'checking' });
  });

  it('says why a code is refused: unknown or expired, or under its minimum', () => {
    const expired = quote({}, { code: 'expired', message: 'This code expired on Nov 1, 2026' });
    expect(discountStatusOf('OLD', expired, true)).toEqual({
      state: 'refused',
      message: 'This code expired on Nov 1, 2026',
      code: 'discount_expired',
    });
    const under = quote({
      rejected: [
        {
          id: 'd1',
          code: 'BIG',
          reason: 'minimum_subtotal',
          message: 'Add $12.00 more to use this code',
          short_by: { amount: 1200, currency: 'USD' },
        },
      ],
    });
    expect(discountStatusOf('big', under, true)).toEqual({
      state: 'refused',
      message: 'Add $12.00 more to use this code',
      code: 'discount_minimum_subtotal',
      details: { short_by: { amount: 1200, currency: 'USD' } },
    });
  });

  it('is applied when the priced order has the code (whatever its case)', () => {
    expect(discountStatusOf('save10', quote({ discounts: [discount('SAVE10')] }), true)).toEqual({
      state: 'applied',
    });
    expect(discountStatusOf('SAVE10', quote({ discounts: [discount(null)] }), true).state).toBe('refused');
  });

  it("is applied when the code is a gift card's that pays part of the order, refused with the card's reason", () => {
    const paid = {
      ...quote(),
      tenders: [{ kind: 'gift_card' as const, last_characters: '2500', amount: 600 }],
    };
    expect(discountStatusOf('gift-demo-2500', paid, true)).toEqual({ state: 'applied' });
    const spent = quote({}, { code: 'gift_card_spent', message: 'This gift card has no balance left.' });
    expect(discountStatusOf('GIFT-DEMO-2500', spent, true)).toEqual({
      state: 'refused',
      message: 'This gift card has no balance left.',
      code: 'gift_card_spent',
    });
  });
});

describe('formFieldOf', () => {
  it("puts the server's field messages on the form's fields", () => {
    expect(formFieldOf('customer_info.email')).toBe('email');
    expect(formFieldOf('customer_info.postalCode')).toBe('address.postal_code');
    expect(formFieldOf('customer_info.state')).toBe('address.state_province');
    expect(formFieldOf('shipping_method_id')).toBe('shipping_method_id');
    expect(formFieldOf('discount_code')).toBe('discount_code');
    expect(formFieldOf('guest.lines.0.quantity')).toBeUndefined();
  });
});

describe('sessionRequestOf', () => {
  const values = {
    email: 'ada@example.com',
    marketing_opt_in: true,
    save_address: true,
    saved_address_id: NEW_ADDRESS,
    address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_line_1: '12 Main St',
      address_line_2: null,
      city: 'Springfield',
      state_province: 'IL',
      postal_code: '62701',
      country: 'US',
      phone: null,
    },
    shipping_method_id: 'm1',
  };

  it('sends a guest the lines and the browser key, never a price', () => {
    const body = sessionRequestOf(values, guest, 'SAVE10');
    expect(body.guest?.lines).toEqual(guestLines);
    expect(body.guest?.checkout_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.discount_code).toBe('SAVE10');
    expect(body.customer_info).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      address: '12 Main St',
      state: 'IL',
      marketing_opt_in: true,
      save_address: false,
    });
    expect(JSON.stringify(body)).not.toMatch(/price|total|amount/);
  });

  it('saves a new address of a signed-in shopper when asked, not a saved one', () => {
    expect(sessionRequestOf(values, signedIn, null).customer_info.save_address).toBe(true);
    expect(sessionRequestOf(values, signedIn, null).guest).toBeUndefined();
    expect(sessionRequestOf(values, signedIn, null).discount_code).toBeUndefined();
    const savedOne = { ...values, saved_address_id: 'a1' };
    expect(sessionRequestOf(savedOne, signedIn, null).customer_info.save_address).toBe(false);
  });

  it("sends a signed-in shopper's opt-in, either way, unless told to keep the account's consent", () => {
    expect(sessionRequestOf(values, signedIn, null).customer_info.marketing_opt_in).toBe(true);
    const off = { ...values, marketing_opt_in: false };
    expect(sessionRequestOf(off, signedIn, null).customer_info.marketing_opt_in).toBe(false);
    expect(sessionRequestOf(off, signedIn, null, true).customer_info).not.toHaveProperty('marketing_opt_in');
  });
});

describe('cheapestMethodId', () => {
  it('preselects the cheapest method offered, the first of equals, and none when none is offered', () => {
    const standard = { id: 'standard', amount: 1200 };
    const free = { id: 'free', amount: 0 };
    const express = { id: 'express', amount: 2500 };
    expect(cheapestMethodId([standard, express, free])).toBe('free');
    expect(cheapestMethodId([standard, { id: 'also-12', amount: 1200 }])).toBe('standard');
    expect(cheapestMethodId([])).toBe('');
  });
});
