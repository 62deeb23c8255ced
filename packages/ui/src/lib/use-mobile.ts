import { useSyncExternalStore } from 'react';

/** Below this width (px) the layout is "mobile" (mobile under 768 px: docs/product.md#constants). */
export const MOBILE_BREAKPOINT = 768;

const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

function getSnapshot(): boolean {
  return window.matchMedia(query).matches;
}

function getServerSnapshot(): boolean {
  return false;
}

/**
 * True while the viewport is narrower than 768 px. Read synchronously on first render (the apps are
 * client-only SPAs), so a phone never flashes the desktop layout.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
