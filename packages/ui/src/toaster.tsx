import type * as React from 'react';
import { useSyncExternalStore } from 'react';
import { Toaster as Sonner } from 'sonner';

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

/**
 * The app-wide toast region. Sonner's defaults are the shop's (docs/product.md#constants): bottom-right,
 * hotkey Alt+T, region label "Notifications"; they are spelled out so a sonner upgrade cannot move them.
 * On small screens the region is at the top instead (see SMALL_SCREEN).
 */
export function Toaster(props: React.ComponentProps<typeof Sonner>) {
  const small = useSyncExternalStore(subscribeToScreen, isSmallScreen, () => false);
  return (
    <Sonner
      position={small ? 'top-center' : 'bottom-right'}
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
