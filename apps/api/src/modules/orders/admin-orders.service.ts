import type {
  FulfilOrderBody,
  OrderDetail,
  OrderEvent,
  OrderList,
  OrderListItem,
  OrderSort,
  OrderStatus,
  OrderSummary,
} from '@cartwheel/shared/contracts/orders';
import { GUEST_NAME } from '@cartwheel/shared/contracts/orders';
import { centsToDollarString, formatMoney } from '@cartwheel/shared/money';
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { guardCell } from '../../lib/csv-cell.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { likeContains } from '../../lib/like.ts';
import { profiles, users } from '../accounts/accounts.schema.ts';
import { restoreStock, type StockLine } from '../checkout/stock.ts';
import { orderEvents, orderItems, orders } from './orders.schema.ts';

/** A timestamptz as an ISO-8601 UTC string, the same from PGlite and from postgres-js. */
export const isoTime = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The text the back office searches an order's customer by. Must stay the expression of the
 * orders_search_trgm_idx index (orders.schema.ts), or the index is not used.
 */
export const ORDER_SEARCH_TEXT = sql`(coalesce(o.customer_first_name, '') || ' ' || coalesce(o.customer_last_name, '') || ' ' || coalesce(o.customer_email, ''))`;

/**
 * The customer's name on the order `o`: the snapshot's full name; for an order without a customer
 * account and without a name, "Guest" (spec section 2); for an account without a name, its email.
 */
export const ORDER_CUSTOMER_NAME = sql`COALESCE(
  NULLIF(trim(concat_ws(' ', o.customer_first_name, o.customer_last_name)), ''),
  CASE WHEN o.customer_id IS NULL THEN ${GUEST_NAME} ELSE o.customer_email END,
  ${GUEST_NAME})`;

/** Units on the order `o` (sum of line quantities). */
export const ORDER_ITEM_COUNT = sql`(SELECT COALESCE(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id)`;

// Each sort ends on a unique column so pages never overlap or skip rows that tie.
const SORT_SQL: Record<OrderSort, (dir: SQL) => SQL> = {
  order_number: (dir) => sql`o.order_number ${dir}`,
  created_at: (dir) => sql`o.created_at ${dir}, o.order_number ${dir}`,
  total_amount: (dir) => sql`o.total_amount ${dir}, o.order_number ${dir}`,
  // The enum sorts in its declared order: pending, processing, shipped, delivered, cancelled.
  status: (dir) => sql`o.status ${dir}, o.created_at DESC, o.order_number DESC`,
};

export interface OrderFilters {
  search?: string | undefined;
  status?: OrderStatus[] | undefined;
  sort: OrderSort;
  dir: 'asc' | 'desc';
}

