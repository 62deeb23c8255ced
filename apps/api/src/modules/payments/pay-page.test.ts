import { describe, expect, it } from 'vitest';
import type { LocalPayPage } from './local-provider.ts';
import { renderPayPage } from './pay-page.ts';

const page = (extra: Partial<LocalPayPage> = {}): LocalPayPage => ({
  sessionId: 'cs_local_x',
  view: 'open',
  amount: 2900 + 599 + 239,
  currency: 'USD',
  orderNumber: null,
  lines: [
    {
      name: 'Mug',
      variantTitle: 'Blue',
      unitAmount: 1000,
      quantity: 3,
      discount: 100,
      total: 2900,
      description: null,
    },
  ],
  subtotal: 3000,
  discount: 100,
  shipping: 599,
  tax: 239,
  taxIncluded: false,
  successUrl: 'http://shop.test/checkout/success?receipt=x',
  cancelUrl: 'http://shop.test/checkout/cancel',
  ...extra,
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the local payment page summary', () => {
  it('shows each discount and a total that adds up, without an order number before payment', () => {
    const html = text(renderPayPage(page(), { shopName: 'Shop' }));
    expect(html).toContain('Mug Blue $10.00 × 3 Discount −$1.00 $30.00');
    expect(html).toContain('Subtotal $30.00 Discount −$1.00 Shipping $5.99 Tax $2.39 Total $37.38');
    expect(html).toContain('Pay $37.38');
    expect(html).not.toContain('Order #');
  });

  it('shows included tax as included, and no discount row without a discount', () => {
    const html = text(
      renderPayPage(
        page({
          orderNumber: 1042,
          amount: 3000,
          lines: [
            { name: 'Mug', variantTitle: null, unitAmount: 1000, quantity: 3, discount: 0, total: 3000 },
          ],
          discount: 0,
          shipping: 0,
          tax: 500,
          taxIncluded: true,
        }),
        { shopName: 'Shop' },
      ),
    );
    expect(html).toContain('Order #1042');
    expect(html).toContain('Subtotal $30.00 Shipping $0.00 Tax (included) $5.00 Total $30.00');
    expect(html).not.toContain('Discount');
  });
});
