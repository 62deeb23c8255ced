import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { count, rows, seededDemoShop } from './seed-test-helpers.ts';

describe('the demo history after the sale', () => {
  const shop = seededDemoShop(new Date('2026-09-01T09:00:00Z'));

  it("counts each demo code's uses as its redemptions, one per paid order that took it", async () => {
    const codes = await rows<{ code: string; times_used: number; redemptions: number; paid_orders: number }>(
      shop.db,
      sql`select d.code, d.times_used,
            (select count(*)::int from discount_redemptions r where r.discount_id = d.id and r.status = 'confirmed')
              as redemptions,
            (select count(distinct od.order_id)::int from order_discounts od join orders o on o.id = od.order_id
              where od.discount_id = d.id and o.order_number is not null) as paid_orders
          from discounts d order by d.code`,
    );
    expect(codes.length).toBeGreaterThan(0);
    for (const c of codes)
      expect([c.code, c.times_used, c.redemptions]).toEqual([c.code, c.paid_orders, c.paid_orders]);
    // The demo shows codes that were used, not only "0 used" beside an amount given.
    expect(codes.some((c) => c.times_used > 0)).toBe(true);
  });

  it('records the codes some orders used, within their dates, once per customer where the code says so', async () => {
    const used = await rows<{ code: string; orders: number; amount: number; recorded: number }>(
      shop.db,
      sql`select d.code, count(*)::int as orders, sum(d.amount)::int as amount,
            count(r.id)::int as recorded
          from order_discounts d join orders o on o.id = d.order_id
          left join discount_redemptions r on r.order_id = o.id and r.discount_id = d.discount_id
            and r.status = 'confirmed'
          group by d.code order by d.code`,
    );
    expect(used.map((u) => u.code)).toEqual(['FREESHIP', 'SAVE15', 'SPRING25', 'WELCOME10']);
    for (const u of used) {
      expect(u.orders, u.code).toBeGreaterThan(2);
      expect(u.amount, u.code).toBeGreaterThan(0);
      expect(u.recorded, `${u.code}: a use recorded per order`).toBe(u.orders);
    }
    // Each order's codes and line discounts agree with its discount rows (shipping discounts aside).
    expect(
      await rows(
        shop.db,
        sql`select o.order_number from orders o
            left join (select order_id, sum(amount - shipping_amount)::int as lines, array_agg(code) as codes
                       from order_discounts group by order_id) d on d.order_id = o.id
            where o.discount_amount <> coalesce(d.lines, 0)
               or o.discount_codes <> coalesce(d.codes, '{}'::text[])`,
      ),
    ).toEqual([]);
    // The spring sale's code only while it ran.
    expect(
      await count(
        shop.db,
        sql`select count(*) as n from order_discounts od join orders o on o.id = od.order_id
            join discounts d on d.id = od.discount_id
            where o.created_at < d.starts_at or o.created_at > d.ends_at`,
      ),
    ).toBe(0);
  });

  it('ships fulfilled units with a tracking number and refunds what the payment status says', async () => {
    // Every fulfilled unit left in a shipment with a carrier and a tracking number.
    expect(
      await rows(
        shop.db,
        sql`select i.id from order_items i
            left join (select order_item_id, sum(quantity)::int as q from fulfilment_lines group by 1) f
              on f.order_item_id = i.id
            where i.fulfilled_quantity <> coalesce(f.q, 0)`,
      ),
    ).toEqual([]);
    expect(
      await count(shop.db, sql`select count(*) as n from fulfilments where tracking_number is null`),
    ).toBe(0);
    // A refunded or partially refunded order has its refund; what was refunded never exceeds what was paid.
    const refunds = await rows<{ payment_status: string; refunded: number; total: number; units: boolean }>(
      shop.db,
      sql`select o.payment_status::text, coalesce(sum(r.amount), 0)::int as refunded, o.total_amount as total,
            coalesce((select sum(l.quantity) from refund_lines l join refunds x on x.id = l.refund_id
                      where x.order_id = o.id), 0)
              = (select sum(refunded_quantity) from order_items where order_id = o.id) as units
          from orders o left join refunds r on r.order_id = o.id and r.status = 'succeeded'
          where o.payment_status in ('refunded', 'partially_refunded') or r.id is not null
          group by o.id`,
    );
    expect(refunds.some((r) => r.payment_status === 'partially_refunded')).toBe(true);
    for (const r of refunds) {
      expect(r.units).toBe(true);
      if (r.payment_status === 'refunded') expect(r.refunded).toBe(r.total);
      else {
        expect(r.payment_status).toBe('partially_refunded');
        expect(r.refunded).toBeGreaterThan(0);
        expect(r.refunded).toBeLessThan(r.total);
      }
    }
  });
});
