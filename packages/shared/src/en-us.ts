// Numbers and dates as Intl writes them in en-US, without asking Intl: a page's first Intl.NumberFormat
// or Intl.DateTimeFormat loads ICU's locale data, tens of milliseconds of main thread while the
// storefront hydrates (decision 0059). The tests compare every form with Intl.

/** "1234567" -> "1,234,567": digits grouped by three with commas. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * `value` as `new Intl.NumberFormat('en-US', options).format(value)` writes it: "1,234.5", "4.0".
 * Written here for a plain non-negative number with at most the fraction-digit options; Intl writes
 * the rest (negatives, NaN, infinity, under 1e-6, 1e21 and over, currencies, units).
 */
export function formatEnUSNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const min = options.minimumFractionDigits ?? 0;
  const max = options.maximumFractionDigits ?? Math.max(min, 3);
  // Like ICU, round the shortest decimal that reads back as `value` (1.005 -> "1.01"), not its exact
  // binary value (1.00499...) as toFixed would.
  const shortest = String(value);
  const onlyDigits = Object.keys(options).every(
    (key) => key === 'minimumFractionDigits' || key === 'maximumFractionDigits',
  );
  // A negative is its magnitude with a minus: ICU rounds half away from zero, the same both sides.
  if (onlyDigits && value < 0 && value > Number.NEGATIVE_INFINITY) {
    return `-${formatEnUSNumber(-value, options)}`;
  }
  if (
    !onlyDigits ||
    !(value >= 0 && value < Number.POSITIVE_INFINITY) ||
    Object.is(value, -0) ||
    /e/i.test(shortest) ||
    min > max ||
    max > 20
  ) {
    return new Intl.NumberFormat('en-US', options).format(value);
  }
  let [whole = '0', fraction = ''] = shortest.split('.');
  if (fraction.length > max) {
    const up = (fraction[max] ?? '0') >= '5';
    fraction = fraction.slice(0, max);
    if (up) {
      // Half away from zero: one more in the last kept digit, carrying into the whole part.
      const kept = whole + fraction;
      const raised = (BigInt(kept) + 1n).toString().padStart(kept.length, '0');
      whole = raised.slice(0, raised.length - max);
      fraction = raised.slice(raised.length - max);
    }
  }
  fraction = fraction.padEnd(min, '0');
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return fraction ? `${groupThousands(whole)}.${fraction}` : groupThousands(whole);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A date in the browser's time zone as en-US writes `{ year: 'numeric', month: 'short' | 'long',
 * day: '2-digit' }`: "Jan 05, 2026", "January 05, 2026". Intl itself for an invalid date or a year
 * outside 1000-9999.
 */
export function formatEnUSDate(value: Date, month: 'short' | 'long'): string {
  const year = value.getFullYear();
  if (!(year >= 1000 && year <= 9999)) {
    return new Intl.DateTimeFormat('en-US', { year: 'numeric', month, day: '2-digit' }).format(value);
  }
  const name = MONTHS[value.getMonth()] as string;
  const day = String(value.getDate()).padStart(2, '0');
  return `${month === 'short' ? name.slice(0, 3) : name} ${day}, ${year}`;
}
