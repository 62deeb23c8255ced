import type * as React from 'react';
import { Toaster as Sonner } from 'sonner';

// Module-level so the array keeps its identity across renders (sonner re-binds its key listener on change).
const HOTKEY = ['altKey', 'KeyT'];

/**
 * The app-wide toast region. Sonner's defaults are the shop's (docs/product.md#constants): bottom-right,
 * hotkey Alt+T, region label "Notifications"; they are spelled out so a sonner upgrade cannot move them.
 */
export function Toaster(props: React.ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      position="bottom-right"
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
