import type { PricedOrderJson } from '@cartwheel/shared/contracts/pricing';
import type { PricedOrder } from './types.ts';

/** A priced order as the API sends it (snake_case, packages/shared/src/contracts/pricing.ts). */
export function toPricedOrderJson(priced: PricedOrder): PricedOrderJson {
  return {
    lines: priced.lines.map((l) => ({
      key: l.key,
      unit_price: l.unitPrice,
      quantity: l.quantity,
      subtotal: l.subtotal,
      discount: l.discount,
      total: l.total,
      tax: l.tax,
    })),
    discounts: priced.discounts.map((d) => ({
      id: d.id,
      code: d.code,
      title: d.title,
      kind: d.kind,
      amount: d.amount,
      line_amounts: d.lineAmounts.map((a) => ({ key: a.key, amount: a.amount })),
      shipping_amount: d.shippingAmount,
    })),
    rejected: priced.rejected.map((r) => ({
      id: r.id,
      code: r.code,
      reason: r.reason,
      message: r.message,
      ...(r.shortBy ? { short_by: r.shortBy } : {}),
      ...(r.minItems !== undefined ? { min_items: r.minItems } : {}),
    })),
    subtotal: priced.subtotal,
    discount_total: priced.discountTotal,
    shipping: priced.shipping,
    shipping_before_discount: priced.shippingBeforeDiscount,
    tax: priced.tax,
    tax_lines: priced.taxLines.map((t) => ({
      name: t.name,
      rate_bps: t.rateBps,
      amount: t.amount,
      inclusive: t.inclusive,
    })),
    total: priced.total,
  };
}
