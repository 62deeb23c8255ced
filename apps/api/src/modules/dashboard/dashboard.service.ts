import type { Dashboard, DashboardFigures, SetupStep } from '@cartwheel/shared/contracts/dashboard';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  IS_ORDER,
  inBaseCurrency,
  isoTime,
  ORDER_CUSTOMER_NAME,
  ORDER_ITEM_COUNT,
  orderBaseAmount,
} from '../orders/order-sql.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Longest range the dashboard adds up in one request. */
const MAX_RANGE_DAYS = 5 * 366;
const RECENT_ORDERS = 5;

export interface DateRange {
  from: Date;
  to: Date;
}

// Orders that count as sold: the same test as the trigger that keeps order_sales_daily (decision 0015):
// paid, also when refunded since (refunds count on their own day), and not cancelled.
export const SOLD = sql`o.payment_status IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled'`;

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * One range's sums over the sold orders placed in [from, to), at most a day's orders: through
 * orders_created_idx, with each order's line sums from its `lines_*` columns; in the base currency,
 * as the daily rollup's trigger adds them up (decision 0070).
 */
function ordersPart(index: number, from: Date, to: Date) {
  return sql`SELECT ${index}::int AS range_no, count(*) AS orders, sum(${orderBaseAmount('subtotal')}) AS subtotal,
      sum(${orderBaseAmount('discount')}) AS discounts, sum(${orderBaseAmount('shipping')}) AS shipping,
      sum(${orderBaseAmount('tax')}) AS taxes, sum(${inBaseCurrency(sql`o.lines_refunded_amount`, 'subtotal')}) AS refunded,
      sum(${inBaseCurrency(sql`o.lines_sales_with_cost`, 'subtotal')}) AS sales_with_cost, sum(o.lines_cost_of_goods) AS cost_of_goods,
      sum(o.lines_items_sold) AS items_sold, sum(o.lines_items_with_cost) AS items_with_cost, 0 AS draft_orders
    FROM orders o WHERE o.created_at >= ${iso(from)} AND o.created_at < ${iso(to)} AND ${SOLD}`;
}

/**
 * The refunds that succeeded in [from, to), at most a day's, of orders that count as sold: their goods
 * (amount less shipping and tax) are taken off the net sales of the day they happened, in the base
 * currency as the trigger on refunds counted them (sales_amount).
 */
function refundsPart(index: number, from: Date, to: Date) {
  return sql`SELECT ${index}::int AS range_no, 0 AS orders, 0 AS subtotal, 0 AS discounts, 0 AS shipping, 0 AS taxes,
      sum(r.sales_amount) AS refunded, 0 AS sales_with_cost, 0 AS cost_of_goods,
      0 AS items_sold, 0 AS items_with_cost, 0 AS draft_orders
    FROM refunds r JOIN orders o ON o.id = r.order_id
    WHERE r.status = 'succeeded' AND r.succeeded_at >= ${iso(from)} AND r.succeeded_at < ${iso(to)} AND ${SOLD}`;
}

/** The same sums for the whole UTC days [from, to), from the daily rollup. */
function daysPart(index: number, from: Date, to: Date) {
  const day = (date: Date) => sql`${date.toISOString().slice(0, 10)}::date`;
  return sql`SELECT ${index}::int AS range_no, sum(d.orders) AS orders, sum(d.subtotal_amount) AS subtotal,
      sum(d.discount_amount) AS discounts, sum(d.shipping_amount) AS shipping, sum(d.tax_amount) AS taxes, sum(d.refunded_amount) AS refunded,
      sum(d.sales_with_cost) AS sales_with_cost, sum(d.cost_of_goods) AS cost_of_goods,
      sum(d.items_sold) AS items_sold, sum(d.items_with_cost) AS items_with_cost, 0 AS draft_orders
    FROM order_sales_daily d WHERE d.day >= ${day(from)} AND d.day < ${day(to)}`;
}

