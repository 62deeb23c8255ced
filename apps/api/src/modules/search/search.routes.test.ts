import type { AdminSearchResults } from '@cartwheel/shared/contracts/search';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createProduct, createVariant } from '../../../test/factories.ts';
import { getAs, okJson } from '../../../test/requests.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { profiles } from '../../db/schema.ts';

let ctx: TestContext;
let staff: TestUser;
let shopper: TestUser;
let orderNumber: number;
let orderId: string;
let lampId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpAs(ctx.app, ctx.db, 'staff');
  shopper = await signUp(ctx.app, { email: 'marguerite.search@example.com' });
  await ctx.db
    .update(profiles)
    .set({ firstName: 'Marguerite', lastName: 'Okonkwo' })
    .where(eq(profiles.id, shopper.id));
  const lamp = await createProduct(ctx.db, { name: 'Brass Desk Lamp', sku: 'LAMP-BRASS-1' });
  lampId = lamp.id;
  const tee = await createProduct(ctx.db, { name: 'Organic Tee', sku: 'TEE-9' });
  await createVariant(ctx.db, tee.id, [], { sku: 'TEE-9-NAVY-XL' });
  await createProduct(ctx.db, { name: 'Deleted Lamp', sku: 'LAMP-GONE', deletedAt: new Date() });
  for (let i = 0; i < 7; i++) await createProduct(ctx.db, { name: `Widget ${i}`, sku: `WID-${i}` });
  const { order } = await createOrder(ctx.db, {
    customerId: shopper.id,
    customerEmail: shopper.email,
    customerFirstName: 'Marguerite',
    customerLastName: 'Okonkwo',
  });
  orderNumber = order.orderNumber!;
  orderId = order.id;
});
afterAll(async () => ctx?.close());

async function search(q: string): Promise<AdminSearchResults> {
  return okJson(await getAs(ctx.app, staff.cookie, `/api/admin/search?q=${encodeURIComponent(q)}`));
}

describe('GET /api/admin/search', () => {
  it('finds products by name or SKU, a variant SKU included, but not deleted ones', async () => {
    expect((await search('brass desk')).products.map((p) => p.id)).toEqual([lampId]);
    expect((await search('lamp-brass')).products.map((p) => p.name)).toEqual(['Brass Desk Lamp']);
    expect((await search('navy-xl')).products.map((p) => p.sku)).toEqual(['TEE-9']);
    expect((await search('lamp')).products.map((p) => p.name)).toEqual(['Brass Desk Lamp']);
  });

  it('returns at most five of each kind', async () => {
    expect((await search('widget')).products).toHaveLength(5);
  });

  it('finds an order by number, with or without #, and by customer name or email', async () => {
    for (const q of [String(orderNumber), `#${orderNumber}`, 'okonkwo', 'MARGUERITE.SEARCH']) {
      const { orders } = await search(q);
      expect(
        orders.map((o) => o.id),
        q,
      ).toEqual([orderId]);
      expect(orders[0]).toMatchObject({ order_number: orderNumber, customer_name: 'Marguerite Okonkwo' });
    }
  });

  it('finds customers by name or email', async () => {
    expect((await search('marguerite')).customers).toEqual([
      { id: shopper.id, name: 'Marguerite Okonkwo', email: shopper.email },
    ]);
    expect((await search('search@example')).customers.map((c) => c.id)).toEqual([shopper.id]);
  });

  it('returns nothing, not everything, for text that matches nothing', async () => {
    expect(await search('zzz-nothing')).toEqual({ products: [], orders: [], customers: [] });
  });

  it('needs a query', async () => {
    const res = await getAs(ctx.app, staff.cookie, '/api/admin/search?q=');
    expect(res.statusCode).toBe(400);
  });
});
