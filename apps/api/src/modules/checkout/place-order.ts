import type { CustomerInfo } from '@cartwheel/shared/contracts/checkout';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryPrepared, type Tx } from '../../db/client.ts';
import { BASE_CURRENCY_SQL } from '../accounts/base-currency.ts';
import type { OrderInMarket } from '../markets/checkout-prices.ts';
import type { PricedOrder, ShippingMethodInput } from '../pricing/price-order.ts';
import type { CheckoutLine } from './checkout-lines.ts';
import { stockContextSql } from './stock-context.ts';

/** Everything the pending checkout records: who, where, the priced lines, discounts and taxes. */
export interface CheckoutRecord {
  customerId: string | null;
  guestKey: string | null;
  info: CustomerInfo;
  lines: CheckoutLine[];
  priced: PricedOrder;
  method: ShippingMethodInput;
  /** False when nothing ships (a Point of Sale order picked up): the order keeps no address. */
  shipsTo?: boolean;
  providerName: string;
  holdMinutes: number;
  /** Where the order comes from: the storefront's checkout unless a draft order placed it. */
  source?: 'web' | 'draft' | 'pos';
  /** The storefront language of the checkout (its emails' language); English when absent. */
  locale?: string | undefined;
  /** The market's currency, rate and base amounts; absent: the base currency as the table's default. */
  market?: OrderInMarket;
  /** The buyer's tax exemption number, when they were charged no tax for it (decision 0093). */
  taxExemptionNumber?: string | null;
  /** The staff member placing it (a draft order), for the stock history. */
  staffId?: string | null;
}

/**
 * One statement: take the stock (the `take` CTEs, which count the rows moved as `moved`) and, only
 * when all `stockRows` rows were taken, create the checkout (no order number yet) with a snapshot of
 * each line, its discounts and its tax lines. A statement is atomic, so a short line writes nothing.
 * `crossedWarning`: how many stock rows this take brought down to their warning level.
 */
