import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useDashboard } from '../features/dashboard/api/get-dashboard.ts';
import { CurrentStatus } from '../features/dashboard/components/current-status.tsx';
import { AddressBarRangePicker } from '../features/dashboard/components/date-range-picker.tsx';
import { EarningsCard } from '../features/dashboard/components/earnings-card.tsx';
import { MetricCards } from '../features/dashboard/components/metric-cards.tsx';
import { QuickActions } from '../features/dashboard/components/quick-actions.tsx';
import { RecentActivity } from '../features/dashboard/components/recent-activity.tsx';
import { StoreSetup } from '../features/dashboard/components/store-setup.tsx';
import { useDateRange } from '../features/dashboard/use-date-range.ts';

/** /admin: the dashboard, from the database, for the range in the address bar (?range= or ?from=&to=). */
export function DashboardRoute() {
  const { range } = useDateRange();
  const dashboard = useDashboard(range);
  const data = dashboard.data;

  return (
    <>
      <PageHeader title="Dashboard" />
      <AddressBarRangePicker compare={data?.compare} />
      {dashboard.isError && !data ? (
        <LoadError title="Error loading the dashboard" error={dashboard.error} />
      ) : !data ? (
        <LoadingBlocks className="grid gap-4 md:grid-cols-3" blockClassName="h-36" />
      ) : (
        <>
          <MetricCards current={data.current} previous={data.previous} />
          <div className="grid gap-4 lg:grid-cols-3">
            <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
              <section aria-labelledby="analytics-breakdown" className="flex flex-col gap-3">
                <h2 id="analytics-breakdown" className="font-semibold text-lg">
                  Analytics breakdown
                </h2>
                <EarningsCard figures={data.current} />
              </section>
              <RecentActivity orders={data.recent_orders} />
            </div>
            <div className="flex min-w-0 flex-col gap-4">
              <StoreSetup steps={data.setup} />
              <CurrentStatus />
              <QuickActions />
            </div>
          </div>
        </>
      )}
    </>
  );
}
