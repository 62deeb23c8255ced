import { formatMoney } from '@cartwheel/shared/money';
import type { PaymentLine } from '../payments/payment-provider.ts';
import type { PricedOrder } from './types.ts';

export interface PaymentLines {
  /** The goods at what the shopper pays for them, discounts already taken off. */
  lines: PaymentLine[];
  shippingAmount: number;
  /** Tax added on top of the prices; 0 when prices include tax (it is inside the lines already). */
  taxAmount: number;
  /** Σ unitAmount × quantity + shippingAmount + taxAmount: the priced order's total. */
  amount: number;
}

/**
 * The lines a payment provider shows and charges, adding up exactly to the priced total. A discounted
 * line is charged at its total after discounts; when that does not divide by its quantity it becomes
 * two lines (some units one cent dearer), since a provider takes one whole-cent price per line.
 * `labels` names each line by its key ("T-shirt (Blue / M)").
 */
export function paymentLines(
  priced: PricedOrder,
  labels: Readonly<Record<string, string>>,
  currency: string,
): PaymentLines {
  const lines: PaymentLine[] = [];
  for (const line of priced.lines) {
    const name = labels[line.key] ?? line.key;
    const description =
      line.discount > 0 ? `Discounted from ${formatMoney(line.unitPrice, currency)} each` : null;
    const base = Math.floor(line.total / line.quantity);
    const dearer = line.total - base * line.quantity;
    if (dearer > 0) lines.push({ name, unitAmount: base + 1, quantity: dearer, description });
    if (line.quantity > dearer) {
      lines.push({ name, unitAmount: base, quantity: line.quantity - dearer, description });
    }
  }
  const taxAmount = priced.taxLines.reduce((s, t) => s + (t.inclusive ? 0 : t.amount), 0);
  const amount = lines.reduce((s, l) => s + l.unitAmount * l.quantity, 0) + priced.shipping + taxAmount;
  if (amount !== priced.total) {
    throw new Error(`payment lines add up to ${amount}, the order's total is ${priced.total}`);
  }
  return { lines, shippingAmount: priced.shipping, taxAmount, amount };
}
