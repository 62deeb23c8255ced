import type { Analytics } from '@cartwheel/shared/contracts/analytics';
import { formatMoney } from '@cartwheel/shared/money';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useBaseCurrency } from '../../../lib/base-currency.ts';

const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (bucket: string) => short.format(new Date(`${bucket}T00:00:00Z`));

/**
 * Net sales per bucket (recharts, loaded only with Analytics), the comparison range's buckets drawn
 * beside them one for one. Values in cents.
 */
export default function SalesChart({ data }: { data: Pick<Analytics, 'series' | 'previous_series'> }) {
  const currency = useBaseCurrency();
  const points = data.series.map((point, i) => ({
    bucket: label(point.bucket),
    current: point.net_sales,
    previous: data.previous_series[i]?.net_sales ?? 0,
  }));
  const total = data.series.reduce((sum, p) => sum + p.net_sales, 0);
  return (
    <div
      className="h-72 w-full"
      role="img"
      aria-label={`Net sales over time, ${formatMoney(total, currency)} in all`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
          <XAxis dataKey="bucket" tickLine={false} axisLine={false} fontSize={12} minTickGap={16} />
          <YAxis
            tickLine={false}
            axisLine={false}
            fontSize={12}
            width={64}
            tickFormatter={(cents: number) => formatMoney(cents, currency).replace(/\.00$/, '')}
          />
          <Tooltip formatter={(value) => formatMoney(Number(value), currency)} />
          <Legend />
          <Area
            type="monotone"
            dataKey="previous"
            name="Previous period"
            stroke="var(--muted-foreground)"
            fill="none"
            strokeDasharray="4 4"
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="current"
            name="Net sales"
            stroke="var(--primary)"
            fill="var(--primary)"
            fillOpacity={0.12}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
