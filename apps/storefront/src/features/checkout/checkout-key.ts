// A random key per browser, sent with a guest's checkout: the server knows a guest's new checkout
// from the same browser and releases the hold of the previous one.
const STORAGE_KEY = 'checkout_key';
let memoryKey: string | null = null;

/** This browser's checkout key, made on first use and kept in localStorage. */
export function checkoutKey(): string {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored) return stored;
    const made = crypto.randomUUID();
    window.localStorage.setItem(STORAGE_KEY, made);
    return made;
  } catch {
    // Storage disabled: one key for the life of the page.
    memoryKey ??= crypto.randomUUID();
    return memoryKey;
  }
}
