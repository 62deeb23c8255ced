// Helpers for the cart tests (not a test file itself).
import type { Cart, CartChange } from '@cartwheel/shared/contracts/cart';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { signUp, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import type { products, productVariants } from '../../db/schema.ts';

/** One app for the test file, and the calls the cart tests make against it. */
export function cartTestKit() {
  const suite = appPerFile();
  // Every test signs up shoppers of its own; each comes from an address of its own so the per-IP
  // sign-up limit (not under test here) never gets in the way.
  let addresses = 0;
  function shopper(): Promise<TestUser> {
    const remoteAddress = `10.20.${Math.floor(addresses / 200)}.${(addresses++ % 200) + 1}`;
    const app = Object.create(suite.ctx.app, {
      inject: { value: (opts: InjectOptions) => suite.ctx.app.inject({ ...opts, remoteAddress }) },
    }) as FastifyInstance;
    return signUp(app);
  }

  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    suite.ctx.app.inject({
      method,
      url,
      headers: user ? { cookie: user.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const getCart = async (user: TestUser): Promise<Cart> => {
    const res = await call(user, 'GET', '/api/cart');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const add = (user: TestUser, body: Record<string, unknown>) => call(user, 'POST', '/api/cart/items', body);
  const added = async (user: TestUser, body: Record<string, unknown>): Promise<CartChange> => {
    const res = await add(user, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const storedLines = (userId: string) =>
    queryRows<{ product_id: string; variant_id: string | null; quantity: number }>(
      suite.ctx.db,
      sql`SELECT product_id, variant_id, quantity FROM cart_items WHERE user_id = ${userId} ORDER BY created_at`,
    );

  /** A product with a Size option (S, M) and one variant per size. */
  async function productWithSizes(
    variantOverrides: {
      S?: Partial<typeof productVariants.$inferInsert>;
      M?: Partial<typeof productVariants.$inferInsert>;
    } = {},
    productOverrides: Partial<typeof products.$inferInsert> = {},
  ) {
    const product = await createProduct(suite.ctx.db, { price: 2000, ...productOverrides });
    const { values } = await createOption(suite.ctx.db, product.id, 'size', ['S', 'M']);
    const small = await createVariant(suite.ctx.db, product.id, [values[0]!.id], {
      price: 2000,
      ...variantOverrides.S,
    });
    const medium = await createVariant(suite.ctx.db, product.id, [values[1]!.id], {
      price: 2200,
      ...variantOverrides.M,
    });
    return { product, small, medium };
  }

  return { suite, shopper, call, getCart, add, added, storedLines, productWithSizes };
}
