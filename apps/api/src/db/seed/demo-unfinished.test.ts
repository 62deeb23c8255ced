import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getAnalytics } from '../../modules/analytics/analytics.service.ts';
import { listAbandonedCheckouts } from '../../modules/marketing/marketing.service.ts';
import { count, rows, seededDemoShop } from './seed-test-helpers.ts';

const NOW = new Date('2026-09-01T09:00:00Z');
const DAY = 86_400_000;

describe('the demo shoppers who did not buy', () => {
  const shop = seededDemoShop(NOW);

  it("has shoppers who did not buy: the last 30 days' conversion has carts > checkouts > paid", async () => {
    const { conversion } = await getAnalytics(shop.db, {}, NOW);
    expect(conversion.carts).toBeGreaterThan(conversion.checkouts);
    expect(conversion.checkouts).toBeGreaterThan(conversion.paid);
    expect(conversion.paid).toBeGreaterThan(10);
    // Checkouts that expired unpaid: no number, cancelled with their hold, an email; Marketing lists them.
    const checkouts = await rows<{
      status: string;
      payment_status: string;
      expires_at: Date | null;
      lines: number;
    }>(
      shop.db,
      sql`select o.status, o.payment_status, o.expires_at, (select count(*)::int from order_items i
            where i.order_id = o.id) as lines
          from orders o where o.order_number is null and o.customer_email is not null`,
    );
    expect(checkouts.length).toBeGreaterThanOrEqual(10);
    for (const checkout of checkouts) {
      expect(checkout).toMatchObject({ status: 'cancelled', payment_status: 'unpaid', expires_at: null });
      expect(checkout.lines).toBeGreaterThan(0);
    }
    const listed = await listAbandonedCheckouts(shop.db, { page: 1, limit: 50 });
    expect(listed.total).toBe(checkouts.length);
    expect(
      listed.items.filter((c) => Date.parse(c.created_at) >= NOW.getTime() - 30 * DAY).length,
    ).toBeGreaterThan(0);
    // Carts hold what can be bought today: visible, not deleted, in stock.
    expect(
      await count(
        shop.db,
        sql`select count(*) as n from cart_items c join products p on p.id = c.product_id
            left join product_variants v on v.id = c.variant_id
            where not p.is_visible or p.deleted_at is not null or coalesce(v.inventory_level, p.inventory_level) <= 0`,
      ),
    ).toBe(0);
  });
});
