// The email a guest checked out with, kept for this tab until the success page has offered to make
// an account with it (sessionStorage: it never leaves the browser and ends with the tab).
const STORAGE_KEY = 'guest_checkout_email';

export function rememberGuestEmail(email: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, email);
  } catch {
    // Storage disabled: the success page offers an account without the email filled in.
  }
}

/** The remembered email, or null; reading does not forget it (a reload shows the same page). */
export function guestEmail(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}