/** WHERE conditions for the order `o`: search by number, customer name or email; statuses. */
function filterConditions(filters: OrderFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  const search = filters.search?.trim();
  if (search) {
    const number = /^#?\s*(\d{1,9})$/.exec(search)?.[1];
    const byText = sql`${ORDER_SEARCH_TEXT} ILIKE ${likeContains(search)}`;
    conditions.push(number ? sql`(o.order_number = ${Number(number)} OR ${byText})` : byText);
  }
  if (filters.status?.length) {
    conditions.push(
      sql`o.status IN (${sql.join(
        filters.status.map((s) => sql`${s}::order_status`),
        sql`, `,
      )})`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

function orderBy(filters: OrderFilters): SQL {
  return SORT_SQL[filters.sort](filters.dir === 'asc' ? sql`ASC` : sql`DESC`);
}

interface ListRow {
  id: string;
  order_number: number;
  created_at: string;
  status: OrderListItem['status'];
  payment_status: OrderListItem['payment_status'];
  fulfillment_status: OrderListItem['fulfillment_status'];
  total_amount: number;
  item_count: number;
  customer_id: string | null;
  customer_name: string;
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
}

const LIST_COLUMNS = sql`o.id, o.order_number, ${isoTime(sql`o.created_at`)} AS created_at, o.status,
  o.payment_status, o.fulfillment_status, o.total_amount, ${ORDER_ITEM_COUNT} AS item_count,
  o.customer_id, ${ORDER_CUSTOMER_NAME} AS customer_name, o.customer_first_name, o.customer_last_name,
  o.customer_email, o.subtotal_amount, o.shipping_amount, o.tax_amount`;

function toListItem(row: ListRow): OrderListItem {
  return {
    id: row.id,
    order_number: Number(row.order_number),
    created_at: row.created_at,
    status: row.status,
    payment_status: row.payment_status,
    fulfillment_status: row.fulfillment_status,
    total_amount: Number(row.total_amount),
    item_count: Number(row.item_count),
    customer: {
      id: row.customer_id,
      name: row.customer_name,
      first_name: row.customer_first_name,
      last_name: row.customer_last_name,
      email: row.customer_email,
    },
  };
}

/** Shop-wide order counts for the summary cards, in one pass over the orders table. */
export async function getOrderSummary(db: Db): Promise<OrderSummary> {
  const [row] = await queryRows<Record<keyof OrderSummary, number>>(
    db,
    sql`SELECT count(*)::int AS total,
      count(*) FILTER (WHERE status <> 'cancelled' AND fulfillment_status <> 'fulfilled')::int AS unfulfilled,
      count(*) FILTER (WHERE status <> 'cancelled' AND payment_status = 'unpaid')::int AS unpaid,
      count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
      count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled
    FROM orders`,
  );
  return {
    total: Number(row?.total ?? 0),
    unfulfilled: Number(row?.unfulfilled ?? 0),
    unpaid: Number(row?.unpaid ?? 0),
    delivered: Number(row?.delivered ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
  };
}

/** The back-office order list: filtered, sorted and paged in the database, with the summary counts. */
export async function listOrders(
  db: Db,
  params: OrderFilters & { page: number; limit: number },
): Promise<OrderList> {
  const where = filterConditions(params);
  const offset = (params.page - 1) * params.limit;
  const [countRow] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM orders o WHERE ${where}`,
  );
  const rows = await queryRows<ListRow>(
    db,
    sql`SELECT ${LIST_COLUMNS} FROM orders o WHERE ${where}
      ORDER BY ${orderBy(params)} LIMIT ${params.limit} OFFSET ${offset}`,
  );
  return {
    items: rows.map(toListItem),
    total: Number(countRow?.total ?? 0),
    page: params.page,
    limit: params.limit,
    summary: await getOrderSummary(db),
  };
}

/** The most recent orders of one customer account (newest first), for the customer page. */
export async function listOrdersOfCustomer(
  db: Db,
  customerId: string,
  limit = 100,
): Promise<OrderListItem[]> {
  const rows = await queryRows<ListRow>(
    db,
    sql`SELECT ${LIST_COLUMNS} FROM orders o WHERE o.customer_id = ${customerId}
      ORDER BY o.created_at DESC, o.order_number DESC LIMIT ${limit}`,
  );
  return rows.map(toListItem);
}

const CSV_HEADER = [
  'order_number',
  'created_at',
  'status',
  'payment_status',
  'fulfillment_status',
  'customer_name',
  'customer_email',
  'item_count',
  'subtotal',
  'shipping',
  'tax',
  'total',
];

const EXPORT_BATCH = 1000;

/**
 * The filtered orders as CSV text chunks (header first), read from the database in batches so an
 * export of every order never holds them all in memory. Money in dollars ("12.50").
 */
export async function* exportOrdersCsv(db: Db, filters: OrderFilters): AsyncGenerator<string> {
  yield stringify([CSV_HEADER]);
  const where = filterConditions(filters);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await queryRows<
      ListRow & { subtotal_amount: number; shipping_amount: number; tax_amount: number }
    >(
      db,
      sql`SELECT ${LIST_COLUMNS} FROM orders o WHERE ${where}
        ORDER BY ${orderBy(filters)} LIMIT ${EXPORT_BATCH} OFFSET ${offset}`,
    );
    if (!rows.length) return;
    yield stringify(
      rows.map((r) => [
        r.order_number,
        r.created_at,
        r.status,
        r.payment_status,
        r.fulfillment_status,
        guardCell(r.customer_name ?? ''),
        guardCell(r.customer_email ?? ''),
        r.item_count,
        centsToDollarString(Number(r.subtotal_amount)),
        centsToDollarString(Number(r.shipping_amount)),
        centsToDollarString(Number(r.tax_amount)),
        centsToDollarString(Number(r.total_amount)),
      ]),
    );
    if (rows.length < EXPORT_BATCH) return;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function customerOf(order: typeof orders.$inferSelect) {
  const name = [order.customerFirstName, order.customerLastName]
    .filter((part) => part?.trim())
    .join(' ')
    .trim();
  return {
    id: order.customerId,
    name: name || (order.customerId ? (order.customerEmail ?? GUEST_NAME) : GUEST_NAME),
    first_name: order.customerFirstName,
    last_name: order.customerLastName,
    email: order.customerEmail,
  };
}

/** One order with its lines, customer, address, payment, fulfilment and timeline (newest first). */
export async function getOrderDetail(db: Db | Tx, orderId: string): Promise<OrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('order_not_found', 'Order not found');
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.productName), asc(orderItems.id));
  const events = await db
    .select({
      event: orderEvents,
      actorEmail: users.email,
      actorFirstName: profiles.firstName,
      actorLastName: profiles.lastName,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .leftJoin(profiles, eq(profiles.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.seq));

  const timeline: OrderEvent[] = events.map(({ event, actorEmail, actorFirstName, actorLastName }) => ({
    id: event.id,
    type: event.type,
    message: event.message,
    data: event.data ?? {},
    actor:
      event.actorId && actorEmail
        ? {
            id: event.actorId,
            name: `${actorFirstName ?? ''} ${actorLastName ?? ''}`.trim() || actorEmail,
            email: actorEmail,
          }
        : null,
    created_at: event.createdAt.toISOString(),
  }));
  // What the order's own dates say happened, for orders older than the timeline (e.g. the demo's).
  const implied: OrderEvent[] = [
    {
      id: `placed:${order.id}`,
      type: 'placed',
      message: 'Order placed',
      data: {},
      actor: null,
      created_at: order.createdAt.toISOString(),
    },
  ];
  if (order.paidAt) {
    implied.push({
      id: `paid:${order.id}`,
      type: 'paid',
      message: `Payment of ${formatMoney(order.totalAmount)} received`,
      data: { amount: order.totalAmount, method: order.paymentMethod },
      actor: null,
      created_at: order.paidAt.toISOString(),
    });
  }
  if (order.cancelledAt && !timeline.some((e) => e.type === 'cancelled')) {
    implied.push({
      id: `cancelled:${order.id}`,
      type: 'cancelled',
      message: 'Order cancelled',
      data: {},
      actor: null,
      created_at: order.cancelledAt.toISOString(),
    });
  }
  const all = [...timeline, ...implied].sort((a, b) => b.created_at.localeCompare(a.created_at));

  return {
    id: order.id,
    order_number: order.orderNumber,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: order.paymentMethod,
    payment_provider: order.paymentProvider,
    paid_at: iso(order.paidAt),
    cancelled_at: iso(order.cancelledAt),
    fulfillment_status: order.fulfillmentStatus,
    shipping_method: order.shippingMethod,
    subtotal_amount: order.subtotalAmount,
    shipping_amount: order.shippingAmount,
    tax_amount: order.taxAmount,
    total_amount: order.totalAmount,
    currency: order.currency,
    customer: customerOf(order),
    shipping_address: order.shippingAddress ?? null,
    items: lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      variant_id: l.variantId,
      product_name: l.productName,
      variant_title: l.variantTitle,
      product_sku: l.productSku,
      quantity: l.quantity,
      price_per_item: l.pricePerItem,
      cost_per_item: l.costPerItem,
      total_amount: l.totalAmount,
      fulfilled_quantity: l.fulfilledQuantity,
      refunded_quantity: l.refundedQuantity,
    })),
    timeline: all,
  };
}

/** Locks the order row for the rest of the transaction; 404 when it does not exist. */
async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('order_not_found', 'Order not found');
  return order;
}

async function addEvent(
  tx: Tx,
  orderId: string,
  actorId: string | null,
  type: string,
  message: string,
  data: Record<string, unknown> = {},
) {
  await tx.insert(orderEvents).values({ orderId, actorId, type, message, data });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Cancels an order in one transaction: the order row is locked, the unfulfilled units of every line
 * go back to stock (the variant's for a variant line, else the product's), a paid order is recorded
 * as refunded, and the timeline gets an event. Cancelling twice is a 409, so stock returns exactly once.
 */
export async function cancelOrder(db: Db, orderId: string, actorId: string | null): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled') {
      throw new AppError('conflict', 'order_already_cancelled', 'Order is already cancelled');
    }
    // The units still on the shelf's books: ordered but not shipped. Same rule as checkout's stock
    // moves (checkout/stock.ts): a variant line's stock is the variant's, a product line's the
    // product's; a line whose variant was deleted since is not given to its product.
    const unshipped = await queryRows<{
      product_id: string | null;
      variant_id: string | null;
      units: number;
      product_name: string;
    }>(
      tx,
      sql`SELECT i.product_id, i.variant_id, i.quantity - i.fulfilled_quantity AS units, i.product_name
        FROM order_items i LEFT JOIN products p ON p.id = i.product_id
        WHERE i.order_id = ${orderId} AND i.quantity > i.fulfilled_quantity
          AND (i.variant_id IS NOT NULL OR (i.product_id IS NOT NULL AND p.sku = i.product_sku))`,
    );
    const stock: StockLine[] = unshipped.map((line) => ({
      productId: line.product_id ?? '',
      variantId: line.variant_id,
      quantity: Number(line.units),
      label: line.product_name,
    }));
    await restoreStock(tx, stock);
    const restocked = stock.reduce((sum, line) => sum + line.quantity, 0);
    const wasPaid = order.paymentStatus === 'paid';
    if (wasPaid) {
      await tx
        .update(orderItems)
        .set({ refundedQuantity: sql`${orderItems.quantity}` })
        .where(eq(orderItems.orderId, orderId));
    }
    await tx
      .update(orders)
      .set({
        status: 'cancelled',
        paymentStatus: wasPaid ? 'refunded' : order.paymentStatus,
        cancelledAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, orderId));
    const message = [
      `Order cancelled (was ${order.status}).`,
      restocked ? `${plural(restocked, 'item')} returned to stock.` : 'No items returned to stock.',
      wasPaid ? 'Payment marked as refunded.' : '',
    ]
      .filter(Boolean)
      .join(' ');
    await addEvent(tx, orderId, actorId, 'cancelled', message, {
      from: order.status,
      restocked,
      refunded: wasPaid ? order.totalAmount : 0,
    });
    return getOrderDetail(tx, orderId);
  });
}

/**
 * Sets an order's status (spec: any status may be written). Cancelling goes through cancelOrder so
 * stock returns; a cancelled order cannot be reopened, since its stock is back on the shelf.
 */
export async function setOrderStatus(
  db: Db,
  orderId: string,
  status: OrderStatus,
  actorId: string | null,
): Promise<OrderDetail> {
  if (status === 'cancelled') return cancelOrder(db, orderId, actorId);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled') {
      throw new AppError(
        'conflict',
        'order_cancelled',
        "A cancelled order can't be reopened: its stock has been returned",
      );
    }
    if (order.status !== status) {
      await tx.update(orders).set({ status, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
      await addEvent(
        tx,
        orderId,
        actorId,
        'status_changed',
        `Status changed from ${order.status} to ${status}`,
        {
          from: order.status,
          to: status,
        },
      );
    }
    return getOrderDetail(tx, orderId);
  });
}

/**
 * Fulfils units of an order's lines (all that remain when no lines are given): fulfilled quantities
 * never exceed the ordered quantity, the fulfilment status becomes partial or fulfilled, and a fully
 * fulfilled pending or processing order is marked shipped. Each step is on the timeline.
 */
export async function fulfilOrder(
  db: Db,
  orderId: string,
  body: FulfilOrderBody,
  actorId: string | null,
): Promise<OrderDetail> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled') {
      throw new AppError('conflict', 'order_cancelled', "A cancelled order can't be fulfilled");
    }
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const remaining = new Map(lines.map((l) => [l.id, l.quantity - l.fulfilledQuantity]));
    const plan = new Map<string, number>();
    if (body.items?.length) {
      for (const item of body.items) {
        if (!remaining.has(item.order_item_id)) {
          throw new AppError(
            'invalid',
            'unknown_order_item',
            `Line ${item.order_item_id} is not on this order`,
          );
        }
        plan.set(item.order_item_id, (plan.get(item.order_item_id) ?? 0) + item.quantity);
      }
      for (const [id, units] of plan) {
        const left = remaining.get(id) ?? 0;
        if (units > left) {
          const line = lines.find((l) => l.id === id)!;
          throw new AppError(
            'conflict',
            'over_fulfilment',
            `Only ${left} of ${line.productName} left to fulfil, not ${units}`,
          );
        }
      }
    } else {
      for (const [id, left] of remaining) if (left > 0) plan.set(id, left);
    }
    if (!plan.size) throw new AppError('conflict', 'already_fulfilled', 'Order is already fulfilled');

    let units = 0;
    for (const [id, n] of plan) {
      // The CHECK constraint (fulfilled_quantity BETWEEN 0 AND quantity) backs up the test above.
      await tx
        .update(orderItems)
        .set({ fulfilledQuantity: sql`${orderItems.fulfilledQuantity} + ${n}` })
        .where(
          and(eq(orderItems.id, id), gte(sql`${orderItems.quantity} - ${orderItems.fulfilledQuantity}`, n)),
        );
      units += n;
    }
    const allDone = lines.every((l) => (remaining.get(l.id) ?? 0) - (plan.get(l.id) ?? 0) === 0);
    const fulfillmentStatus = allDone ? 'fulfilled' : 'partial';
    const shipNow = allDone && (order.status === 'pending' || order.status === 'processing');
    await tx
      .update(orders)
      .set({ fulfillmentStatus, ...(shipNow ? { status: 'shipped' as const } : {}), updatedAt: sql`now()` })
      .where(eq(orders.id, orderId));
    const names = lines
      .filter((l) => plan.has(l.id))
      .map((l) => `${l.productName}${l.variantTitle ? ` (${l.variantTitle})` : ''} × ${plan.get(l.id)}`);
    await addEvent(
      tx,
      orderId,
      actorId,
      'fulfilled',
      `Fulfilled ${plural(units, 'item')}: ${names.join(', ')}. Order is ${allDone ? 'fulfilled' : 'partially fulfilled'}.`,
      {
        items: [...plan].map(([order_item_id, quantity]) => ({ order_item_id, quantity })),
        fulfillment_status: fulfillmentStatus,
      },
    );
    if (shipNow) {
      await addEvent(
        tx,
        orderId,
        actorId,
        'status_changed',
        `Status changed from ${order.status} to shipped`,
        {
          from: order.status,
          to: 'shipped',
        },
      );
    }
    return getOrderDetail(tx, orderId);
  });
}
