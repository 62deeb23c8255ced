// Helpers for the returns tests (not a test file itself).

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createOrder, createProduct } from '../../../test/factories.ts';
import type { TestUser } from '../../../test/sessions.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { emailOutbox, products } from '../../db/schema.ts';

export const RETURN_ADDRESS = {
  name: 'Cartwheel Returns',
  address_line_1: '5 Dock Road',
  city: 'Portland',
  state_province: 'OR',
  postal_code: '97210',
  country: 'US',
};

/** Sets the return window and address as an admin. */
export async function setReturnSettings(app: FastifyInstance, admin: TestUser, windowDays = 30) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/admin/settings/returns',
    headers: { cookie: admin.cookie },
    payload: { window_days: windowDays, address: RETURN_ADDRESS },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A paid order (local provider) of 3 × $30.00 and 1 × $12.00, shipped and delivered through the
 * back office's routes; `customerId` null makes it a guest's.
 */
export async function deliveredOrder(
  app: FastifyInstance,
  db: Db,
  staff: TestUser,
  buyer: { id: string | null; email: string },
  options: { deliver?: boolean } = {},
) {
  // Named so the lamp's line comes first (lines bought together are listed by name).
  const lamp = await createProduct(db, { name: 'Arc Desk Lamp', price: 3000, inventoryLevel: 10 });
  const mug = await createProduct(db, { name: 'Stoneware Mug', price: 1200, inventoryLevel: 10 });
  const { order, items } = await createOrder(
    db,
    {
      customerId: buyer.id,
      customerEmail: buyer.email,
      status: 'processing',
      paymentStatus: 'paid',
      paymentProvider: 'local',
    },
    [
      { product: lamp, quantity: 3 },
      { product: mug, quantity: 1 },
    ],
  );
  const post = (path: string, payload?: object) =>
    app.inject({ method: 'POST', url: path, headers: { cookie: staff.cookie }, payload: payload ?? {} });
  expect((await post(`/api/admin/orders/${order.id}/fulfil`)).statusCode).toBe(200);
  if (options.deliver !== false) {
    const delivered = await post(`/api/admin/orders/${order.id}/deliver`);
    expect(delivered.statusCode, delivered.body).toBe(200);
  }
  return { order, lampLine: items[0]!, mugLine: items[1]!, lamp, mug };
}

export const stockOf = async (db: Db, id: string) =>
  (await db.select().from(products).where(eq(products.id, id)))[0]!.inventoryLevel;

/** The emails of one kind to one address, oldest first. */
export const emailsOf = (db: Db, kind: string, to: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.to, to)))
    .orderBy(emailOutbox.createdAt);

/** How many returns an order has (for "writes nothing"). */
export async function returnCount(db: Db, orderId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM returns WHERE order_id = ${orderId}`,
  );
  return Number(row?.n ?? 0);
}
