import type { Dashboard, DashboardFigures, SetupStep } from '@cartwheel/shared/contracts/dashboard';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isoTime, ORDER_CUSTOMER_NAME, ORDER_ITEM_COUNT } from '../orders/admin-orders.service.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Longest range the dashboard adds up in one request. */
const MAX_RANGE_DAYS = 5 * 366;
const RECENT_ORDERS = 5;

export interface DateRange {
  from: Date;
  to: Date;
}

/**
 * The money figures of one half-open range [from, to), in cents, in one statement. Only orders
 * placed in the range, paid and not cancelled count (orders_created_idx finds them); their lines
 * are found through order_items_order_idx.
 */
export async function salesFigures(db: Db, range: DateRange): Promise<DashboardFigures> {
  const [row] = await queryRows<Record<string, number | string | null>>(
    db,
    sql`WITH sold AS (
        SELECT o.id, o.subtotal_amount, o.shipping_amount, o.tax_amount FROM orders o
        WHERE o.created_at >= ${range.from.toISOString()}::timestamptz
          AND o.created_at < ${range.to.toISOString()}::timestamptz
          AND o.payment_status = 'paid' AND o.status <> 'cancelled'
      ), lines AS (
        SELECT i.price_per_item, i.cost_per_item, i.refunded_quantity, i.quantity - i.refunded_quantity AS units
        FROM order_items i JOIN sold s ON s.id = i.order_id
      ), o_totals AS (
        SELECT count(*)::int AS orders, COALESCE(sum(subtotal_amount), 0)::bigint AS subtotal,
          COALESCE(sum(shipping_amount), 0)::bigint AS shipping, COALESCE(sum(tax_amount), 0)::bigint AS taxes
        FROM sold
      ), l_totals AS (
        SELECT COALESCE(sum(refunded_quantity * price_per_item), 0)::bigint AS refunded,
          COALESCE(sum(units * price_per_item) FILTER (WHERE cost_per_item IS NOT NULL), 0)::bigint AS sales_with_cost,
          COALESCE(sum(units * cost_per_item) FILTER (WHERE cost_per_item IS NOT NULL), 0)::bigint AS cost_of_goods,
          COALESCE(sum(units), 0)::bigint AS items_sold,
          COALESCE(sum(units) FILTER (WHERE cost_per_item IS NOT NULL), 0)::bigint AS items_with_cost
        FROM lines
      )
      SELECT o_totals.*, l_totals.*, (
        SELECT count(*)::int FROM orders o
        WHERE o.created_at >= ${range.from.toISOString()}::timestamptz
          AND o.created_at < ${range.to.toISOString()}::timestamptz AND o.status = 'pending'
      ) AS draft_orders
      FROM o_totals, l_totals`,
  );
  const n = (key: string) => Number(row?.[key] ?? 0);
  const salesWithCost = n('sales_with_cost');
  const grossProfit = salesWithCost - n('cost_of_goods');
  return {
    orders: n('orders'),
    net_sales: n('subtotal') - n('refunded'),
    shipping: n('shipping'),
    taxes: n('taxes'),
    sales_with_cost: salesWithCost,
    cost_of_goods: n('cost_of_goods'),
    gross_profit: grossProfit,
    gross_margin: salesWithCost > 0 ? Math.round((grossProfit / salesWithCost) * 10_000) / 10_000 : null,
    items_sold: n('items_sold'),
    items_with_cost: n('items_with_cost'),
    draft_orders: n('draft_orders'),
  };
}

export interface SetupFacts {
  /** The configured payment provider (`local` is the built-in test checkout and counts as set up). */
  paymentProvider: string | null;
  mailProvider: 'outbox' | 'smtp';
}

/** The store setup checklist, in the order a new shop goes through it. */
export async function storeSetup(db: Db, facts: SetupFacts): Promise<SetupStep[]> {
  const [row] = await queryRows<{ has_product: boolean; has_order: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM products WHERE deleted_at IS NULL) AS has_product,
      EXISTS (SELECT 1 FROM orders) AS has_order`,
  );
  return [
    {
      key: 'add_product',
      label: 'Add your first product',
      description: 'Products added to the catalog appear in your online store.',
      done: Boolean(row?.has_product),
      href: '/admin/products/new',
    },
    {
      key: 'payment_provider',
      label: 'Set up payments',
      description: facts.paymentProvider
        ? `Payments go through the ${facts.paymentProvider} provider.`
        : 'Choose a payment provider so shoppers can pay at checkout.',
      done: Boolean(facts.paymentProvider),
      // Set in the server's environment (README, Configuration): nothing to click in the back office.
      href: null,
    },
    {
      key: 'mail',
      label: 'Set up email delivery',
      description:
        facts.mailProvider === 'smtp'
          ? 'Order and password emails are delivered over SMTP.'
          : 'Emails are kept in the outbox, not delivered. Set MAILER=smtp and SMTP_URL to send them.',
      done: facts.mailProvider === 'smtp',
      href: '/admin/emails',
    },
    {
      key: 'first_order',
      label: 'Get your first order',
      description: 'Share your store: your first order shows up here.',
      done: Boolean(row?.has_order),
      href: '/admin/orders',
    },
  ];
}

/** The previous period of the same length, ending where `range` starts. */
export function previousPeriod(range: DateRange): DateRange {
  const length = range.to.getTime() - range.from.getTime();
  return { from: new Date(range.from.getTime() - length), to: new Date(range.from.getTime()) };
}

function checkRange(range: DateRange, name: string) {
  if (!(range.from < range.to)) {
    throw new AppError(400, 'invalid_range', `${name}: from must be before to`);
  }
  if (range.to.getTime() - range.from.getTime() > MAX_RANGE_DAYS * DAY) {
    throw new AppError(400, 'invalid_range', `${name}: a range can span at most ${MAX_RANGE_DAYS} days`);
  }
}

export interface DashboardParams {
  from?: Date | undefined;
  to?: Date | undefined;
  compare_from?: Date | undefined;
  compare_to?: Date | undefined;
}

/** Everything on the dashboard for a range against a comparison range (the previous period by default). */
export async function getDashboard(
  db: Db,
  params: DashboardParams,
  facts: SetupFacts,
  now = new Date(),
): Promise<Dashboard> {
  const to = params.to ?? now;
  const range = { from: params.from ?? new Date(to.getTime() - 30 * DAY), to };
  checkRange(range, 'range');
  const compare =
    params.compare_from && params.compare_to
      ? { from: params.compare_from, to: params.compare_to }
      : previousPeriod(range);
  checkRange(compare, 'compare');

  const current = await salesFigures(db, range);
  const previous = await salesFigures(db, compare);
  const recent = await queryRows<Dashboard['recent_orders'][number]>(
    db,
    sql`SELECT o.id, o.order_number, ${ORDER_CUSTOMER_NAME} AS customer_name,
        ${isoTime(sql`o.created_at`)} AS created_at, o.total_amount, ${ORDER_ITEM_COUNT} AS item_count, o.status
      FROM orders o ORDER BY o.created_at DESC, o.order_number DESC LIMIT ${RECENT_ORDERS}`,
  );
  return {
    range: { from: range.from.toISOString(), to: range.to.toISOString() },
    compare: { from: compare.from.toISOString(), to: compare.to.toISOString() },
    current,
    previous,
    recent_orders: recent.map((r) => ({
      ...r,
      order_number: Number(r.order_number),
      total_amount: Number(r.total_amount),
      item_count: Number(r.item_count),
    })),
    setup: await storeSetup(db, facts),
  };
}
