import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLogTime, formatLongDate } from './dates.ts';

// A local time, so the test does not depend on the machine's time zone.
const afternoon = new Date(2026, 0, 5, 15, 7);

describe('date formats', () => {
  it('writes each named format', () => {
    expect(formatDate(afternoon)).toBe('Jan 05, 2026');
    expect(formatLongDate(afternoon)).toBe('January 05, 2026');
    expect(formatDateTime(afternoon)).toBe('Jan 05, 2026, 3:07 PM');
    expect(formatLogTime(afternoon)).toBe('Jan 05, 2026 15:07');
  });

  it('takes ISO strings as the API sends them', () => {
    expect(formatDate(afternoon.toISOString())).toBe('Jan 05, 2026');
  });
});
