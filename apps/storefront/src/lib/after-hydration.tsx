import { type ReactNode, startTransition, useEffect, useState } from 'react';

// Set by the first of these effects to run, which is after the page's hydration: parts mounted later
// (a client-side navigation) show their children at once.
let hydrated = false;

/**
 * What only the browser shows: the server's HTML and the hydration render have `fallback`, the
 * browser's next render the children. Lazy parts go inside it: on the server React would wait for
 * their code and stream them in with inline scripts, which the shop's CSP (script-src 'self') blocks,
 * and hydration would then give up on the part and render it again in the browser.
 * The switch is a transition: React renders it in slices between the browser's own work (a page of
 * product cards switches dozens of these at once) and keeps the fallback until lazy code has arrived.
 */
export function AfterHydration({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [shown, setShown] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return shown ? children : fallback;
}
