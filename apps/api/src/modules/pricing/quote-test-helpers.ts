// Helpers for the API tests of POST /api/checkout/quote (not a test file itself).
import type { QuoteResponse } from '@cartwheel/shared/contracts/pricing';
import { expect } from 'vitest';
import type { TestUser } from '../../../test/sessions.ts';
import type { TestContext } from '../../../test/test-app.ts';

/** An admin's call that must succeed (zones, discounts, settings); its JSON. */
export async function adminCall(
  suite: { readonly ctx: TestContext; readonly admin: TestUser },
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: object,
) {
  const res = await suite.ctx.app.inject({ method, url, headers: { cookie: suite.admin.cookie }, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** The priced order adds up: lines, discounts, shipping, added tax. */
export function expectAddsUp({ priced }: QuoteResponse) {
  const lines = priced.lines.reduce((s, l) => s + l.total, 0);
  const added = priced.tax_lines.filter((t) => !t.inclusive).reduce((s, t) => s + t.amount, 0);
  expect(priced.total).toBe(lines + priced.shipping + added);
  expect(priced.subtotal - priced.lines.reduce((s, l) => s + l.discount, 0)).toBe(lines);
  expect(priced.discount_total).toBe(priced.discounts.reduce((s, d) => s + d.amount, 0));
  expect(priced.shipping).toBe(
    priced.shipping_before_discount - priced.discounts.reduce((s, d) => s + d.shipping_amount, 0),
  );
}
