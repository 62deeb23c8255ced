import { DEFAULT_COUNTRY, PAID_STATUSES } from '@cartwheel/shared/constants';
import type {
  DraftOrder,
  DraftOrderInput,
  DraftOrderList,
  DraftQuote,
} from '@cartwheel/shared/contracts/draft-orders';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { loadBaseCurrency } from '../accounts/base-currency.ts';
import { variantTitleSql } from '../cart/cart-lines.ts';
import type { CheckoutContext } from '../checkout/checkout-context.ts';
import type { CheckoutLine } from '../checkout/checkout-lines.ts';
import {
  type CheckoutPricing,
  priceCheckout,
  readLinesAndRules,
  refusal,
} from '../checkout/price-checkout.ts';
import { toPricedOrderJson } from '../pricing/priced-order-json.ts';
import type { ShippingMethodInput } from '../pricing/types.ts';
import { readCustomerTerms } from '../wholesale/buyer-terms.ts';
import type { DraftLine } from './draft-orders.schema.ts';

/** What a draft holds, as stored (snake_case, as the contract). */
export type DraftContent = DraftOrderInput;

/** The row of a draft with what is derived from its order and its author. */
interface DraftRow {
  id: string;
  draft_number: number;
  status: 'open' | 'completed';
  version: number;
  lines: DraftLine[];
  customer_id: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  shipping_address: DraftContent['shipping_address'];
  shipping_method_id: string | null;
  pickup: boolean;
  discount_code: string | null;
  note: string | null;
  order_id: string | null;
  order_number: number | null;
  order_status: string | null;
  order_payment_status: string | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
}

const PAID = new Set<string>(PAID_STATUSES);

/** open, link_sent (its checkout waits for payment) or completed (paid: an order exists). */
export function draftState(row: Pick<DraftRow, 'status' | 'order_status' | 'order_payment_status'>) {
  if (row.status === 'completed' || (row.order_payment_status && PAID.has(row.order_payment_status))) {
    return 'completed' as const;
  }
  if (row.order_status === 'pending' && row.order_payment_status === 'unpaid') return 'link_sent' as const;
  return 'open' as const;
}

const DRAFT_SELECT = sql`SELECT d.id, d.draft_number, d.status, d.version, d.lines, d.customer_id, d.email,
    d.first_name, d.last_name, d.shipping_address, d.shipping_method_id, d.pickup, d.discount_code, d.note, d.order_id,
    o.order_number, o.status AS order_status, o.payment_status AS order_payment_status,
    NULLIF(trim(coalesce(pr.first_name, '') || ' ' || coalesce(pr.last_name, '')), '') AS created_by_name,
    to_json(d.created_at) #>> '{}' AS created_at, to_json(d.updated_at) #>> '{}' AS updated_at
  FROM draft_orders d
  LEFT JOIN orders o ON o.id = d.order_id
  LEFT JOIN profiles pr ON pr.id = d.created_by`;

const draftNotFound = () => new AppError('not_found', 'draft_order_not_found', 'Draft order not found');

/** The draft `draftId`, or a 404; `lock` locks its row for the caller's transaction. */
export async function readDraft(conn: Db | Tx, draftId: string, lock = false): Promise<DraftRow> {
  const [row] = await queryRows<DraftRow>(
    conn,
    sql`${DRAFT_SELECT} WHERE d.id = ${draftId}::uuid ${lock ? sql`FOR UPDATE OF d` : sql``}`,
  );
  if (!row) throw draftNotFound();
  return row;
}

/** Refuses a change to a draft that is no longer open, or that was edited since `version`. */
export function assertEditable(row: DraftRow, version: number): void {
  const state = draftState(row);
  if (state === 'completed') {
    throw new AppError('conflict', 'draft_order_completed', 'This draft order is already completed');
  }
  if (state === 'link_sent') {
    throw new AppError(
      'conflict',
      'draft_order_link_sent',
      'A payment link was sent for this draft order; it can change once the link expires',
    );
  }
  if (row.version !== version) {
    throw new AppError(
      'conflict',
      'draft_order_changed',
      'This draft order was changed by someone else. Reload it and try again.',
    );
  }
}

/** The customer's account email and name; a 422 when the account does not exist. */
async function customerOf(conn: Db | Tx, customerId: string) {
  const [row] = await queryRows<{ email: string; first_name: string; last_name: string }>(
    conn,
    sql`SELECT u.email, coalesce(p.first_name, '') AS first_name, coalesce(p.last_name, '') AS last_name
      FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = ${customerId}::uuid`,
  );
  if (!row) {
    throw new AppError('unprocessable', 'customer_not_found', 'Customer not found', [
      { field: 'body.customer_id', message: 'Customer not found' },
    ]);
  }
  return row;
}

/** The content to store: a customer account's email and name replace the ones typed. */
async function normalized(conn: Db | Tx, input: DraftContent): Promise<DraftContent> {
  if (!input.customer_id) return input;
  const customer = await customerOf(conn, input.customer_id);
  return {
    ...input,
    email: customer.email,
    first_name: customer.first_name || input.first_name,
    last_name: customer.last_name || input.last_name,
  };
}

