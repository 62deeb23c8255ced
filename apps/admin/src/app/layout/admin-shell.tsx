import { SidebarInset, SidebarProvider } from '@cartwheel/ui/sidebar';
import { TestPaymentsBanner } from '@cartwheel/ui/test-payments-banner';
import { Outlet } from 'react-router';
import { useTestPayments } from '../../features/content/api/storefront-site.ts';
import { AppSidebar } from './app-sidebar.tsx';
import { TopBar } from './top-bar.tsx';

/** The frame of every back-office page: sidebar, top bar and the page (and "Test mode" while payments are simulated). */
export function AdminShell() {
  const testPayments = useTestPayments();
  return (
    <SidebarProvider data-testid="admin-shell">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <AppSidebar />
      <SidebarInset>
        {testPayments ? <TestPaymentsBanner /> : null}
        <TopBar />
        <div id="content" className="flex flex-1 flex-col gap-6 p-4 md:p-6">
          <Outlet />
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}