/**
 * The range's open draft orders (Point of Sale): created in the range, not yet paid, whether or not a
 * payment link is waiting.
 */
function draftsPart(index: number, range: DateRange) {
  return sql`SELECT ${index}::int AS range_no, 0 AS orders, 0 AS subtotal, 0 AS discounts, 0 AS shipping, 0 AS taxes,
      0 AS refunded, 0 AS sales_with_cost, 0 AS cost_of_goods, 0 AS items_sold, 0 AS items_with_cost,
      count(*) AS draft_orders
    FROM draft_orders d
    WHERE d.status = 'open' AND d.created_at >= ${iso(range.from)} AND d.created_at < ${iso(range.to)}
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = d.order_id AND o.paid_at IS NOT NULL)`;
}

/**
 * [from, to) cut at UTC midnights: the whole days in between are read from the daily rollup, the
 * parts of a day at either end from the orders themselves. A range within one day is all orders.
 */
export function splitAtDays(range: DateRange): { orders: DateRange[]; days: DateRange | null } {
  const firstMidnight = new Date(Math.ceil(range.from.getTime() / DAY) * DAY);
  const lastMidnight = new Date(Math.floor(range.to.getTime() / DAY) * DAY);
  if (firstMidnight >= lastMidnight) return { orders: [range], days: null };
  const orders = [
    { from: range.from, to: firstMidnight },
    { from: lastMidnight, to: range.to },
  ].filter((part) => part.from < part.to);
  return { orders, days: { from: firstMidnight, to: lastMidnight } };
}

/**
 * The money figures of half-open ranges [from, to), in cents, in one statement. Only orders placed in
 * the range, paid and not cancelled count; their refunds are taken off on the day each succeeded. Whole UTC days come from order_sales_daily, the parts of a
 * day at the ends from the orders, whose `lines_*` columns hold their line sums: both are kept exact
 * by triggers in the transaction that changes an order or its lines (decision 0015), so no order line
 * is read here, and a year costs about as much as a day.
 */
