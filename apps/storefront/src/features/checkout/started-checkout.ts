// Marks the tab that started a checkout (sessionStorage: it lasts as long as the tab, across the
// payment page), so that the receipt empties a guest's cart in the browser that bought it only, not
// in another browser that opens the receipt link.
const STORAGE_KEY = 'checkout_started';

export function markCheckoutStarted(): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, '1');
  } catch {
    // Storage disabled: the guest empties their cart by hand.
  }
}

/** True once, in the tab that started a checkout: the mark is taken. */
export function takeCheckoutStarted(): boolean {
  try {
    const started = window.sessionStorage.getItem(STORAGE_KEY) !== null;
    window.sessionStorage.removeItem(STORAGE_KEY);
    return started;
  } catch {
    return false;
  }
}
