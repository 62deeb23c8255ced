import { type RefObject, useEffect } from 'react';

// Apart from toaster.tsx, so that an app which loads sonner lazily (lazy-toaster.tsx) can keep the
// clearance from its header without sonner in its first-load JavaScript.

// The height of the app's sticky header, kept by useToasterClearance: toasts at the top start below it, so
// they never cover the header's links and buttons (the cart, the account menu).
export const CLEARANCE = '--toaster-top-clearance';

/** Keeps the toaster's top clearance equal to this sticky header's height (it wraps on phones). */
export function useToasterClearance(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () =>
      root.style.setProperty(CLEARANCE, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(CLEARANCE);
    };
  }, [header]);
}
