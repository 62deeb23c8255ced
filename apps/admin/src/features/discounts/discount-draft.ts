import {
  DISCOUNT_TARGETS,
  type Discount,
  type DiscountInput,
  type DiscountStatus,
  discountInput,
} from '@cartwheel/shared/contracts/discounts';
import { DISCOUNT_KINDS } from '@cartwheel/shared/contracts/pricing';
import { formatMoney, formatPercent, toMajorString } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import { z } from 'zod';
import { typedBasisPoints, typedMinorUnits, typedNumber } from '../../lib/form-input.ts';

type Kind = Discount['kind'];

/**
 * The editor's fields as typed, named after the body's fields they become (numbers stay text, so a
 * half-typed value is kept): the contract's messages, and the server's, land on them.
 */
const discountFormValues = z.object({
  title: z.string(),
  code: z.string(),
  /** No code: the discount applies by itself. */
  automatic: z.boolean(),
  kind: z.enum(DISCOUNT_KINDS),
  target: z.enum(DISCOUNT_TARGETS),
  /** Percent, "10" for 10%. */
  percent_bps: z.string(),
  /** Dollars, "15.00". */
  amount_cents: z.string(),
  buy_quantity: z.string(),
  get_quantity: z.string(),
  /** Percent off the items they get; "100" is free. */
  get_percent_bps: z.string(),
  product_ids: z.array(z.string()),
  category_ids: z.array(z.string()),
  /** Dollars. */
  min_subtotal_cents: z.string(),
  min_quantity: z.string(),
  /** datetime-local values in the browser's time zone, "" for none. */
  starts_at: z.string(),
  ends_at: z.string(),
  usage_limit: z.string(),
  once_per_customer: z.boolean(),
  combinable: z.boolean(),
  is_active: z.boolean(),
});
export type DiscountFormValues = z.input<typeof discountFormValues>;

export function emptyDraft(): DiscountFormValues {
  return {
    title: '',
    code: '',
    automatic: false,
    kind: 'percentage',
    target: 'order',
    percent_bps: '10',
    amount_cents: '',
    buy_quantity: '2',
    get_quantity: '1',
    get_percent_bps: '100',
    product_ids: [],
    category_ids: [],
    min_subtotal_cents: '',
    min_quantity: '',
    starts_at: '',
    ends_at: '',
    usage_limit: '',
    once_per_customer: false,
    combinable: false,
    is_active: true,
  };
}

const bpsText = (bps: number | null) => (bps === null ? '' : String(bps / 100));
const countText = (n: number | null) => (n === null ? '' : String(n));

/** An ISO instant as a datetime-local value in this browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function discountToDraft(d: Discount): DiscountFormValues {
  return {
    title: d.title,
    code: d.code ?? '',
    automatic: d.code === null,
    kind: d.kind,
    target: d.target,
    percent_bps: bpsText(d.percent_bps),
    amount_cents: d.amount_cents === null ? '' : toMajorString(d.amount_cents, d.currency),
    buy_quantity: countText(d.buy_quantity),
    get_quantity: countText(d.get_quantity),
    get_percent_bps: bpsText(d.get_percent_bps) || '100',
    product_ids: d.product_ids,
    category_ids: d.category_ids,
    min_subtotal_cents: d.min_subtotal_cents === null ? '' : toMajorString(d.min_subtotal_cents, d.currency),
    min_quantity: countText(d.min_quantity),
    starts_at: toLocalInput(d.starts_at),
    ends_at: toLocalInput(d.ends_at),
    usage_limit: countText(d.usage_limit),
    once_per_customer: d.once_per_customer,
    combinable: d.combinable,
    is_active: d.is_active,
  };
}

const instant = (local: string) => (local ? new Date(local).toISOString() : null);

/** The POST/PUT body: only the fields the kind uses carry values (the server keeps only those). */
export function draftToInput(d: z.output<typeof discountFormValues>, currency: string): DiscountInput {
  const is = (...kinds: Kind[]) => kinds.includes(d.kind);
  return {
    title: d.title,
    code: d.automatic ? null : d.code,
    kind: d.kind,
    target: is('percentage', 'fixed_amount') ? d.target : 'order',
    percent_bps: is('percentage') ? typedBasisPoints(d.percent_bps) : null,
    amount_cents: is('fixed_amount') ? typedMinorUnits(d.amount_cents, currency) : null,
    buy_quantity: is('buy_x_get_y') ? typedNumber(d.buy_quantity) : null,
    get_quantity: is('buy_x_get_y') ? typedNumber(d.get_quantity) : null,
    get_percent_bps: is('buy_x_get_y') ? typedBasisPoints(d.get_percent_bps) : null,
    product_ids: d.product_ids,
    category_ids: d.category_ids,
    min_subtotal_cents: typedMinorUnits(d.min_subtotal_cents, currency),
    min_quantity: typedNumber(d.min_quantity),
    starts_at: instant(d.starts_at),
    ends_at: instant(d.ends_at),
    usage_limit: typedNumber(d.usage_limit),
    once_per_customer: d.once_per_customer,
    combinable: d.combinable,
    is_active: d.is_active,
  };
}

/**
 * The editor's values checked by the discount contract; what passes is the body to send. Amounts are
 * typed in `currency`, the base currency the server stamps on the discount.
 */
export const discountForm = (currency: string) =>
  discountFormValues.transform((d) => draftToInput(d, currency)).pipe(discountInput);

/** "10% off the order", "$15.00 off each item", "Free shipping", "Buy 2 get 1 free", with its minimum. */
export function describeDiscount(d: Discount): string {
  const where = d.target === 'order' ? 'the order' : 'eligible items';
  let what: string;
  switch (d.kind) {
    case 'percentage':
      what = `${formatPercent(d.percent_bps ?? 0)} off ${where}`;
      break;
    case 'fixed_amount':
      what =
        d.target === 'order'
          ? `${formatMoney(d.amount_cents ?? 0, d.currency)} off the order`
          : `${formatMoney(d.amount_cents ?? 0, d.currency)} off each eligible item`;
      break;
    case 'free_shipping':
      what = 'Free shipping';
      break;
    default: {
      const off =
        (d.get_percent_bps ?? 10_000) >= 10_000 ? 'free' : `${formatPercent(d.get_percent_bps ?? 0)} off`;
      what = `Buy ${d.buy_quantity ?? 0} get ${d.get_quantity ?? 0} ${off}`;
    }
  }
  if (d.min_subtotal_cents)
    return `${what} · orders of ${formatMoney(d.min_subtotal_cents, d.currency)} or more`;
  if (d.min_quantity) return `${what} · ${plural(d.min_quantity, 'item')} or more`;
  return what;
}

/** "3 / 10", or "3 used" without a limit; uses held by unpaid checkouts in brackets. */
export function usesText(d: Discount): string {
  const used = d.usage_limit === null ? `${d.times_used} used` : `${d.times_used} / ${d.usage_limit}`;
  return d.times_held > 0 ? `${used} (${d.times_held} in checkout)` : used;
}

export const STATUS_LABELS: Record<DiscountStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  disabled: 'Disabled',
};

/** A code nobody will guess or mistype: 8 letters and digits without 0/O and 1/I. */
export function randomCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
