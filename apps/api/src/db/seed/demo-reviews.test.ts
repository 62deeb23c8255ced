import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, seededDemoShop } from './seed-test-helpers.ts';

describe('the demo reviews', () => {
  const shop = seededDemoShop(new Date('2026-09-01T09:00:00Z'));

  it('reviews most visible products, not all glowing, some with replies and a few waiting', async () => {
    const [figures] = await rows<{
      products: number;
      reviewed: number;
      low: number;
      replies: number;
      pending: number;
      future: number;
    }>(
      shop.db,
      sql`select
          (select count(*)::int from products where is_visible and deleted_at is null) as products,
          (select count(distinct r.product_id)::int from product_reviews r join products p on p.id = r.product_id
            where r.status = 'published' and p.is_visible and p.deleted_at is null) as reviewed,
          (select count(*)::int from product_reviews where rating <= 3) as low,
          (select count(*)::int from product_reviews where reply is not null) as replies,
          (select count(*)::int from product_reviews where status = 'pending') as pending,
          (select count(*)::int from product_reviews where published_at > '2026-09-01T09:00:00Z') as future`,
    );
    expect(figures!.reviewed * 2).toBeGreaterThan(figures!.products);
    expect(figures!.low).toBeGreaterThanOrEqual(10);
    expect(figures!.replies).toBeGreaterThanOrEqual(3);
    expect(figures!.pending).toBeGreaterThanOrEqual(1);
    expect(figures!.future).toBe(0);
  });

  it("marks a review Verified buyer only when its order is the reviewer's delivered, paid order of the product", async () => {
    const [counts] = await rows<{ verified: number; backed: number }>(
      shop.db,
      sql`select count(*) filter (where r.verified)::int as verified,
          count(*) filter (where r.verified and exists (select 1 from orders o
            join order_items i on i.order_id = o.id and i.product_id = r.product_id
            where o.id = r.order_id and lower(o.customer_email) = r.email and o.status = 'delivered'
              and o.payment_status in ('paid', 'partially_refunded')))::int as backed
        from product_reviews r`,
    );
    expect(counts!.verified).toBeGreaterThan(10);
    expect(counts!.backed).toBe(counts!.verified);
  });
});
