import { ANALYTICS_INTERVALS, type AnalyticsInterval } from '@cartwheel/shared/contracts/analytics';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { useSearchParams } from 'react-router';

const INTERVAL_LABELS: Record<AnalyticsInterval, string> = {
  day: 'By day',
  week: 'By week',
  month: 'By month',
};

/** The interval asked for in the address bar (`?interval=`), or null to leave it to the server. */
export function useIntervalParam(): AnalyticsInterval | null {
  const [params] = useSearchParams();
  const asked = params.get('interval');
  return ANALYTICS_INTERVALS.find((i) => i === asked) ?? null;
}

/** Day, week or month, kept in the address bar (`?interval=`) so a reload or a shared link keeps it. */
export function IntervalSelect({ label, value }: { label: string; value: AnalyticsInterval }) {
  const [, setParams] = useSearchParams();
  return (
    <NativeSelect
      aria-label={label}
      value={value}
      onChange={(event) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.set('interval', event.target.value);
          return next;
        })
      }
    >
      {ANALYTICS_INTERVALS.map((i) => (
        <option key={i} value={i}>
          {INTERVAL_LABELS[i]}
        </option>
      ))}
    </NativeSelect>
  );
}
