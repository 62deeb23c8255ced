import type { Analytics } from '@cartwheel/shared/contracts/analytics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartItem,
  createCategory,
  createCustomer,
  createOrder,
  createProduct,
} from '../../../test/factories.ts';
import { getAs, okJson } from '../../../test/requests.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { productVariants } from '../../db/schema.ts';
import { bucketStart, defaultInterval } from './analytics.service.ts';

// A small shop with known orders in October 2026 (UTC), so every figure has one right answer.
let ctx: TestContext;
let cookie: string;
type Product = Awaited<ReturnType<typeof createProduct>>;
let lamp: Product;
let mug: Product;
let lamps: { id: string };
let mugs: { id: string };

const RANGE = 'from=2026-10-01&to=2026-10-15';
const analyticsOf = async (query: string): Promise<Analytics> =>
  okJson(await getAs(ctx.app, cookie, `/api/admin/analytics?${query}`));

/** A delivered order paid when placed, by an account or a guest. */
const paid = (at: string, customerId: string | null, email: string) => ({
  createdAt: new Date(at),
  paidAt: new Date(at),
  status: 'delivered' as const,
  paymentStatus: 'paid' as const,
  customerId,
  customerEmail: email,
});

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signUpAs(ctx.app, ctx.db, 'staff')).cookie;
  const { db } = ctx;
  lamps = await createCategory(db, { name: 'Lamps', slug: 'lamps' });
  mugs = await createCategory(db, { name: 'Mugs', slug: 'mugs' });
  lamp = await createProduct(
    db,
    { name: 'Brass Lamp', price: 5000, inventoryLevel: 3, inventoryWarningLevel: 5 },
    { categoryIds: [lamps.id] },
  );
  mug = await createProduct(
    db,
    { name: 'Stoneware Mug', price: 1000, inventoryLevel: 50, inventoryWarningLevel: 5 },
    { categoryIds: [mugs.id] },
  );
  const tee = await createProduct(db, { name: 'Field Tee', price: 2000, inventoryLevel: 40 });
  await db
    .insert(productVariants)
    .values({ productId: tee.id, sku: 'FIELD-TEE-S', price: 2000, inventoryLevel: 0 });

  const x = await createCustomer(db, { email: 'x@example.com' });
  const y = await createCustomer(db, { email: 'y@example.com' });
  const z = await createCustomer(db, { email: 'z@example.com' });
  // X bought before the range too: returning. Y and a guest buy for the first time: new.
  await createOrder(db, paid('2026-09-20T10:00:00Z', x.id, x.email), [{ product: mug, quantity: 1 }]);
  await createOrder(db, paid('2026-10-02T10:00:00Z', x.id, x.email), [{ product: lamp, quantity: 2 }]);
  await createOrder(db, paid('2026-10-05T23:30:00Z', y.id, y.email), [
    { product: mug, quantity: 3, refundedQuantity: 1 },
  ]);
  await createOrder(db, paid('2026-10-06T08:00:00Z', null, 'Guest@Example.com'), [{ product: lamp }]);
  // Not sold: cancelled after payment, and a guest's checkout never paid.
  await createOrder(
    db,
    { ...paid('2026-10-07T12:00:00Z', x.id, x.email), status: 'cancelled', paymentStatus: 'refunded' },
    [{ product: lamp, quantity: 5, refundedQuantity: 5 }],
  );
  await createOrder(
    db,
    {
      createdAt: new Date('2026-10-08T12:00:00Z'),
      status: 'pending',
      paymentStatus: 'unpaid',
      orderNumber: null,
      customerEmail: 'h@example.com',
    },
    [{ product: mug }],
  );
  // Z filled a cart in the range and never checked out.
  await addCartItem(db, z.id, mug.id, 1);
  await db.execute(sql`UPDATE cart_items SET created_at = '2026-10-03T09:00:00Z' WHERE user_id = ${z.id}`);
});
afterAll(async () => ctx?.close());

