import type {
  Discount,
  DiscountInputParsed,
  DiscountStatus,
  discountListQuery,
} from '@cartwheel/shared/contracts/discounts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { loadBaseCurrency } from '../accounts/base-currency.ts';
import { categories, products } from '../catalog/catalog.schema.ts';
import { inBaseCurrency } from '../orders/order-sql.ts';
import { orderDiscounts, orders } from '../orders/orders.schema.ts';
import { discounts } from './discounts.schema.ts';

type Row = typeof discounts.$inferSelect;

const discountNotFound = () => notFound('discount_not_found', 'Discount not found');

/** Where the discount stands at `now`: switched off, over, not begun, used up, or in force. */
export function discountStatus(row: Row, now: Date): DiscountStatus {
  if (!row.isActive) return 'disabled';
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) return 'expired';
  if (row.startsAt && row.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (row.usageLimit !== null && row.timesUsed >= row.usageLimit) return 'used_up';
  return 'active';
}

function toDiscount(row: Row, amountGiven: number, now: Date): Discount {
  return {
    id: row.id,
    title: row.title,
    code: row.code,
    kind: row.kind,
    target: row.target,
    percent_bps: row.percentBps,
    currency: row.currency,
    amount_cents: row.amountCents,
    buy_quantity: row.buyQuantity,
    get_quantity: row.getQuantity,
    get_percent_bps: row.getPercentBps,
    product_ids: row.productIds,
    category_ids: row.categoryIds,
    min_subtotal_cents: row.minSubtotalCents,
    min_quantity: row.minQuantity,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    usage_limit: row.usageLimit,
    once_per_customer: row.oncePerCustomer,
    combinable: row.combinable,
    is_active: row.isActive,
    times_used: row.timesUsed,
    times_held: row.timesHeld,
    amount_given: amountGiven,
    status: discountStatus(row, now),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Σ of each discount's amounts on orders (paid checkouts: those with a number), in the base currency:
 * each at its order's subtotal rate (decision 0070).
 */
async function amountsGiven(db: Db | Tx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const o = alias(orders, 'o');
  const given = inBaseCurrency(sql`${orderDiscounts.amount}`, 'subtotal');
  const rows = await db
    .select({ id: orderDiscounts.discountId, amount: sql<number>`sum(${given})::int` })
    .from(orderDiscounts)
    .innerJoin(o, eq(o.id, orderDiscounts.orderId))
    .where(
      and(
        inArray(orderDiscounts.discountId, ids),
        sql`${o.orderNumber} IS NOT NULL AND ${o.status} <> 'cancelled'`,
      ),
    )
    .groupBy(orderDiscounts.discountId);
  return new Map(rows.map((r) => [r.id as string, Number(r.amount)]));
}

async function withAmounts(db: Db | Tx, rows: Row[]): Promise<Discount[]> {
  const given = await amountsGiven(
    db,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return rows.map((row) => toDiscount(row, given.get(row.id) ?? 0, now));
}

export async function listDiscounts(db: Db, query: z.output<typeof discountListQuery>): Promise<Discount[]> {
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select()
    .from(discounts)
    .where(
      pattern ? sql`(${discounts.title} ILIKE ${pattern} OR ${discounts.code} ILIKE ${pattern})` : undefined,
    )
    .orderBy(sql`${discounts.createdAt} DESC`, discounts.id);
  const items = await withAmounts(db, rows);
  return query.status ? items.filter((d) => d.status === query.status) : items;
}

export async function getDiscount(db: Db, id: string): Promise<Discount> {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  if (!row) throw discountNotFound();
  const [item] = await withAmounts(db, [row]);
  return item as Discount;
}

/** Products and categories named by the discount must exist: a field error names the first missing one. */
async function checkReferences(db: Db | Tx, input: DiscountInputParsed): Promise<void> {
  const missing = async (
    ids: string[],
    table: typeof products | typeof categories,
    field: string,
    label: string,
  ) => {
    if (ids.length === 0) return;
    const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    const known = new Set(found.map((r) => r.id));
    const absent = ids.find((id) => !known.has(id));
    if (absent) {
      const message = `${label} ${absent} doesn't exist`;
      throw new AppError('unprocessable', 'unknown_reference', message, [
        { field: `body.${field}`, message },
      ]);
    }
  };
  await missing(input.product_ids, products, 'product_ids', 'Product');
  await missing(input.category_ids, categories, 'category_ids', 'Category');
}

// The amounts staff type are in the base currency of the moment they save (decision 0066).
function toValues(input: DiscountInputParsed, currency: string) {
  const isKind = (...kinds: string[]) => kinds.includes(input.kind);
  return {
    title: input.title,
    currency,
    code: input.code,
    kind: input.kind,
    target: isKind('percentage', 'fixed_amount') ? input.target : ('order' as const),
    // Only the fields the kind uses are kept, so a form's leftovers never change what it gives.
    percentBps: isKind('percentage') ? input.percent_bps : null,
    amountCents: isKind('fixed_amount') ? input.amount_cents : null,
    buyQuantity: isKind('buy_x_get_y') ? input.buy_quantity : null,
    getQuantity: isKind('buy_x_get_y') ? input.get_quantity : null,
    getPercentBps: isKind('buy_x_get_y') ? (input.get_percent_bps ?? 10_000) : null,
    productIds: input.product_ids,
    categoryIds: input.category_ids,
    minSubtotalCents: input.min_subtotal_cents,
    minQuantity: input.min_quantity,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    usageLimit: input.usage_limit,
    oncePerCustomer: input.once_per_customer,
    combinable: input.combinable,
    isActive: input.is_active,
  };
}

/** A code another discount has (any case) is refused on the code field. */
async function checkCodeFree(db: Db | Tx, code: string | null, exceptId?: string): Promise<void> {
  if (!code) return;
  const [taken] = await db
    .select({ id: discounts.id })
    .from(discounts)
    .where(
      sql`upper(${discounts.code}) = ${code.toUpperCase()}${exceptId ? sql` AND ${discounts.id} <> ${exceptId}` : sql``}`,
    );
  if (taken) {
    const message = 'Another discount already uses this code';
    throw conflict('discount_code_taken', message, [{ field: 'body.code', message }]);
  }
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Two saves of the same code at once: the unique index decides, reported like the check above. */
async function onCodeRace<T>(write: () => Promise<T>, code: string | null): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (code && isUniqueViolation(error)) {
      const message = 'Another discount already uses this code';
      throw conflict('discount_code_taken', message, [{ field: 'body.code', message }]);
    }
    throw error;
  }
}

export async function createDiscount(db: Db, input: DiscountInputParsed): Promise<Discount> {
  const [currency] = await Promise.all([
    loadBaseCurrency(db),
    checkReferences(db, input),
    checkCodeFree(db, input.code),
  ]);
  const [row] = await onCodeRace(
    () => db.insert(discounts).values(toValues(input, currency)).returning(),
    input.code,
  );
  if (!row) throw new Error('discount insert returned nothing');
  return toDiscount(row, 0, new Date());
}

export async function updateDiscount(db: Db, id: string, input: DiscountInputParsed): Promise<Discount> {
  const [currency] = await Promise.all([
    loadBaseCurrency(db),
    checkReferences(db, input),
    checkCodeFree(db, input.code, id),
  ]);
  const [row] = await onCodeRace(
    () =>
      db
        .update(discounts)
        .set({ ...toValues(input, currency), updatedAt: new Date() })
        .where(eq(discounts.id, id))
        .returning(),
    input.code,
  );
  if (!row) throw discountNotFound();
  const [item] = await withAmounts(db, [row]);
  return item as Discount;
}

/**
 * Deletes the discount and the uses checkouts hold (their orders keep their price: the order's
 * discount lines are a snapshot with the code and title, no longer linked).
 */
export async function deleteDiscount(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(discounts).where(eq(discounts.id, id)).returning({ id: discounts.id });
    if (!row) throw discountNotFound();
    await tx.update(orderDiscounts).set({ discountId: null }).where(eq(orderDiscounts.discountId, id));
  });
}
