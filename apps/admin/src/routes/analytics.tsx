import type { Analytics } from '@cartwheel/shared/contracts/analytics';
import { formatMoney, toMajorString } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useAnalytics } from '../features/analytics/api/get-analytics.ts';
import { type FigureColumn, FigureTable } from '../features/analytics/components/figure-table.tsx';
import { IntervalSelect, useIntervalParam } from '../features/analytics/components/interval-select.tsx';
import { AddressBarRangePicker } from '../features/dashboard/components/date-range-picker.tsx';
import { Change, change, MetricCard } from '../features/dashboard/components/metric-cards.tsx';
import { useDateRange } from '../features/dashboard/use-date-range.ts';
import { useBaseCurrency } from '../lib/base-currency.ts';

const SalesChart = lazy(() => import('../features/analytics/components/sales-chart.tsx'));

const percent = (part: number, whole: number) =>
  whole > 0
    ? new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(part / whole)
    : '—';

type Seller = Analytics['top_products'][number];
const sellerColumns = (title: string, currency: string): FigureColumn<Seller>[] => [
  { title, cell: (r) => r.name, csv: (r) => r.name },
  { title: 'Units', cell: (r) => r.units, csv: (r) => r.units, numeric: true },
  {
    title: 'Net sales',
    cell: (r) => formatMoney(r.net_sales, currency),
    csv: (r) => toMajorString(r.net_sales, currency),
    numeric: true,
  },
];
type Low = Analytics['low_stock'][number];
const LOW_STOCK_COLUMNS: FigureColumn<Low>[] = [
  {
    title: 'Product',
    cell: (r) => (
      <>
        <Link to={`/products/${r.product_id}`} className="hover:underline" title={r.name}>
          {r.name}
        </Link>
        <code className="block truncate text-muted-foreground text-xs">{r.sku}</code>
      </>
    ),
    csv: (r) => r.name,
  },
  { title: 'SKU', cell: (r) => r.sku, csv: (r) => r.sku, csvOnly: true },
  { title: 'In stock', cell: (r) => r.inventory_level, csv: (r) => r.inventory_level, numeric: true },
  { title: 'Warning level', cell: (r) => r.warning_level, csv: (r) => r.warning_level, numeric: true },
];
type Point = Analytics['series'][number];
const seriesColumns = (currency: string): FigureColumn<Point>[] => [
  { title: 'Period starting', cell: (r) => r.bucket, csv: (r) => r.bucket },
  { title: 'Orders', cell: (r) => r.orders, csv: (r) => r.orders, numeric: true },
  {
    title: 'Net sales',
    cell: (r) => formatMoney(r.net_sales, currency),
    csv: (r) => toMajorString(r.net_sales, currency),
    numeric: true,
  },
];

/** /admin/analytics: sales over time and what drove them, for the dashboard's date range. */
export function AnalyticsRoute() {
  // The reports are in the base currency (decision 0066).
  const currency = useBaseCurrency();
  const { range } = useDateRange();
  const interval = useIntervalParam();
  const analytics = useAnalytics(range, interval);
  const data = analytics.data;
  const file = (name: string) => `${name}-${range.from.toISOString().slice(0, 10)}`;

  return (
    <>
      <PageHeader title="Analytics" />
      <div className="flex flex-wrap items-center gap-3">
        <AddressBarRangePicker compare={data?.compare} />
        <IntervalSelect label="Chart interval" value={data?.interval ?? interval ?? 'day'} />
      </div>
      {analytics.isError && !data ? (
        <LoadError title="Error loading analytics" error={analytics.error} />
      ) : !data ? (
        <LoadingBlocks className="grid gap-4 md:grid-cols-4" blockClassName="h-32" />
      ) : (
        <>
          <section aria-label="Sales figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <MetricCard
              testId="analytics-net-sales"
              title="Net sales"
              value={formatMoney(data.current.net_sales, currency)}
            >
              <Change value={change(data.current.net_sales, data.previous.net_sales)} />
            </MetricCard>
            <MetricCard testId="analytics-orders" title="Orders" value={String(data.current.orders)}>
              <Change value={change(data.current.orders, data.previous.orders)} />
            </MetricCard>
            <MetricCard
              testId="analytics-aov"
              title="Average order value"
              value={formatMoney(data.average_order_value.current, currency)}
            >
              <Change value={change(data.average_order_value.current, data.average_order_value.previous)} />
            </MetricCard>
            <MetricCard testId="analytics-units" title="Units sold" value={String(data.current.items_sold)}>
              <Change value={change(data.current.items_sold, data.previous.items_sold)} />
            </MetricCard>
          </section>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Sales over time</h2>
              </CardTitle>
              <CardDescription>
                Net sales of paid orders, against the previous period (dashed).
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                <SalesChart data={data} />
              </Suspense>
            </CardContent>
          </Card>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card data-testid="analytics-customers">
              <CardHeader>
                <CardTitle>
                  <h2>New and returning customers</h2>
                </CardTitle>
                <CardDescription>
                  Buyers with a paid order in the range; guests count by email.
                </CardDescription>
              </CardHeader>
              <CardContent className="grid grid-cols-2 gap-4">
                <Figure
                  label="New"
                  value={data.customers.new}
                  of={data.customers.new + data.customers.returning}
                />
                <Figure
                  label="Returning"
                  value={data.customers.returning}
                  of={data.customers.new + data.customers.returning}
                />
              </CardContent>
            </Card>
            <Card data-testid="analytics-conversion">
              <CardHeader>
                <CardTitle>
                  <h2>Checkout conversion</h2>
                </CardTitle>
                <CardDescription>Shoppers with a cart, who started a checkout, and who paid.</CardDescription>
              </CardHeader>
              <CardContent className="grid grid-cols-3 gap-4">
                <Figure label="Carts" value={data.conversion.carts} />
                <Figure label="Checkouts" value={data.conversion.checkouts} of={data.conversion.carts} />
                <Figure label="Paid" value={data.conversion.paid} of={data.conversion.checkouts} />
              </CardContent>
            </Card>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            {(
              [
                ['Top products', 'Product', 'By net sales in the range.', data.top_products],
                [
                  'Top categories',
                  'Category',
                  'By net sales of their products in the range.',
                  data.top_categories,
                ],
              ] as const
            ).map(([title, noun, description, rows]) => (
              <FigureTable
                key={title}
                title={title}
                description={description}
                file={file(title.toLowerCase().replace(' ', '-'))}
                columns={sellerColumns(noun, currency)}
                rows={[...rows]}
                rowKey={(r) => r.id}
                empty="No sales in this range."
              />
            ))}
            <FigureTable
              title="Low stock"
              description="Products and variants at or under their warning level, now."
              file="low-stock"
              columns={LOW_STOCK_COLUMNS}
              rows={data.low_stock}
              rowKey={(r) => r.variant_id ?? r.product_id}
              empty="Nothing is running low."
            />
            <FigureTable
              title="Sales by period"
              description={`${plural(data.series.length, 'period')} of the chart.`}
              file={file('sales')}
              columns={seriesColumns(currency)}
              rows={data.series}
              rowKey={(r) => r.bucket}
              empty="No periods in this range."
            />
          </div>
        </>
      )}
    </>
  );
}

/** A count, with its share of `of` when given ("42 · 61%"). */
function Figure({ label, value, of }: { label: string; value: number; of?: number }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-muted-foreground text-sm">{label}</span>
      <span className="font-semibold text-2xl tabular-nums">{value}</span>
      {of !== undefined ? <span className="text-muted-foreground text-xs">{percent(value, of)}</span> : null}
    </div>
  );
}
