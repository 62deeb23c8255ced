import { percentOf } from './allocate.ts';

/**
 * One entry of a customer group's price list (docs/decisions/0093-wholesale-customers.md). Its scope
 * is a variant (variantId), a product's every variant (productId alone), a category's products
 * (categoryId) or the whole catalog (none). It sets a fixed unit price in one currency or takes a
 * percentage off the retail price, from `minQuantity` units of the line on (more than 1: a tier).
 */
export interface PriceListEntry {
  productId: string | null;
  variantId: string | null;
  categoryId: string | null;
  minQuantity: number;
  /** A fixed unit price in minor units of `currency`; null when the entry is a percentage. */
  price: number | null;
  currency: string | null;
  /** Basis points off the retail unit price (1000 = 10%); null when the entry is a fixed price. */
  percentOffBps: number | null;
}

/** What a buyer's group brings to pricing: its price lists' entries, all of them in force. */
export interface GroupPriceList {
  groupId: string;
  entries: PriceListEntry[];
}

/** What pricing a line needs: what it is, its retail unit price in `currency`, and how many. */
export interface LineToPrice {
  productId: string;
  variantId: string | null;
  categoryIds: readonly string[];
  unitPrice: number;
  quantity: number;
  /** A gift card (decision 0094): money at its face value, which no price list lowers. */
  digital?: boolean | undefined;
}

/** One step of a line's tiers: from `minQuantity` units on, each costs `unitPrice`. */
export interface PriceTier {
  minQuantity: number;
  unitPrice: number;
}

function covers(entry: PriceListEntry, line: Omit<LineToPrice, 'quantity'>, currency: string): boolean {
  // A fixed price is in one currency: a market in another currency does not get it (no conversion).
  if (entry.price !== null && entry.currency !== currency) return false;
  if (entry.variantId !== null) return entry.variantId === line.variantId;
  if (entry.productId !== null) return entry.productId === line.productId;
  if (entry.categoryId !== null) return line.categoryIds.includes(entry.categoryId);
  return true;
}

function entryPrice(entry: PriceListEntry, retail: number): number {
  if (entry.price !== null) return entry.price;
  return retail - percentOf(retail, entry.percentOffBps ?? 0);
}

/**
 * A group member's unit price for a line: the lowest of the retail price and every entry that covers
 * the line in this currency at this quantity. Never more than retail; a gift card is always retail.
 */
export function groupUnitPrice(line: LineToPrice, list: GroupPriceList | null, currency: string): number {
  if (!list || line.digital) return line.unitPrice;
  let best = line.unitPrice;
  for (const entry of list.entries) {
    if (line.quantity < entry.minQuantity || !covers(entry, line, currency)) continue;
    best = Math.min(best, entryPrice(entry, line.unitPrice));
  }
  return best;
}

/** The lines at the group's prices (unchanged without a list): what checkout, cart and drafts charge. */
export function linesAtGroupPrices<T extends LineToPrice>(
  lines: T[],
  list: GroupPriceList | null,
  currency: string,
): T[] {
  if (!list || list.entries.length === 0) return lines;
  return lines.map((line) => ({ ...line, unitPrice: groupUnitPrice(line, list, currency) }));
}

/**
 * The tiers a member sees for one line ("10+ at $8.00"): the price from one unit on, then each
 * quantity from which the unit price drops, lowest quantity first.
 */
export function priceTiers(
  line: Omit<LineToPrice, 'quantity'>,
  list: GroupPriceList | null,
  currency: string,
): PriceTier[] {
  const quantities = new Set([1]);
  for (const entry of line.digital ? [] : (list?.entries ?? [])) {
    if (covers(entry, line, currency)) quantities.add(entry.minQuantity);
  }
  const tiers: PriceTier[] = [];
  for (const minQuantity of [...quantities].sort((a, b) => a - b)) {
    const unitPrice = groupUnitPrice({ ...line, quantity: minQuantity }, list, currency);
    const last = tiers.at(-1);
    if (!last || unitPrice < last.unitPrice) tiers.push({ minQuantity, unitPrice });
  }
  return tiers;
}
