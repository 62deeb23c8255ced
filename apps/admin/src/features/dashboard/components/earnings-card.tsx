import type { DashboardFigures } from '@cartwheel/shared/contracts/dashboard';
import { formatMoney } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@cartwheel/ui/dropdown-menu';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { ChevronDown, FileText, Store } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useBaseCurrency } from '../../../lib/base-currency.ts';
import type { EarningsSlice } from './earnings-chart.tsx';

const EarningsChart = lazy(() => import('./earnings-chart.tsx'));

/** Where the money of the range went: cost of goods, profit, sales without a cost, shipping, taxes. */
function slicesOf(f: DashboardFigures): EarningsSlice[] {
  return [
    {
      name: 'Gross profit',
      value: Math.max(0, f.gross_profit),
      color: 'var(--chart-1, oklch(0.55 0.15 160))',
    },
    { name: 'Cost of goods', value: f.cost_of_goods, color: 'var(--chart-2, oklch(0.65 0.12 250))' },
    {
      name: 'Sales without cost',
      value: Math.max(0, f.net_sales - f.sales_with_cost),
      color: 'var(--chart-3, oklch(0.75 0.12 80))',
    },
    { name: 'Shipping', value: f.shipping, color: 'var(--chart-4, oklch(0.6 0.15 30))' },
    { name: 'Taxes', value: f.taxes, color: 'var(--chart-5, oklch(0.5 0.05 300))' },
  ];
}

/** Analytics breakdown: the Earnings ring with its legend, Draft Orders and the Sales channels menu. */
export function EarningsCard({ figures }: { figures: DashboardFigures }) {
  const currency = useBaseCurrency();
  const slices = slicesOf(figures);
  const total = figures.net_sales + figures.shipping + figures.taxes;
  return (
    <Card data-testid="earnings-card">
      <CardHeader>
        <CardTitle>Earnings</CardTitle>
        <CardDescription>Net sales, shipping and taxes of paid orders</CardDescription>
        <CardAction>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="sm">
                Sales channels
                <ChevronDown aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-56">
              <DropdownMenuLabel>Sales channels</DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem className="justify-between" asChild>
                <a href="/">
                  <span className="flex items-center gap-2">
                    <Store aria-hidden="true" />
                    Online Store
                  </span>
                  <span className="text-muted-foreground tabular-nums">{formatMoney(total, currency)}</span>
                </a>
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </CardAction>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-6 sm:flex-row sm:items-center">
        <Suspense fallback={<Skeleton className="size-48 rounded-full" />}>
          <EarningsChart slices={slices} total={total} />
        </Suspense>
        <div className="flex w-full min-w-0 flex-col gap-2 text-sm">
          <ul className="flex flex-col gap-1.5">
            {slices.map((slice) => (
              <li key={slice.name} className="flex items-center justify-between gap-3">
                <span className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="size-2.5 rounded-sm"
                    style={{ background: slice.color }}
                  />
                  {slice.name}
                </span>
                <span className="tabular-nums">{formatMoney(slice.value, currency)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex items-center justify-between gap-3 border-t pt-2">
            <Link to="/channels/pos" className="flex items-center gap-2 hover:underline">
              <FileText aria-hidden="true" className="size-4 text-muted-foreground" />
              Draft Orders
            </Link>
            <span className="font-medium tabular-nums" data-testid="draft-orders">
              {figures.draft_orders}
            </span>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
