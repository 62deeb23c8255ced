import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { createProduct } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { SHIPPING_INFO, withShippingZones } from '../checkout/test-helpers.ts';
import { issueGiftCard } from './gift-cards.service.ts';

// $10.00 orders, free shipping and no tax: a $25.00 card pays two and a half of them.
const suite = appPerFile({ SHIPPING_FLAT_CENTS: '0', TAX_RATE_BPS: '0' });

beforeAll(() => withShippingZones(suite.ctx.app));

describe('concurrent redemptions of one gift card (meaningful on PostgreSQL: npm run test:pg)', () => {
  it('20 parallel checkouts never take more than its balance; the ones left are refused with a 422', async () => {
    const { db, app } = suite.ctx;
    const card = await issueGiftCard(db, { amount: 2500, currency: 'USD' });
    const product = await createProduct(db, { price: 1000, inventoryLevel: 100 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/checkout/sessions',
          // Each from an address of its own: the guest checkout's per-address limit is not what is tested.
          remoteAddress: `10.50.0.${i + 1}`,
          payload: {
            customer_info: { ...SHIPPING_INFO, email: `buyer${i}@example.com` },
            guest: { checkout_key: randomUUID(), lines: [{ product_id: product.id, quantity: 1 }] },
            discount_code: card.code,
          },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    // $10.00, $10.00 and the last $5.00: three checkouts use the card, the others find it spent.
    expect(statuses).toEqual([...Array(3).fill(200), ...Array(17).fill(422)]);
    for (const refused of answers.filter((a) => a.statusCode === 422)) {
      expect(refused.json().error.code).toBe('gift_card_spent');
    }
    const [state] = await queryRows<{ balance: number; held: number; ledger: number; tenders: number }>(
      db,
      sql`SELECT g.balance,
          (SELECT COALESCE(sum(amount), 0)::int FROM order_tenders WHERE gift_card_id = g.id) AS held,
          (SELECT COALESCE(sum(amount), 0)::int FROM gift_card_transactions WHERE gift_card_id = g.id) AS ledger,
          (SELECT count(*)::int FROM order_tenders WHERE gift_card_id = g.id) AS tenders
        FROM gift_cards g WHERE g.id = ${card.id}::uuid`,
    );
    expect(state).toEqual({ balance: 0, held: 2500, ledger: 0, tenders: 3 });
    // The refused checkouts left no order holding stock.
    const [stock] = await queryRows<{ n: number }>(
      db,
      sql`SELECT inventory_level AS n FROM products WHERE id = ${product.id}::uuid`,
    );
    expect(Number(stock!.n)).toBe(97);
  });
});
