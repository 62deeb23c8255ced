import { formatPercent } from './money.ts';

/** What an order's totals are made of (the admin's, the shopper's and the email's view of an order). */
export interface OrderTotalsInput {
  subtotal_amount: number;
  /** After a free-shipping discount. */
  shipping_amount: number;
  shipping_method?: string | null;
  tax_amount: number;
  total_amount: number;
  discounts: ReadonlyArray<{ code: string | null; title: string; amount: number; shipping_amount: number }>;
  tax_lines: ReadonlyArray<{ name: string; rate_bps: number; amount: number; inclusive: boolean }>;
}

export interface OrderTotalRow {
  kind: 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total';
  label: string;
  /** Cents; a discount's is what it takes off (shown with a minus). */
  amount: number;
}

/** A tax inside the prices, as the receipt states it under the total: "Includes VAT 19%". */
interface IncludedTax {
  label: string;
  /** The tax's own name and rate, for a page that words the label in its language. */
  name: string;
  rate_bps: number;
  amount: number;
}

/** "Includes VAT 19%" for a tax line whose amount is inside the prices. */
function includedTaxLabel(t: { name: string; rate_bps: number }): string {
  return `Includes ${t.name} ${formatPercent(t.rate_bps)}`;
}

/**
 * The rows every order page and the confirmation email show, in order: subtotal, each discount,
 * shipping before a free-shipping discount, each tax added to the prices, total. They add up:
 * subtotal − Σ discounts + shipping + Σ taxes = total. Taxes included in the prices are not rows:
 * each is stated under the total (`included`: "Includes VAT 19%: €4.47").
 */
export function orderTotalRows(order: OrderTotalsInput): { rows: OrderTotalRow[]; included: IncludedTax[] } {
  const shippingOff = order.discounts.reduce((sum, d) => sum + d.shipping_amount, 0);
  const added = order.tax_lines.filter((t) => !t.inclusive);
  // Orders priced before tax lines were kept have only the total tax.
  const legacyTax = order.tax_lines.length === 0 && order.tax_amount > 0;
  const rows: OrderTotalRow[] = [
    { kind: 'subtotal', label: 'Subtotal', amount: order.subtotal_amount },
    ...order.discounts.map(
      (d): OrderTotalRow => ({
        kind: 'discount',
        label: d.code ? `Discount (${d.code})` : d.title,
        amount: d.amount,
      }),
    ),
    {
      kind: 'shipping',
      label: order.shipping_method ? `Shipping (${order.shipping_method})` : 'Shipping',
      amount: order.shipping_amount + shippingOff,
    },
    ...added.map(
      (t): OrderTotalRow => ({
        kind: 'tax',
        label: `${t.name} (${formatPercent(t.rate_bps)})`,
        amount: t.amount,
      }),
    ),
    ...(legacyTax ? [{ kind: 'tax', label: 'Tax', amount: order.tax_amount } as OrderTotalRow] : []),
    { kind: 'total', label: 'Total', amount: order.total_amount },
  ];
  const included = order.tax_lines
    .filter((t) => t.inclusive && t.amount > 0)
    .map((t) => ({ label: includedTaxLabel(t), name: t.name, rate_bps: t.rate_bps, amount: t.amount }));
  return { rows, included };
}
