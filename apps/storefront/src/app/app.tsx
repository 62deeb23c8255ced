import { LazyToaster } from '@cartwheel/ui/lazy-toaster';
import { cn } from '@cartwheel/ui/lib/utils';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { readGuestCart } from '../features/cart/guest-cart.ts';
import { useTabSync } from '../lib/tab-sync.ts';
import { createRouter } from './router.tsx';

type Router = ReturnType<typeof createRouter>;

/** Keeps this tab's cached server data in step with the shop's other tabs. */
function TabSync() {
  useTabSync();
  return null;
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: Router }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <TabSync />
      <LazyToaster />
    </QueryClientProvider>
  );
}

export { createRouter };

/** Replaces index.html's static shell (in #root) with the app. */
export function renderApp(container: HTMLElement, queryClient: QueryClient, router: Router): void {
  // A transition lets React yield to the browser every few milliseconds during the first render
  // instead of blocking the main thread for all of it; the shell stays on screen until it commits.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
}

/**
 * One-off costs the first render would otherwise pay inside its own tasks, paid ahead while the first
 * page's data is on its way, each in a task of its own (main.tsx): tailwind-merge builds its class
 * tables on the first `cn()` call, and the first read of localStorage and sessionStorage (the guest
 * cart; the router's saved scroll and transition state) waits for the browser to open the site's
 * storage. Each costs milliseconds to tens of milliseconds on a phone.
 */
export const warmUps: (() => void)[] = [
  () => cn('p-0', 'p-1'),
  () => {
    readGuestCart();
    try {
      window.sessionStorage.getItem('');
    } catch {
      // storage disabled: the router copes on its own
    }
  },
];