export async function salesFigures<const T extends readonly DateRange[]>(
  db: Db,
  ranges: T,
): Promise<{ [K in keyof T]: DashboardFigures }> {
  const parts = ranges.flatMap((range, i) => {
    const split = splitAtDays(range);
    return [
      ...split.orders.flatMap((part) => [
        ordersPart(i, part.from, part.to),
        refundsPart(i, part.from, part.to),
      ]),
      ...(split.days ? [daysPart(i, split.days.from, split.days.to)] : []),
      draftsPart(i, range),
    ];
  });
  // The ranges may overlap or lie years apart: each is added up on its own.
  const rows = await queryRows<Record<string, number | string | null>>(
    db,
    sql`SELECT range_no, COALESCE(sum(orders), 0)::bigint AS orders, COALESCE(sum(subtotal), 0)::bigint AS subtotal,
        COALESCE(sum(discounts), 0)::bigint AS discounts,
        COALESCE(sum(shipping), 0)::bigint AS shipping, COALESCE(sum(taxes), 0)::bigint AS taxes,
        COALESCE(sum(refunded), 0)::bigint AS refunded,
        COALESCE(sum(sales_with_cost), 0)::bigint AS sales_with_cost,
        COALESCE(sum(cost_of_goods), 0)::bigint AS cost_of_goods,
        COALESCE(sum(items_sold), 0)::bigint AS items_sold,
        COALESCE(sum(items_with_cost), 0)::bigint AS items_with_cost,
        COALESCE(sum(draft_orders), 0)::bigint AS draft_orders
      FROM (${sql.join(parts, sql` UNION ALL `)}) parts GROUP BY range_no`,
  );
  const figures = ranges.map((_, i): DashboardFigures => {
    const row = rows.find((r) => Number(r.range_no) === i);
    const n = (key: string) => Number(row?.[key] ?? 0);
    const salesWithCost = n('sales_with_cost');
    const grossProfit = salesWithCost - n('cost_of_goods');
    return {
      orders: n('orders'),
      net_sales: n('subtotal') - n('discounts') - n('refunded'),
      discounts: n('discounts'),
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
  });
  return figures as { [K in keyof T]: DashboardFigures };
}

/** What the store setup checklist is worked out from. */
export interface SetupFacts {
  /** The configured payment provider. */
  paymentProvider: string | null;
  /** True when the provider only simulates payments (the built-in test checkout): not set up. */
  testPayments: boolean;
  mailProvider: 'outbox' | 'smtp';
  hasProduct: boolean;
  hasOrder: boolean;
}

/** The store setup checklist, in the order a new shop goes through it. */
export function storeSetup(facts: SetupFacts): SetupStep[] {
  return [
    {
      key: 'add_product',
      label: 'Add your first product',
      description: 'Products added to the catalog appear in your online store.',
      done: facts.hasProduct,
      href: '/admin/products/new',
    },
    {
      key: 'payment_provider',
      label: 'Set up payments',
      description: facts.testPayments
        ? "Test mode: payments are simulated and no card is charged. Set Stripe's or PayPal's keys in the server's environment and choose it in Settings → Payments to take real payments."
        : facts.paymentProvider
          ? `Payments go through the ${facts.paymentProvider} provider.`
          : 'Choose a payment provider so shoppers can pay at checkout.',
      done: Boolean(facts.paymentProvider) && !facts.testPayments,
      // The keys are set in the server's environment; the provider is chosen in Settings → Payments.
      href: '/admin/settings/payments',
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
      done: facts.hasOrder,
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
    throw new AppError('invalid', 'invalid_range', `${name}: from must be before to`);
  }
  if (range.to.getTime() - range.from.getTime() > MAX_RANGE_DAYS * DAY) {
    throw new AppError(
      'invalid',
      'invalid_range',
      `${name}: a range can span at most ${MAX_RANGE_DAYS} days`,
    );
  }
}

/**
 * The range asked for (the last 30 days up to `now` by default) and its comparison range (the period of
 * the same length just before, by default); a 400 for a range that ends before it starts or is too long.
 */
export function resolveRanges(params: DashboardParams, now: Date): { range: DateRange; compare: DateRange } {
  const to = params.to ?? now;
  const range = { from: params.from ?? new Date(to.getTime() - 30 * DAY), to };
  checkRange(range, 'range');
  const compare =
    params.compare_from && params.compare_to
      ? { from: params.compare_from, to: params.compare_to }
      : previousPeriod(range);
  checkRange(compare, 'compare');
  return { range, compare };
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
  config: Pick<SetupFacts, 'paymentProvider' | 'testPayments' | 'mailProvider'>,
  now = new Date(),
): Promise<Dashboard> {
  const { range, compare } = resolveRanges(params, now);

  // Independent reads: on PostgreSQL each takes a connection of the pool, so they run side by side.
  const [[current, previous], recent, [product]] = await Promise.all([
    salesFigures(db, [range, compare]),
    queryRows<Dashboard['recent_orders'][number]>(
      db,
      sql`SELECT o.id, o.order_number, ${ORDER_CUSTOMER_NAME} AS customer_name,
          ${isoTime(sql`o.created_at`)} AS created_at, o.total_amount, o.currency, ${ORDER_ITEM_COUNT} AS item_count, o.status
        FROM orders o WHERE ${IS_ORDER}
        ORDER BY o.created_at DESC, o.order_number DESC LIMIT ${RECENT_ORDERS}`,
    ),
    queryRows<{ has_product: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM products WHERE deleted_at IS NULL) AS has_product`,
    ),
  ]);
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
    // Whether the shop has an order: the latest orders say so (`EXISTS (SELECT 1 FROM orders)` is
    // planned as a sequential scan, which first reads every page that updates left empty).
    setup: storeSetup({ ...config, hasProduct: Boolean(product?.has_product), hasOrder: recent.length > 0 }),
  };
}