export async function placeCheckout(
  conn: Db | Tx,
  take: { ctes: SQL; moved: SQL; crossedWarning: SQL },
  stockRowCount: number,
  r: CheckoutRecord,
): Promise<{ id: string; expiresAt: Date; crossedWarning: number } | null> {
  const { info, priced, market: m } = r;
  const shippingAddress = {
    first_name: info.firstName,
    last_name: info.lastName,
    address_line_1: info.address,
    address_line_2: info.addressLine2 || null,
    city: info.city,
    state_province: info.state || null,
    postal_code: info.postalCode,
    country: info.country,
    ...(info.phone ? { phone: info.phone } : {}),
  };
  const pricedByKey = new Map(priced.lines.map((l) => [l.key, l]));
  const items = r.lines.map((l) => {
    const p = pricedByKey.get(l.key);
    return {
      product_id: l.productId,
      variant_id: l.variantId,
      product_name: l.productName,
      variant_title: l.variantTitle,
      product_sku: l.sku,
      image_url: l.imageUrl,
      quantity: l.quantity,
      price_per_item: l.unitPrice,
      cost_per_item: l.cost,
      total_amount: p?.total ?? l.unitPrice * l.quantity,
      discount_amount: p?.discount ?? 0,
      tax_amount: p?.tax ?? 0,
      gift_card: l.giftCard,
    };
  });
  const lineDiscount = priced.lines.reduce((sum, l) => sum + l.discount, 0);
  const codes = priced.discounts.flatMap((d) => (d.code ? [d.code] : []));
  const inclusive = priced.taxLines.some((t) => t.inclusive);
  const discounts = priced.discounts.map((d, position) => ({
    discount_id: d.id,
    code: d.code,
    title: d.title,
    kind: d.kind,
    amount: d.amount,
    shipping_amount: d.shippingAmount,
    position,
  }));
  const taxes = priced.taxLines.map((t, position) => ({
    name: t.name,
    rate_bps: t.rateBps,
    amount: t.amount,
    inclusive: t.inclusive,
    position,
  }));
  // A discount id from elsewhere than the discounts table (none today) is kept as NULL.
  const uuidOrNull = (column: SQL) =>
    sql`CASE WHEN ${column} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN ${column}::uuid END`;
  const [row] = await queryPrepared<{ id: string | null; expires_at: string | null; crossed: number }>(
    conn,
    sql`WITH ${take.ctes},
      o AS (
        INSERT INTO orders (order_number, customer_id, guest_checkout_key, customer_email, customer_first_name,
          customer_last_name, shipping_address, shipping_method, shipping_method_id, shipping_delivery_estimate,
          subtotal_amount, discount_amount, discount_codes, shipping_amount, tax_amount, tax_inclusive,
          total_amount, marketing_opt_in, payment_provider, source, locale, expires_at,
          currency, exchange_rate, base_subtotal_amount, base_discount_amount, base_shipping_amount,
          base_tax_amount, base_total_amount, tax_exemption_number)
        SELECT NULL, ${r.customerId}::uuid, ${r.guestKey}, ${info.email}, ${info.firstName}, ${info.lastName},
          ${r.shipsTo === false ? null : JSON.stringify(shippingAddress)}::jsonb, ${r.method.name}, ${uuidOrNull(sql`${r.method.id}::text`)},
          ${r.method.deliveryEstimate}, ${priced.subtotal}::int, ${lineDiscount}::int,
          ${`{${codes.map((c) => JSON.stringify(c)).join(',')}}`}::text[], ${priced.shipping}::int,
          ${priced.tax}::int, ${inclusive}, ${priced.total}::int, ${info.marketing_opt_in ?? false}, ${r.providerName},
          ${r.source ?? 'web'}, ${r.locale ?? 'en'},
          -- The hold lasts this long; then the sweeper cancels the checkout and returns the stock.
          now() + make_interval(mins => ${r.holdMinutes}::int),
          COALESCE(${m?.currency ?? null}::text, ${BASE_CURRENCY_SQL}), COALESCE(${m?.exchangeRate ?? null}::numeric, 1),
          ${m?.base.subtotal ?? null}::int, ${m?.base.discount ?? null}::int, ${m?.base.shipping ?? null}::int,
          ${m?.base.tax ?? null}::int, ${m?.base.total ?? null}::int, ${r.taxExemptionNumber ?? null}::text
        WHERE ${take.moved} = ${stockRowCount}::int
        RETURNING id, expires_at),
      items AS (
        INSERT INTO order_items (order_id, product_id, variant_id, product_name, variant_title, product_sku,
          image_url, quantity, price_per_item, cost_per_item, total_amount, discount_amount, tax_amount, gift_card)
        SELECT o.id, x.product_id, x.variant_id, x.product_name, x.variant_title, x.product_sku,
          x.image_url, x.quantity, x.price_per_item, x.cost_per_item, x.total_amount, x.discount_amount,
          x.tax_amount, x.gift_card
        FROM o, jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS x(product_id uuid, variant_id uuid,
          product_name text, variant_title text, product_sku text, image_url text, quantity int, price_per_item int,
          cost_per_item int, total_amount int, discount_amount int, tax_amount int, gift_card jsonb))
      ${
        discounts.length
          ? sql`, discounts AS (
        INSERT INTO order_discounts (order_id, discount_id, code, title, kind, amount, shipping_amount, position)
        SELECT o.id, ${uuidOrNull(sql`x.discount_id`)}, x.code, x.title, x.kind, x.amount, x.shipping_amount,
          x.position
        FROM o, jsonb_to_recordset(${JSON.stringify(discounts)}::jsonb) AS x(discount_id text, code text,
          title text, kind text, amount int, shipping_amount int, position int))`
          : sql``
      }
      ${
        taxes.length
          ? sql`, taxes AS (
        INSERT INTO order_tax_lines (order_id, name, rate_bps, amount, inclusive, position)
        SELECT o.id, x.name, x.rate_bps, x.amount, x.inclusive, x.position
        FROM o, jsonb_to_recordset(${JSON.stringify(taxes)}::jsonb) AS x(name text, rate_bps numeric, amount int,
          inclusive boolean, position int))`
          : sql``
      }
      SELECT o.id, to_json(o.expires_at) #>> '{}' AS expires_at, ${take.crossedWarning} AS crossed,
        ${stockContextSql({ reason: 'sale', ref: sql`o.id`, near: r.shipsTo === false ? null : info.country, staffId: r.staffId ?? null })} AS stock_context
      FROM (SELECT 1) one LEFT JOIN o ON true`,
  );
  if (!row?.id || row.expires_at === null) return null;
  return { id: row.id, expiresAt: new Date(row.expires_at), crossedWarning: Number(row.crossed) };
}
