import { formatMoney } from '@cartwheel/shared/money';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { useBaseCurrency } from '../../../lib/base-currency.ts';

export interface EarningsSlice {
  name: string;
  value: number;
  color: string;
}

/** The Earnings ring (recharts, loaded only with the dashboard). Values in cents. */
export default function EarningsChart({ slices, total }: { slices: EarningsSlice[]; total: number }) {
  const currency = useBaseCurrency();
  const shown = slices.filter((s) => s.value > 0);
  return (
    <div
      className="relative h-48 w-48 shrink-0"
      role="img"
      aria-label={`Earnings ${formatMoney(total, currency)}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie
            data={shown.length ? shown : [{ name: 'No earnings', value: 1, color: 'var(--muted)' }]}
            dataKey="value"
            nameKey="name"
            innerRadius="68%"
            outerRadius="100%"
            stroke={shown.length ? 'var(--background)' : 'none'}
            strokeWidth={2}
            isAnimationActive={false}
          >
            {(shown.length ? shown : [{ name: 'No earnings', color: 'var(--muted)' }]).map((slice) => (
              <Cell key={slice.name} fill={slice.color} />
            ))}
          </Pie>
          {shown.length ? <Tooltip formatter={(value) => formatMoney(Number(value), currency)} /> : null}
        </PieChart>
      </ResponsiveContainer>
      <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center text-center">
        <span className="text-muted-foreground text-xs">Total</span>
        <span className="font-semibold text-lg tabular-nums">{formatMoney(total, currency)}</span>
      </div>
    </div>
  );
}
