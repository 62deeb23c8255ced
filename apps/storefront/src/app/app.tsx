import type { StoreLocale } from '@cartwheel/shared/locale';
import { LazyToaster } from '@cartwheel/ui/lazy-toaster';
import type { I18n } from '@lingui/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { LocaleProvider } from '../i18n/i18n.tsx';
import { AfterHydration } from '../lib/after-hydration.tsx';
import { useTabSync } from '../lib/tab-sync.ts';

/** Keeps this tab's cached server data in step with the shop's other tabs. */
function TabSync() {
  useTabSync();
  return null;
}

/**
 * The storefront around its router, in the page's locale: the server renders it with a static router,
 * the browser hydrates it.
 */
export function App({
  queryClient,
  locale,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  locale: StoreLocale;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <LocaleProvider locale={locale} i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          {children}
          {/* The toast region is loaded on demand: nothing of it in the server's HTML. */}
          <AfterHydration>
            <TabSync />
            <LazyToaster />
          </AfterHydration>
        </QueryClientProvider>
      </LocaleProvider>
    </StrictMode>
  );
}
