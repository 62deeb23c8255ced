// What happened to the demo's orders besides being placed: the discount codes some of them used (priced
// by the one price calculation, as a checkout would), the shipments with carriers and tracking numbers,
// and the refunds (the whole order for a cancelled paid one, one unit of a line for a few delivered
// ones). Pure: rows in, rows out, the same every time.
import { createHash } from 'node:crypto';
import { type DemoDiscount, demoDiscounts } from '../../modules/discounts/demo-discounts.ts';
import type { discountRedemptions } from '../../modules/discounts/discounts.schema.ts';
import { discountInMarket, methodInMarket } from '../../modules/markets/checkout-prices.ts';
import type { MarketPricing } from '../../modules/markets/market-cache.ts';
import type {
  fulfilmentLines,
  fulfilments,
  refundLines,
  refunds,
} from '../../modules/orders/after-sale.schema.ts';
import type { orderDiscounts } from '../../modules/orders/orders.schema.ts';
import {
  type PricedOrder,
  type PricingDiscount,
  priceOrder,
  type ShippingMethodInput,
} from '../../modules/pricing/price-order.ts';
import type { TaxInput } from '../../modules/pricing/types.ts';
import { FREE_SHIPPING_FROM, STANDARD_SHIPPING } from './demo-data.ts';
import { demoTaxLines } from './demo-market-orders.ts';
import { seedId } from './seed-id.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A demo order sold in another market: its prices, and the taxes of the place it ships to. */
export interface DemoMarketSale {
  pricing: MarketPricing;
  tax: TaxInput | null;
}

/**
 * How a demo order is priced: its lines at their unit prices, standard shipping, and a code if it used
 * one. In another market, as checkout prices it (markets/checkout-prices.ts): the lines already at the
 * market's prices, shipping and a fixed discount converted to its currency, the place's taxes.
 */
export function priceDemoOrder(
  lines: ReadonlyArray<{ key: string; productId: string; unitPrice: number; quantity: number }>,
  discount: (DemoDiscount & { id: string }) | null,
  sale?: DemoMarketSale,
): PricedOrder {
  const method: ShippingMethodInput = {
    id: 'standard',
    name: 'Standard',
    deliveryEstimate: null,
    kind: 'free_over',
    amountCents: STANDARD_SHIPPING,
    freeOverCents: FREE_SHIPPING_FROM,
    weightBands: [],
  };
  const pricing = discount ? toPricing(discount) : null;
  return priceOrder({
    lines: lines.map((l) => ({ ...l, variantId: null, categoryIds: [], weightGrams: 0 })),
    discounts: pricing ? [sale ? discountInMarket(sale.pricing, pricing) : pricing] : [],
    shippingMethod: sale ? methodInMarket(sale.pricing, method) : method,
    tax: sale?.tax ?? null,
  });
}

/** The demo's discount codes as rows, by code, dated `now`. */
export function demoCodeRows(now: Date) {
  return new Map(
    demoDiscounts(now).map((d) => [
      d.code,
      { ...d, id: seedId(`discount:${d.code}`), createdAt: now, updatedAt: now },
    ]),
  );
}

function toPricing(d: DemoDiscount & { id: string }): PricingDiscount {
  return {
    id: d.id,
    title: d.title,
    code: d.code ?? null,
    currency: 'USD',
    kind: d.kind,
    target: 'order',
    percentBps: d.percentBps ?? null,
    amountCents: d.amountCents ?? null,
    productIds: [],
    categoryIds: [],
    minSubtotalCents: d.minSubtotalCents ?? null,
    minQuantity: null,
    combinable: false,
    buyQuantity: null,
    getQuantity: null,
    getPercentBps: null,
  };
}

/** One demo order as built, with what the after-sale rows need to know of it. */
export interface BuiltDemoOrder {
  id: string;
  number: number;
  placed: number;
  status: string;
  paymentStatus: string;
  customerId: string | null;
  email: string;
  priced: PricedOrder;
  /** The currency it was sold in. */
  currency: string;
  items: ReadonlyArray<{ id: string; quantity: number; fulfilled: number; refunded: number }>;
}

const CARRIERS = ['usps', 'ups', 'fedex'] as const;

