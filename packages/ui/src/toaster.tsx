import type * as React from 'react';
import { useSyncExternalStore } from 'react';
import { Toaster as Sonner } from 'sonner';
import { CLEARANCE } from './toaster-clearance.tsx';

export { useToasterClearance } from './toaster-clearance.tsx';

// Module-level so the array keeps its identity across renders (sonner re-binds its key listener on change).
const HOTKEY = ['altKey', 'KeyT'];

// Below Tailwind's `sm` the side panels (the storefront's cart) span the screen and end in their main
// buttons (Checkout): a toast at the bottom would sit on them, so on small screens toasts come from the top.
const SMALL_SCREEN = '(max-width: 639.98px)';

function subscribeToScreen(onChange: () => void) {
  const query = window.matchMedia(SMALL_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isSmallScreen = () => window.matchMedia(SMALL_SCREEN).matches;

// Toasts at the top start below the app's sticky header (its height is kept by useToasterClearance).
const MOBILE_OFFSET = { top: `calc(var(${CLEARANCE}, 0px) + 8px)` };

/**
 * The app-wide toast region. Sonner's defaults are the shop's (docs/product.md#constants): bottom-right,
 * hotkey Alt+T, region label "Notifications"; they are spelled out so a sonner upgrade cannot move them.
 * On small screens the region is at the top instead (see SMALL_SCREEN), below the sticky header.
 */
export function Toaster(props: React.ComponentProps<typeof Sonner>) {
  const small = useSyncExternalStore(subscribeToScreen, isSmallScreen, () => false);
  return (
    <Sonner
      position={small ? 'top-center' : 'bottom-right'}
      mobileOffset={MOBILE_OFFSET}
      hotkey={HOTKEY}
      containerAriaLabel="Notifications"
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
