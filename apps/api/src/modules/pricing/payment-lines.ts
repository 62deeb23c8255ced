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

/**
 * The lines a payment provider charges when gift cards or store credit already pay `tendered` of the
 * order: taken off the goods from the last line up, then the shipping, then the tax, so the lines
 * still add up exactly to what the provider charges. A provider takes no negative line.
 */
export function lessTendered(pay: PaymentLines, tendered: number): PaymentLines {
  if (tendered <= 0) return pay;
  if (tendered >= pay.amount) throw new Error(`tenders pay ${tendered} of ${pay.amount}: nothing to charge`);
  let left = tendered;
  const lines: PaymentLine[] = [];
  for (const line of [...pay.lines].reverse()) {
    const whole = line.unitAmount * line.quantity;
    const take = Math.min(left, whole);
    left -= take;
    const rest = whole - take;
    if (take === 0) lines.unshift(line);
    else if (rest > 0) {
      const base = Math.floor(rest / line.quantity);
      const dearer = rest - base * line.quantity;
      const description = 'Part paid by gift card or store credit';
      if (line.quantity > dearer) {
        lines.unshift({ ...line, description, unitAmount: base, quantity: line.quantity - dearer });
      }
      if (dearer > 0) lines.unshift({ ...line, description, unitAmount: base + 1, quantity: dearer });
    }
  }
  const shippingAmount = pay.shippingAmount - Math.min(left, pay.shippingAmount);
  left -= pay.shippingAmount - shippingAmount;
  const taxAmount = pay.taxAmount - left;
  const amount = pay.amount - tendered;
  return { lines, shippingAmount, taxAmount, amount };
}