/** A tracking number shaped like the carrier's own (digits for USPS and FedEx, 1Z... for UPS). */
function trackingNumber(carrier: (typeof CARRIERS)[number], key: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(key).digest('hex')}`)
    .toString()
    .padStart(40, '0');
  if (carrier === 'usps') return `9400${digits.slice(0, 18)}`;
  if (carrier === 'fedex') return digits.slice(0, 12);
  return `1Z${digits.slice(0, 16)}`;
}

/**
 * The rows of an order's discount, shipments, refunds and tax lines. `at` moves a demo time to the seeding clock.
 * A partial refund (`paymentStatus` partially_refunded) gives back one unit of the first refunded line.
 */
export function afterSaleRows(order: BuiltDemoOrder, at: (ms: number) => Date) {
  const discountRows: Array<typeof orderDiscounts.$inferInsert> = order.priced.discounts.map(
    (d, position) => ({
      id: seedId(`order-discount:${order.number}:${position}`),
      orderId: order.id,
      discountId: d.id,
      code: d.code,
      title: d.title,
      kind: d.kind,
      amount: d.amount,
      shippingAmount: d.shippingAmount,
      position,
    }),
  );
  // A checkout that expired unpaid released its use, as a real one does (redemptions.ts).
  const paid = order.paymentStatus !== 'unpaid' && order.paymentStatus !== 'failed';
  const redemptionRows: Array<typeof discountRedemptions.$inferInsert> = (
    paid ? order.priced.discounts : []
  ).map((d) => ({
    id: seedId(`redemption:${order.number}:${d.id}`),
    discountId: d.id,
    orderId: order.id,
    customerId: order.customerId,
    email: order.email,
    oncePerCustomer: d.code === 'WELCOME10',
    status: 'confirmed',
    createdAt: at(order.placed + 2 * 60_000),
  }));

  const shipped = order.items.filter((i) => i.fulfilled > 0);
  const shipmentRows: Array<typeof fulfilments.$inferInsert> = [];
  const shipmentLineRows: Array<typeof fulfilmentLines.$inferInsert> = [];
  if (shipped.length) {
    const id = seedId(`fulfilment:${order.number}`);
    const carrier = CARRIERS[order.number % CARRIERS.length] as (typeof CARRIERS)[number];
    shipmentRows.push({
      id,
      orderId: order.id,
      carrier,
      trackingNumber: trackingNumber(carrier, `tracking:${order.number}`),
      createdAt: at(order.placed + DAY),
      deliveredAt: order.status === 'delivered' ? at(order.placed + 4 * DAY) : null,
    });
    for (const item of shipped) {
      shipmentLineRows.push({ fulfilmentId: id, orderItemId: item.id, quantity: item.fulfilled });
    }
  }

  const refundRows: Array<typeof refunds.$inferInsert> = [];
  const refundLineRows: Array<typeof refundLines.$inferInsert> = [];
  const refunded = order.items.filter((i) => i.refunded > 0);
  if (
    refunded.length &&
    (order.paymentStatus === 'refunded' || order.paymentStatus === 'partially_refunded')
  ) {
    const whole = order.paymentStatus === 'refunded';
    const id = seedId(`refund:${order.number}`);
    const when = at(order.placed + (whole ? DAY : 8 * DAY));
    // Tax added to the prices goes back with them; tax inside the prices is in the line totals.
    const added = order.priced.taxLines.some((t) => !t.inclusive);
    let amount = whole
      ? order.priced.shipping + (added ? order.priced.tax - sumLineTax(order.priced) : 0)
      : 0;
    let taxAmount = whole && added ? order.priced.tax - sumLineTax(order.priced) : 0;
    for (const item of refunded) {
      const line = order.priced.lines[order.items.indexOf(item)];
      if (!line) continue;
      // The line's units are refunded at what was paid for them (after the discount, with added tax).
      const lineTax = added ? Math.floor((line.tax * item.refunded) / line.quantity) : 0;
      const lineAmount = Math.floor((line.total * item.refunded) / line.quantity) + lineTax;
      amount += lineAmount;
      taxAmount += lineTax;
      refundLineRows.push({
        refundId: id,
        orderItemId: item.id,
        quantity: item.refunded,
        amount: lineAmount,
      });
    }
    refundRows.push({
      id,
      orderId: order.id,
      status: 'succeeded',
      amount,
      currency: order.currency,
      shippingAmount: whole ? order.priced.shipping : 0,
      taxAmount,
      reason: whole ? 'Cancelled at the customer’s request' : 'Arrived damaged',
      restock: whole,
      provider: 'local',
      providerRefundId: `demo_re_${order.number}`,
      createdAt: when,
      succeededAt: when,
    });
  }
  const taxLineRows = demoTaxLines(order.number, order.id, order.priced);
  return {
    discountRows,
    redemptionRows,
    shipmentRows,
    shipmentLineRows,
    refundRows,
    refundLineRows,
    taxLineRows,
  };
}

/** The tax on an order's lines (the rest of its tax is on shipping). */
const sumLineTax = (priced: PricedOrder) => priced.lines.reduce((sum, l) => sum + l.tax, 0);