describe('GET /api/admin/analytics', () => {
  it('adds up the sold orders of the range: net sales less refunded units, orders, units, average order value', async () => {
    const a = await analyticsOf(RANGE);
    expect(a.range).toEqual({ from: '2026-10-01T00:00:00.000Z', to: '2026-10-15T00:00:00.000Z' });
    expect(a.compare).toEqual({ from: '2026-09-17T00:00:00.000Z', to: '2026-10-01T00:00:00.000Z' });
    expect(a.current).toMatchObject({ orders: 3, net_sales: 17_000, items_sold: 5 });
    expect(a.previous).toMatchObject({ orders: 1, net_sales: 1000 });
    expect(a.average_order_value).toEqual({ current: 5667, previous: 1000 });
  });

  it('charts every day of the range, empty days as zero, and the comparison range beside it', async () => {
    const a = await analyticsOf(RANGE);
    expect(a.interval).toBe('day');
    expect(a.series).toHaveLength(14);
    expect(a.series[0]).toEqual({ bucket: '2026-10-01', net_sales: 0, orders: 0 });
    expect(a.series.find((p) => p.bucket === '2026-10-02')).toEqual({
      bucket: '2026-10-02',
      net_sales: 10_000,
      orders: 1,
    });
    expect(a.series.reduce((sum, p) => sum + p.net_sales, 0)).toBe(a.current.net_sales);
    expect(a.series.reduce((sum, p) => sum + p.orders, 0)).toBe(a.current.orders);
    expect(a.previous_series).toHaveLength(14);
    expect(a.previous_series.find((p) => p.bucket === '2026-09-20')).toMatchObject({
      net_sales: 1000,
      orders: 1,
    });
  });

  it('buckets by week from Mondays and by month from the 1st when asked', async () => {
    const weeks = await analyticsOf(`${RANGE}&interval=week`);
    expect(weeks.series).toEqual([
      { bucket: '2026-09-28', net_sales: 10_000, orders: 1 },
      // Monday 5 October: Y's order late that day and the guest's the next morning.
      { bucket: '2026-10-05', net_sales: 7000, orders: 2 },
      { bucket: '2026-10-12', net_sales: 0, orders: 0 },
    ]);
    const months = await analyticsOf('from=2026-09-01&to=2026-11-01&interval=month');
    expect(months.series).toEqual([
      { bucket: '2026-09-01', net_sales: 1000, orders: 1 },
      { bucket: '2026-10-01', net_sales: 17_000, orders: 3 },
    ]);
  });

  it('ranks products and categories by net sales, without refunded or cancelled units', async () => {
    const a = await analyticsOf(RANGE);
    expect(a.top_products).toEqual([
      { id: lamp.id, name: 'Brass Lamp', units: 3, net_sales: 15_000 },
      { id: mug.id, name: 'Stoneware Mug', units: 2, net_sales: 2000 },
    ]);
    expect(a.top_categories).toEqual([
      { id: lamps.id, name: 'Lamps', units: 3, net_sales: 15_000 },
      { id: mugs.id, name: 'Mugs', units: 2, net_sales: 2000 },
    ]);
  });

  it('counts new and returning buyers (guests by email), and carts, checkouts and paid checkouts', async () => {
    const a = await analyticsOf(RANGE);
    expect(a.customers).toEqual({ new: 2, returning: 1 });
    // Carts: X, Y, the guest, the unpaid guest h and Z's cart; checkouts: all but Z; paid: X, Y, the guest.
    expect(a.conversion).toEqual({ carts: 5, checkouts: 4, paid: 3 });
  });

  it('lists live products and variants at or under their warning level, lowest first', async () => {
    const a = await analyticsOf(RANGE);
    expect(a.low_stock.map((s) => [s.sku, s.inventory_level, s.warning_level])).toEqual([
      ['FIELD-TEE-S', 0, 5],
      [expect.any(String), 3, 5],
    ]);
    expect(a.low_stock[1]).toMatchObject({ product_id: lamp.id, variant_id: null, name: 'Brass Lamp' });
  });

  it('answers 400 for an unknown interval or a range that ends before it starts', async () => {
    for (const query of ['interval=year', 'from=2026-10-15&to=2026-10-01', 'from=yesterday']) {
      const res = await getAs(ctx.app, cookie, `/api/admin/analytics?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toBeTruthy();
    }
  });
});

describe('analytics buckets', () => {
  it('picks a day up to 31 days, a week up to 120, else a month', () => {
    const range = (days: number) => ({ from: new Date(0), to: new Date(days * 86_400_000) });
    expect([31, 32, 120, 121].map((d) => defaultInterval(range(d)))).toEqual([
      'day',
      'week',
      'week',
      'month',
    ]);
  });

  it('starts weeks on Mondays and months on the 1st, in UTC', () => {
    const sunday = new Date('2026-10-11T23:59:00Z');
    expect(bucketStart(sunday, 'day').toISOString()).toBe('2026-10-11T00:00:00.000Z');
    expect(bucketStart(sunday, 'week').toISOString()).toBe('2026-10-05T00:00:00.000Z');
    expect(bucketStart(sunday, 'month').toISOString()).toBe('2026-10-01T00:00:00.000Z');
  });
});

describe('new and returning buyers of a range with many orders and few earlier buyers', () => {
  let shop: TestContext;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(async () => shop?.close());

  it('looks up each earlier buyer and counts those who bought again as returning', async () => {
    const { db } = shop;
    const a = await createCustomer(db, { email: 'early-a@example.com' });
    // A and C first bought in June; A again in July, C not; B and a guest only in July.
    await createOrder(db, paid('2027-06-03T10:00:00Z', a.id, a.email));
    await createOrder(db, paid('2027-06-04T10:00:00Z', null, 'Early-C@example.com'));
    await createOrder(db, paid('2027-07-02T10:00:00Z', a.id, a.email));
    await createOrder(db, paid('2027-07-03T10:00:00Z', null, 'EARLY-A@example.com'));
    for (let k = 0; k < 20; k++) {
      await createOrder(
        db,
        paid(`2027-07-${String(4 + k).padStart(2, '0')}T10:00:00Z`, null, 'b@example.com'),
      );
    }
    await createOrder(db, {
      ...paid('2027-07-25T10:00:00Z', null, 'early-c@example.com'),
      status: 'cancelled',
    });
    const staff = (await signUpAs(shop.app, db, 'staff')).cookie;
    const a1: Analytics = okJson(
      await getAs(shop.app, staff, '/api/admin/analytics?from=2027-07-01&to=2027-08-01'),
    );
    // New: B and the guest early-a@ (a guest is their email, not the account of that address).
    expect(a1.customers).toEqual({ new: 2, returning: 1 });
    expect(a1.current.orders).toBe(22);
  });
});
