import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from './use-mobile.ts';

/** Below this width (px) the layout is "tablet" (tablet under 1024 px: docs/product.md#constants). */
export const TABLET_BREAKPOINT = 1024;

export type Breakpoint = 'mobile' | 'tablet' | 'desktop';

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;
const tabletQuery = `(max-width: ${TABLET_BREAKPOINT - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const lists = [window.matchMedia(mobileQuery), window.matchMedia(tabletQuery)];
  for (const mql of lists) mql.addEventListener('change', onChange);
  return () => {
    for (const mql of lists) mql.removeEventListener('change', onChange);
  };
}

function getSnapshot(): Breakpoint {
  if (window.matchMedia(mobileQuery).matches) return 'mobile';
  if (window.matchMedia(tabletQuery).matches) return 'tablet';
  return 'desktop';
}

/** The layout band of the viewport: mobile (< 768 px), tablet (< 1024 px) or desktop. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, getSnapshot, () => 'desktop');
}
