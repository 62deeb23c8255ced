import { addDays, format, startOfDay, startOfMonth, subDays, subMonths } from 'date-fns';

export const RANGE_PRESETS = [
  { key: 'today', label: 'Today' },
  { key: 'last_7_days', label: 'Last 7 days' },
  { key: 'last_30_days', label: 'Last 30 days' },
  { key: 'this_month', label: 'This month' },
  { key: 'last_90_days', label: 'Last 90 days' },
  { key: 'last_12_months', label: 'Last 12 months' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['key'];
export const DEFAULT_PRESET: RangePreset = 'last_30_days';

/** A range of whole local days: from the start of `from` to the start of the day after `to`. */
export interface DayRange {
  from: Date;
  /** Exclusive: the first moment after the range. */
  to: Date;
  label: string;
}

/** The preset's days up to and including today, in the browser's time zone. */
export function presetRange(preset: RangePreset, now = new Date()): DayRange {
  const tomorrow = addDays(startOfDay(now), 1);
  const label = RANGE_PRESETS.find((p) => p.key === preset)?.label ?? '';
  const from = {
    today: startOfDay(now),
    last_7_days: subDays(tomorrow, 7),
    last_30_days: subDays(tomorrow, 30),
    this_month: startOfMonth(now),
    last_90_days: subDays(tomorrow, 90),
    last_12_months: subMonths(tomorrow, 12),
  }[preset];
  return { from, to: tomorrow, label };
}

/** A custom range from two yyyy-MM-dd days (both included); null when they are not valid days in order. */
export function customRange(fromDay: string, toDay: string): DayRange | null {
  const pattern = /^\d{4}-\d{2}-\d{2}$/;
  if (!pattern.test(fromDay) || !pattern.test(toDay)) return null;
  const from = new Date(`${fromDay}T00:00:00`);
  const last = new Date(`${toDay}T00:00:00`);
  if (Number.isNaN(from.getTime()) || Number.isNaN(last.getTime()) || last < from) return null;
  return { from, to: addDays(last, 1), label: describeDays(from, addDays(last, 1)) };
}

/** "Oct 23 – Nov 21, 2026" for a range whose `to` is exclusive. */
export function describeDays(from: Date, to: Date): string {
  const last = subDays(to, 1);
  if (format(from, 'yyyy-MM-dd') === format(last, 'yyyy-MM-dd')) return format(from, 'MMM d, yyyy');
  const sameYear = from.getFullYear() === last.getFullYear();
  return `${format(from, sameYear ? 'MMM d' : 'MMM d, yyyy')} – ${format(last, 'MMM d, yyyy')}`;
}

export const toDayString = (date: Date) => format(date, 'yyyy-MM-dd');
