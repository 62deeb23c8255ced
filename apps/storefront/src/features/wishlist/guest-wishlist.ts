import { useSyncExternalStore } from 'react';

// The signed-out wishlist: an array of { product_id, variant_id } in localStorage under
// `guest_wishlist`, newest first. It is merged into the shopper's list at sign-in (use-wishlist-merge).

export interface WishlistKey {
  product_id: string;
  variant_id: string | null;
}

const KEY = 'guest_wishlist';
/** The server's limit (MAX_WISHLIST_ITEMS), kept here so the first page load does not pull in zod. */
const MAX_ITEMS = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMPTY: WishlistKey[] = [];

/** Keeps only well-formed items: storage is the browser's, anything may be in it. */
function sanitize(value: unknown): WishlistKey[] {
  if (!Array.isArray(value)) return EMPTY;
  const items: WishlistKey[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { product_id, variant_id } = item as Record<string, unknown>;
    if (typeof product_id !== 'string' || !UUID.test(product_id)) continue;
    if (variant_id != null && (typeof variant_id !== 'string' || !UUID.test(variant_id))) continue;
    items.push({ product_id, variant_id: (variant_id as string | null | undefined) ?? null });
    if (items.length === MAX_ITEMS) break;
  }
  return items;
}

let memory: string | null = null;
let cachedRaw: string | null | undefined;
let cached: WishlistKey[] = EMPTY;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled: the list lives for the page only
  }
}

/** The guest's list; the same array until the stored value changes (for useSyncExternalStore). */
export function readGuestWishlist(): WishlistKey[] {
  let raw = memory;
  try {
    raw = storage()?.getItem(KEY) ?? memory;
  } catch {
    // unreadable storage: the page's own copy
  }
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    cached = raw ? sanitize(JSON.parse(raw)) : EMPTY;
  } catch {
    cached = EMPTY;
  }
  return cached;
}

const listeners = new Set<() => void>();

/** Stores the well-formed items, at most MAX_ITEMS (removing the key when none), and tells this tab. */
export function writeGuestWishlist(items: WishlistKey[]): void {
  const kept = sanitize(items);
  const raw = kept.length ? JSON.stringify(kept) : null;
  memory = raw;
  try {
    const store = storage();
    if (raw === null) store?.removeItem(KEY);
    else store?.setItem(KEY, raw);
  } catch {
    // quota exceeded: the page's own copy keeps the change
  }
  for (const listener of listeners) listener();
}

export const sameItem = (a: WishlistKey, b: WishlistKey) =>
  a.product_id === b.product_id && (a.variant_id ?? null) === (b.variant_id ?? null);

/** Saves the item first in the list, or removes it when it is there. */
export function toggleGuestItem(item: WishlistKey): void {
  const items = readGuestWishlist();
  const rest = items.filter((i) => !sameItem(i, item));
  writeGuestWishlist(rest.length === items.length ? [item, ...items] : rest);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Other tabs change the same storage: follow them.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The guest's list, re-rendering on every change; empty in the server's render (the page is cached). */
export function useGuestWishlist(): WishlistKey[] {
  return useSyncExternalStore(subscribe, readGuestWishlist, () => EMPTY);
}
