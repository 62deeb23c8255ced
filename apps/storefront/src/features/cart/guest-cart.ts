import { GUEST_CART_KEY, MIN_QUANTITY } from '@cartwheel/shared/constants';
import type { GuestCartLine } from '@cartwheel/shared/contracts/cart';
import type { GiftCardRecipient } from '@cartwheel/shared/contracts/gift-card-lines';
import { useSyncExternalStore } from 'react';

// The signed-out cart: an array of { product_id, variant_id, quantity } in localStorage under
// `guest_cart`, kept by position. Prices are never stored here; the server prices the lines when they
// are shown (POST /api/cart/preview) and again at every step after sign-in.

/** Same limits as the server's contract (packages/shared/src/contracts/cart.ts), kept here so the
 * first page load does not pull in zod. */
export const GUEST_CART_MAX_LINES = 100;
export const GUEST_CART_MAX_QUANTITY = 9999;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMPTY: GuestCartLine[] = [];

/** A gift card line's recipient as stored, when it has the fields' types (the server checks the rest). */
function recipientOf(value: unknown): GiftCardRecipient | null {
  if (typeof value !== 'object' || value === null) return null;
  const { recipient_name, recipient_email, message, send_on } = value as Record<string, unknown>;
  if (typeof recipient_name !== 'string' || typeof recipient_email !== 'string') return null;
  if (typeof send_on !== 'string') return null;
  return {
    recipient_name,
    recipient_email,
    message: typeof message === 'string' ? message : null,
    send_on,
  };
}

/** Keeps only well-formed lines: storage is the browser's, anything may be in it. */
function sanitize(value: unknown): GuestCartLine[] {
  if (!Array.isArray(value)) return EMPTY;
  const lines: GuestCartLine[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { product_id, variant_id, quantity, gift_card } = item as Record<string, unknown>;
    if (typeof product_id !== 'string' || !UUID.test(product_id)) continue;
    if (variant_id != null && (typeof variant_id !== 'string' || !UUID.test(variant_id))) continue;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < MIN_QUANTITY) continue;
    const gift = recipientOf(gift_card);
    lines.push({
      product_id,
      variant_id: (variant_id as string | null | undefined) ?? null,
      quantity: Math.min(quantity, GUEST_CART_MAX_QUANTITY),
      ...(gift ? { gift_card: gift } : {}),
    });
    if (lines.length === GUEST_CART_MAX_LINES) break;
  }
  return lines;
}

let cachedRaw: string | null | undefined;
let cachedLines: GuestCartLine[] = EMPTY;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (private mode, blocked cookies): the cart lives for the page only
  }
}

let memoryFallback: string | null = null;

function readRaw(): string | null {
  const store = storage();
  if (!store) return memoryFallback;
  try {
    return store.getItem(GUEST_CART_KEY);
  } catch {
    return memoryFallback;
  }
}

/** The guest cart's lines; the same array until the stored value changes (for useSyncExternalStore). */
export function readGuestCart(): GuestCartLine[] {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedLines;
  cachedRaw = raw;
  try {
    cachedLines = raw ? sanitize(JSON.parse(raw)) : EMPTY;
  } catch {
    cachedLines = EMPTY;
  }
  return cachedLines;
}

const listeners = new Set<() => void>();

/** Stores the lines (removing the key when empty) and tells every subscriber in this tab. */
export function writeGuestCart(lines: GuestCartLine[]): void {
  const raw = lines.length ? JSON.stringify(lines) : null;
  const store = storage();
  try {
    if (!store) memoryFallback = raw;
    else if (raw === null) store.removeItem(GUEST_CART_KEY);
    else store.setItem(GUEST_CART_KEY, raw);
  } catch {
    memoryFallback = raw; // quota exceeded: keep the change for this page at least
  }
  for (const listener of listeners) listener();
}

export function clearGuestCart(): void {
  writeGuestCart([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Other tabs change the same storage: follow them.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === GUEST_CART_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The guest cart's lines, re-rendering on every change (this tab or another). */
export function useGuestCart(): GuestCartLine[] {
  return useSyncExternalStore(subscribe, readGuestCart, () => EMPTY);
}

export const sameLine = (
  a: Pick<GuestCartLine, 'product_id' | 'variant_id'>,
  b: Pick<GuestCartLine, 'product_id' | 'variant_id'>,
) => a.product_id === b.product_id && (a.variant_id ?? null) === (b.variant_id ?? null);

export type GuestAddResult =
  | { ok: true; added: number; quantity: number; capped: boolean }
  | { ok: false; refusal: 'out_of_stock' }
  | { ok: false; refusal: 'max_lines'; max: number }
  | { ok: false; refusal: 'all_in_cart'; limit: number };

/**
 * Adds units to the guest line for this product and variant (a new line at the end when there is
 * none), capped by the stock the page knows of.
 */
export function addToGuestCart(line: GuestCartLine, available: number): GuestAddResult {
  if (available <= 0) return { ok: false, refusal: 'out_of_stock' };
  const lines = [...readGuestCart()];
  // A gift card to someone is a line of its own: two cards to two people are two lines.
  const index = line.gift_card ? -1 : lines.findIndex((l) => !l.gift_card && sameLine(l, line));
  const previous = index >= 0 ? (lines[index]?.quantity ?? 0) : 0;
  if (index < 0 && lines.length >= GUEST_CART_MAX_LINES) {
    return { ok: false, refusal: 'max_lines', max: GUEST_CART_MAX_LINES };
  }
  const limit = Math.min(available, GUEST_CART_MAX_QUANTITY);
  const quantity = Math.min(previous + line.quantity, limit);
  if (quantity <= previous) {
    return { ok: false, refusal: 'all_in_cart', limit };
  }
  const next = {
    product_id: line.product_id,
    variant_id: line.variant_id ?? null,
    quantity,
    ...(line.gift_card ? { gift_card: line.gift_card } : {}),
  };
  if (index >= 0) lines[index] = next;
  else lines.push(next);
  writeGuestCart(lines);
  return { ok: true, added: quantity - previous, quantity, capped: previous + line.quantity > limit };
}

/** Sets the quantity of the line at `index`; 0 or less removes it. */
export function setGuestQuantity(index: number, quantity: number): void {
  const lines = [...readGuestCart()];
  if (!lines[index]) return;
  if (quantity <= 0) lines.splice(index, 1);
  else lines[index] = { ...lines[index], quantity: Math.min(quantity, GUEST_CART_MAX_QUANTITY) };
  writeGuestCart(lines);
}

/** Drops the lines the server could not price (product gone, variant no longer valid). */
export function pruneGuestCart(invalid: Array<Pick<GuestCartLine, 'product_id' | 'variant_id'>>): void {
  if (invalid.length === 0) return;
  const lines = readGuestCart();
  const kept = lines.filter((line) => !invalid.some((bad) => sameLine(bad, line)));
  if (kept.length !== lines.length) writeGuestCart(kept);
}

/**
 * Puts recovered lines in the guest cart: each replaces the line for the same product and variant,
 * other lines stay. A signed-in browser then merges them into its own cart (use-guest-cart-merge).
 */
export function restoreGuestCart(recovered: GuestCartLine[]): void {
  const kept = readGuestCart().filter((line) => !recovered.some((r) => sameLine(r, line)));
  writeGuestCart(sanitize([...kept, ...recovered]));
}
