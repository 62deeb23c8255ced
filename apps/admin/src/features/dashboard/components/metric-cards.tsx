import type { DashboardFigures } from '@cartwheel/shared/contracts/dashboard';
import { formatMoney } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { cn } from '@cartwheel/ui/lib/utils';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useBaseCurrency } from '../../../lib/base-currency.ts';

const percent = (fraction: number) =>
  new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(fraction);

/** "+12.5%" against the previous value; null when there was nothing to compare with. */
export function change(current: number, previous: number): { text: string; direction: -1 | 0 | 1 } | null {
  if (previous === 0) return current === 0 ? { text: '0%', direction: 0 } : null;
  const ratio = (current - previous) / Math.abs(previous);
  const direction = ratio > 0.0005 ? 1 : ratio < -0.0005 ? -1 : 0;
  return { text: `${ratio > 0 ? '+' : ''}${percent(ratio)}`, direction };
}

export function Change({ value }: { value: { text: string; direction: -1 | 0 | 1 } | null }) {
  if (!value) return <span className="text-muted-foreground text-xs">No sales in the previous period</span>;
  const Icon = value.direction > 0 ? ArrowUpRight : value.direction < 0 ? ArrowDownRight : Minus;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 font-medium text-xs',
        value.direction > 0 && 'text-success',
        value.direction < 0 && 'text-destructive',
        value.direction === 0 && 'text-muted-foreground',
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {value.text}
      <span className="font-normal text-muted-foreground">vs previous period</span>
    </span>
  );
}

/** Net sales, Gross profit and Gross margin for the range, each against the comparison range. */
export function MetricCards({
  current,
  previous,
}: {
  current: DashboardFigures;
  previous: DashboardFigures;
}) {
  const currency = useBaseCurrency();
  const marginChange =
    current.gross_margin === null || previous.gross_margin === null
      ? null
      : (() => {
          const points = (current.gross_margin - previous.gross_margin) * 100;
          const direction = points > 0.05 ? 1 : points < -0.05 ? -1 : 0;
          return {
            text: `${points > 0 ? '+' : ''}${points.toFixed(1)} pts`,
            direction: direction as -1 | 0 | 1,
          };
        })();
  return (
    <section aria-label="Sales figures" className="grid gap-4 md:grid-cols-3">
      <MetricCard
        testId="metric-net-sales"
        title="Net sales"
        value={formatMoney(current.net_sales, currency)}
      >
        <Change value={change(current.net_sales, previous.net_sales)} />
        <p className="text-muted-foreground text-xs">{plural(current.orders, 'paid order')}</p>
      </MetricCard>
      <MetricCard
        testId="metric-gross-profit"
        title="Gross profit"
        value={formatMoney(current.gross_profit, currency)}
      >
        <Change value={change(current.gross_profit, previous.gross_profit)} />
        <p className="text-muted-foreground text-xs">Sales minus the cost of the items sold</p>
      </MetricCard>
      <MetricCard
        testId="metric-gross-margin"
        title="Gross margin"
        value={current.gross_margin === null ? '—' : percent(current.gross_margin)}
      >
        {current.gross_margin === null && previous.gross_margin === null ? null : marginChange ? (
          <Change value={marginChange} />
        ) : (
          <span className="text-muted-foreground text-xs">No margin in the previous period</span>
        )}
        <p className="text-muted-foreground text-xs">
          {current.items_with_cost} of {plural(current.items_sold, 'item')} sold had product costs
        </p>
      </MetricCard>
    </section>
  );
}

/** One figure: its name, the value large, and below it the change and a note. */
export function MetricCard({
  testId,
  title,
  value,
  children,
}: {
  testId: string;
  title: string;
  value: string;
  children?: ReactNode;
}) {
  return (
    <Card className="gap-2" data-testid={testId}>
      <CardHeader>
        <CardDescription>{title}</CardDescription>
        <CardTitle className="font-semibold text-2xl tabular-nums">{value}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1">{children}</CardContent>
    </Card>
  );
}