const contentValues = (c: DraftContent) => ({
  lines: JSON.stringify(c.lines.map((l) => ({ ...l, variant_id: l.variant_id ?? null }))),
  address: c.shipping_address ? JSON.stringify(c.shipping_address) : null,
});

/** Saves a new draft (no stock is held); returns its id. */
export async function createDraft(db: Db, actorId: string, input: DraftContent): Promise<string> {
  const c = await normalized(db, input);
  const v = contentValues(c);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO draft_orders (lines, customer_id, email, first_name, last_name, shipping_address,
        shipping_method_id, pickup, discount_code, note, created_by)
      VALUES (${v.lines}::jsonb, ${c.customer_id}::uuid, ${c.email}, ${c.first_name}, ${c.last_name},
        ${v.address}::jsonb, ${c.shipping_method_id}::uuid, ${c.pickup}, ${c.discount_code}, ${c.note},
        ${actorId}::uuid)
      RETURNING id`,
  );
  return row!.id;
}

/**
 * Replaces an open draft's content, from the version the editor read: the row is locked and its
 * version compared, so of two staff saving at once the second is told to reload (nothing is lost).
 */
export async function updateDraft(db: Db, draftId: string, input: DraftContent & { version: number }) {
  const c = await normalized(db, input);
  const v = contentValues(c);
  await db.transaction(async (tx) => {
    assertEditable(await readDraft(tx, draftId, true), input.version);
    await tx.execute(
      sql`UPDATE draft_orders SET lines = ${v.lines}::jsonb, customer_id = ${c.customer_id}::uuid,
          email = ${c.email}, first_name = ${c.first_name}, last_name = ${c.last_name},
          shipping_address = ${v.address}::jsonb, shipping_method_id = ${c.shipping_method_id}::uuid,
          pickup = ${c.pickup}, discount_code = ${c.discount_code}, note = ${c.note}, version = version + 1, updated_at = now()
        WHERE id = ${draftId}::uuid`,
    );
  });
}

/** Deletes a draft that is still open (a completed one is the record of its order). */
export async function deleteDraft(db: Db, draftId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await readDraft(tx, draftId, true);
    assertEditable(row, row.version);
    await tx.execute(sql`DELETE FROM draft_orders WHERE id = ${draftId}::uuid`);
  });
}

/** The newest drafts first (open and completed), at most 200. */
export async function listDrafts(db: Db): Promise<DraftOrderList> {
  const rows = await queryRows<DraftRow>(db, sql`${DRAFT_SELECT} ORDER BY d.created_at DESC, d.id LIMIT 200`);
  return {
    items: rows.map((r) => ({
      id: r.id,
      draft_number: r.draft_number,
      state: draftState(r),
      customer: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email || 'No customer',
      lines: r.lines.length,
      order_id: r.order_id && draftState(r) !== 'open' ? r.order_id : null,
      order_number: draftState(r) === 'completed' ? r.order_number : null,
      created_by_name: r.created_by_name,
      created_at: r.created_at,
    })),
  };
}

/** The lines with their product's name, variant title, SKU and stock now. */
async function lineViews(db: Db, lines: DraftLine[]): Promise<DraftOrder['lines']> {
  if (lines.length === 0) return [];
  return queryRows<DraftOrder['lines'][number]>(
    db,
    sql`SELECT src.product_id, src.variant_id, src.quantity, coalesce(p.name, 'A product') AS product_name,
        ${variantTitleSql('v')} AS variant_title, coalesce(v.sku, p.sku) AS sku,
        coalesce(v.inventory_level, p.inventory_level) AS inventory_level
      FROM (SELECT (e.line->>'product_id')::uuid AS product_id, (e.line->>'variant_id')::uuid AS variant_id,
          (e.line->>'quantity')::int AS quantity, e.n
        FROM jsonb_array_elements(${JSON.stringify(lines)}::jsonb) WITH ORDINALITY AS e(line, n)) src
      LEFT JOIN products p ON p.id = src.product_id
      LEFT JOIN product_variants v ON v.id = src.variant_id
      ORDER BY src.n`,
  );
}

/** The order's "shipping" when the customer takes the goods: nothing charged, no method id. */
const PICKUP_METHOD: ShippingMethodInput = {
  id: '',
  name: 'No shipping (picked up)',
  deliveryEstimate: null,
  kind: 'flat',
  amountCents: 0,
  freeOverCents: null,
  weightBands: [],
};

/** A draft priced, ready to place: its lines read at today's prices, the priced order and its customer. */
export interface PricedDraft {
  lines: CheckoutLine[];
  pricing: CheckoutPricing;
  email: string;
  firstName: string;
  lastName: string;
  /** Null when the customer takes the goods (pickup). */
  address: DraftContent['shipping_address'];
  method: ShippingMethodInput;
  /** The customer's tax exemption number when they were charged no tax for it. */
  taxExemptionNumber: string | null;
}

/**
 * Prices a draft by the storefront's one price calculation (database prices, zones, discounts, tax):
 * `quote` for the screen (problems in the body), `priced` to place it (the first problem thrown).
 */
export async function priceDraft(
  ctx: CheckoutContext,
  c: DraftContent,
): Promise<{ quote: DraftQuote; priced: PricedDraft | null; problem: AppError | null }> {
  const empty = async (problem: AppError) => ({
    quote: {
      priced: null,
      currency: await loadBaseCurrency(ctx.db),
      shipping_methods: [],
      problem: problem.message,
      code_error: null,
    },
    priced: null,
    problem,
  });
  if (c.lines.length === 0)
    return empty(new AppError('invalid', 'draft_empty', 'Add a product to the order'));
  let read: Awaited<ReturnType<typeof readLinesAndRules>>;
  try {
    read = await readLinesAndRules(ctx, { guestLines: c.lines }, c.discount_code);
  } catch (error) {
    // A gift card is bought with its recipient in the storefront, which issues it on payment (0094).
    if (error instanceof AppError && error.code === 'gift_card_recipient_required') {
      return empty(
        new AppError(
          'unprocessable',
          'gift_card_line',
          'A gift card cannot be added to a draft order: issue one on the Gift cards screen instead',
        ),
      );
    }
    if (error instanceof AppError) return empty(error);
    throw error;
  }
  // A picked-up order ships nothing: no address, no method, taxed where the shop is.
  const address = c.pickup ? null : c.shipping_address;
  // A wholesale customer's draft is priced at their group's prices and their tax exemption.
  const customer = c.customer_id
    ? await readCustomerTerms(
        ctx.db,
        c.customer_id,
        read.lines.map((l) => l.productId),
      )
    : null;
  const pricing = await priceCheckout(ctx.db, {
    wholesale: customer?.terms ?? null,
    taxExemptionNumber: customer?.taxExemptionNumber ?? null,
    lines: read.lines,
    rules: read.rules,
    country: address?.country ?? DEFAULT_COUNTRY,
    state: address?.state_province ?? null,
    postalCode: address?.postal_code ?? null,
    city: address?.city ?? null,
    shippingMethodId: c.pickup ? null : c.shipping_method_id,
    code: c.discount_code,
    customerId: c.customer_id,
    email: c.email,
    taxProvider: ctx.taxProvider,
  });
  const missing: [boolean, string, string][] = [
    [!c.email, 'customer_required', 'Add a customer'],
    [!address && !c.pickup, 'shipping_address_required', 'Add a shipping address'],
  ];
  const first = missing.find(([absent]) => absent);
  const shipped = c.pickup ? { ...pricing, method: PICKUP_METHOD, noShipping: null } : pricing;
  const problem = first ? new AppError('invalid', first[1], first[2]) : refusal(shipped, c.discount_code);
  const quote: DraftQuote = {
    priced: toPricedOrderJson(pricing.priced),
    currency: read.rules.rules.currency,
    shipping_methods: address ? pricing.methods : [],
    problem: problem?.message ?? null,
    code_error: pricing.codeError,
  };
  if (problem || !shipped.method || !c.email) return { quote, priced: null, problem };
  return {
    quote,
    problem: null,
    priced: {
      lines: pricing.lines,
      pricing,
      email: c.email,
      firstName: c.first_name ?? address?.first_name ?? '',
      lastName: c.last_name ?? address?.last_name ?? '',
      address,
      method: shipped.method,
      taxExemptionNumber: pricing.priced.tax === 0 ? (customer?.taxExemptionNumber ?? null) : null,
    },
  };
}

/** A stored draft's content, as the contract's input. */
export function contentOf(row: DraftRow): DraftContent {
  return {
    lines: row.lines.map((l) => ({ ...l, variant_id: l.variant_id ?? null })),
    customer_id: row.customer_id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    shipping_address: row.shipping_address,
    shipping_method_id: row.shipping_method_id,
    pickup: row.pickup,
    discount_code: row.discount_code,
    note: row.note,
  };
}

/** The draft as the back office shows it, priced now. */
export async function getDraft(ctx: CheckoutContext, draftId: string): Promise<DraftOrder> {
  const row = await readDraft(ctx.db, draftId);
  const state = draftState(row);
  const { quote } = await priceDraft(ctx, contentOf(row));
  return {
    ...contentOf(row),
    id: row.id,
    draft_number: row.draft_number,
    state,
    version: row.version,
    lines: await lineViews(ctx.db, row.lines),
    order_id: state === 'open' ? null : row.order_id,
    order_number: state === 'completed' ? row.order_number : null,
    created_by_name: row.created_by_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    quote,
  };
}

/** Who did it, for the timeline: "Dana Staff", or their email. */
export async function actorName(conn: Db | Tx, userId: string): Promise<string> {
  const [row] = await queryRows<{ name: string }>(
    conn,
    sql`SELECT coalesce(NULLIF(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), u.email) AS name
      FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = ${userId}::uuid`,
  );
  return row?.name ?? 'A staff member';
}
