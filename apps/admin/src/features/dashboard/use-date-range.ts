import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  customRange,
  type DayRange,
  DEFAULT_PRESET,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
} from './components/date-ranges.ts';

const isPreset = (value: string | null): value is RangePreset => RANGE_PRESETS.some((p) => p.key === value);

/**
 * The date range in the address bar (?range= a preset, or ?from=&to= days), shared by the dashboard and
 * analytics: the last 30 days by default. Changing it keeps the page's other parameters.
 */
export function useDateRange() {
  const [searchParams, setSearchParams] = useSearchParams();
  const rangeParam = searchParams.get('range');
  const custom = customRange(searchParams.get('from') ?? '', searchParams.get('to') ?? '');
  const preset: RangePreset | null = custom ? null : isPreset(rangeParam) ? rangeParam : DEFAULT_PRESET;
  // Recomputed only when the choice changes, so "today" does not move under an open page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the address bar's values
  const range: DayRange = useMemo(() => custom ?? presetRange(preset ?? DEFAULT_PRESET), [searchParams]);
  const change = (next: Record<string, string>) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      for (const key of ['range', 'from', 'to']) params.delete(key);
      for (const [key, value] of Object.entries(next)) params.set(key, value);
      return params;
    });
  return {
    range,
    preset,
    onPreset: (key: RangePreset) => change(key === DEFAULT_PRESET ? {} : { range: key }),
    onCustom: (from: string, to: string) => change({ from, to }),
  };
}
