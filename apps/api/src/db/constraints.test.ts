import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOption, createProduct, createVariant } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { pgErrorInfo } from '../lib/pg-error.ts';
import type { Database, Db } from './client.ts';
import { cartItems, orders, products, productVariants, users } from './schema.ts';

let database: Database;
let db: Db;

/** The PostgreSQL error code of a failed statement (Drizzle wraps the driver's error). */
async function pgCode(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    return pgErrorInfo(error)?.code;
  }
  return undefined;
}

async function createUser(email: string) {
  const [user] = await db.insert(users).values({ email, name: email }).returning();
  return user!;
}

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(async () => database?.close());

describe('the database protects the data', () => {
  it('rejects negative stock on a product and on a variant', async () => {
    const product = await createProduct(db);
    expect(
      await pgCode(() => db.update(products).set({ inventoryLevel: -1 }).where(eq(products.id, product.id))),
    ).toBe('23514');
    const variant = await createVariant(db, product.id, []);
    expect(
      await pgCode(() =>
        db.update(productVariants).set({ inventoryLevel: -1 }).where(eq(productVariants.id, variant.id)),
      ),
    ).toBe('23514');
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row!.inventoryLevel).toBe(10);
  });

  it('rejects a stock decrement that would go below zero, so concurrent checkouts cannot oversell', async () => {
    const product = await createProduct(db, { inventoryLevel: 1 });
    const take = () =>
      db
        .update(products)
        .set({ inventoryLevel: sql`${products.inventoryLevel} - 2` })
        .where(eq(products.id, product.id));
    expect(await pgCode(take)).toBe('23514');
  });

  it('rejects negative prices', async () => {
    expect(await pgCode(() => createProduct(db, { price: -1 }))).toBe('23514');
    expect(await pgCode(() => createProduct(db, { salePrice: -5 }))).toBe('23514');
  });

  it('rejects a cart quantity of 0', async () => {
    const user = await createUser('zero@example.com');
    const product = await createProduct(db);
    expect(
      await pgCode(() =>
        db.insert(cartItems).values({ userId: user.id, productId: product.id, quantity: 0 }),
      ),
    ).toBe('23514');
  });

  it('rejects a duplicate product sku, product slug and variant sku', async () => {
    await createProduct(db, { sku: 'DUP-1', slug: 'dup-1' });
    expect(await pgCode(() => createProduct(db, { sku: 'DUP-1' }))).toBe('23505');
    expect(await pgCode(() => createProduct(db, { slug: 'dup-1' }))).toBe('23505');
    const product = await createProduct(db);
    await createVariant(db, product.id, [], { sku: 'VDUP-1' });
    expect(await pgCode(() => createVariant(db, product.id, [], { sku: 'VDUP-1' }))).toBe('23505');
  });

  it('keeps one cart line per user, product and variant, even when the variant is null', async () => {
    const user = await createUser('lines@example.com');
    const product = await createProduct(db);
    const { values } = await createOption(db, product.id, 'size', ['S']);
    const variant = await createVariant(db, product.id, [values[0]!.id]);
    await db.insert(cartItems).values({ userId: user.id, productId: product.id, quantity: 1 });
    expect(
      await pgCode(() =>
        db.insert(cartItems).values({ userId: user.id, productId: product.id, quantity: 2 }),
      ),
    ).toBe('23505');
    await db
      .insert(cartItems)
      .values({ userId: user.id, productId: product.id, variantId: variant.id, quantity: 1 });
    expect(
      await pgCode(() =>
        db
          .insert(cartItems)
          .values({ userId: user.id, productId: product.id, variantId: variant.id, quantity: 1 }),
      ),
    ).toBe('23505');
  });

  it('gives orders increasing human numbers from a sequence and a unique payment session id', async () => {
    const [first] = await db.insert(orders).values({ paymentSessionId: 'sess_1' }).returning();
    const [second] = await db.insert(orders).values({ paymentSessionId: 'sess_2' }).returning();
    expect(first!.orderNumber).toBeGreaterThanOrEqual(1001);
    expect(second!.orderNumber).toBe(first!.orderNumber! + 1);
    expect(await pgCode(() => db.insert(orders).values({ paymentSessionId: 'sess_1' }))).toBe('23505');
  });

  it('computes the effective price from the sale price only when it is set and lower', async () => {
    const sale = await createProduct(db, { price: 1000, salePrice: 800 });
    const higher = await createProduct(db, { price: 1000, salePrice: 1200 });
    const zero = await createProduct(db, { price: 1000, salePrice: 0 });
    const rows = await db.select({ id: products.id, effective: products.effectivePrice }).from(products);
    const effective = new Map(rows.map((r) => [r.id, r.effective]));
    expect([effective.get(sale.id), effective.get(higher.id), effective.get(zero.id)]).toEqual([
      800, 1000, 1000,
    ]);
  });
});
