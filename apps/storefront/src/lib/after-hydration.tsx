import { type ReactNode, useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * What only the browser shows: the server's HTML and the hydration render have `fallback`, the
 * browser's next render the children. Lazy parts go inside it: on the server React would wait for
 * their code and stream them in with inline scripts, which the shop's CSP (script-src 'self') blocks,
 * and hydration would then give up on the part and render it again in the browser.
 */
export function AfterHydration({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  return hydrated ? children : fallback;
}
