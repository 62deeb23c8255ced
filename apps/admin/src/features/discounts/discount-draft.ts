import type { Discount, DiscountInput, DiscountStatus } from '@cartwheel/shared/contracts/discounts';
import { centsToDollarString, formatMoney, formatPercent } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';

type Kind = Discount['kind'];

/** The editor's fields as typed: numbers stay text until saved, so a half-typed value is kept. */
export interface DiscountDraft {
  title: string;
  code: string;
  automatic: boolean;
  kind: Kind;
  target: Discount['target'];
  /** Percent, "10" for 10%. */
  percent: string;
  /** Dollars, "15.00". */
  amount: string;
  buyQuantity: string;
  getQuantity: string;
  /** Percent off the items they get; "100" is free. */
  getPercent: string;
  productIds: string[];
  categoryIds: string[];
  minSubtotal: string;
  minQuantity: string;
  /** datetime-local values in the browser's time zone, "" for none. */
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  oncePerCustomer: boolean;
  combinable: boolean;
  isActive: boolean;
}

export function emptyDraft(): DiscountDraft {
  return {
    title: '',
    code: '',
    automatic: false,
    kind: 'percentage',
    target: 'order',
    percent: '10',
    amount: '',
    buyQuantity: '2',
    getQuantity: '1',
    getPercent: '100',
    productIds: [],
    categoryIds: [],
    minSubtotal: '',
    minQuantity: '',
    startsAt: '',
    endsAt: '',
    usageLimit: '',
    oncePerCustomer: false,
    combinable: false,
    isActive: true,
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

export function discountToDraft(d: Discount): DiscountDraft {
  return {
    title: d.title,
    code: d.code ?? '',
    automatic: d.code === null,
    kind: d.kind,
    target: d.target,
    percent: bpsText(d.percent_bps),
    amount: d.amount_cents === null ? '' : centsToDollarString(d.amount_cents),
    buyQuantity: countText(d.buy_quantity),
    getQuantity: countText(d.get_quantity),
    getPercent: bpsText(d.get_percent_bps) || '100',
    productIds: d.product_ids,
    categoryIds: d.category_ids,
    minSubtotal: d.min_subtotal_cents === null ? '' : centsToDollarString(d.min_subtotal_cents),
    minQuantity: countText(d.min_quantity),
    startsAt: toLocalInput(d.starts_at),
    endsAt: toLocalInput(d.ends_at),
    usageLimit: countText(d.usage_limit),
    oncePerCustomer: d.once_per_customer,
    combinable: d.combinable,
    isActive: d.is_active,
  };
}

/**
 * A typed number as the API wants it: empty is null, a number is scaled (100 for dollars to cents
 * and percent to basis points) and rounded, anything else is sent as typed so the server's field
 * message says what is wrong with it.
 */
export function numberField(text: string, scale = 1): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? Math.round(n * scale) : trimmed;
}

const instant = (local: string) => (local ? new Date(local).toISOString() : null);

/** The POST/PUT body: only the fields the kind uses carry values (the server keeps only those). */
export function draftToInput(d: DiscountDraft): DiscountInput {
  const is = (...kinds: Kind[]) => kinds.includes(d.kind);
  // Numbers go as typed when they are not numbers: the server answers with the field's message.
  const input = {
    title: d.title,
    code: d.automatic ? null : d.code,
    kind: d.kind,
    target: is('percentage', 'fixed_amount') ? d.target : 'order',
    percent_bps: is('percentage') ? numberField(d.percent, 100) : null,
    amount_cents: is('fixed_amount') ? numberField(d.amount, 100) : null,
    buy_quantity: is('buy_x_get_y') ? numberField(d.buyQuantity) : null,
    get_quantity: is('buy_x_get_y') ? numberField(d.getQuantity) : null,
    get_percent_bps: is('buy_x_get_y') ? numberField(d.getPercent, 100) : null,
    product_ids: d.productIds,
    category_ids: d.categoryIds,
    min_subtotal_cents: numberField(d.minSubtotal, 100),
    min_quantity: numberField(d.minQuantity),
    starts_at: instant(d.startsAt),
    ends_at: instant(d.endsAt),
    usage_limit: numberField(d.usageLimit),
    once_per_customer: d.oncePerCustomer,
    combinable: d.combinable,
    is_active: d.isActive,
  };
  return input as DiscountInput;
}

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
          ? `${formatMoney(d.amount_cents ?? 0)} off the order`
          : `${formatMoney(d.amount_cents ?? 0)} off each eligible item`;
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
  if (d.min_subtotal_cents) return `${what} · orders of ${formatMoney(d.min_subtotal_cents)} or more`;
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
