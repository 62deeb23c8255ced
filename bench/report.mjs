// The rows of the performance targets (figure, target, met?, share of the ceiling) and the tables bench/run.mjs prints.
//
// A row is { key, label, figure, target, met, ceilingPct, error?, note? }: `met` is true or false when
// the row was measured, null when it was not (skipped, or a helper module is not there yet); `error`
// says why it could not be measured (the run then exits non-zero).

const mib = (bytes) => bytes / 1024 / 1024;
export const fmtMiB = (bytes) => (bytes === undefined || bytes === null ? '-' : mib(bytes).toFixed(0));
export const fmtInt = (n) => Math.round(n).toLocaleString('en-US');
export const fmtMs = (ms) => (ms === undefined || ms === null || Number.isNaN(ms) ? '-' : `${round1(ms)}`);
const round1 = (n) => (Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 10) / 10);

/** The p-th percentile (0-100) of numbers, nearest rank; undefined for none. */
export function percentile(values, p) {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function row(key, label, target, fields = {}) {
  return { key, label, figure: '-', target, met: null, ceilingPct: null, ...fields };
}

/** A row for a phase that threw: not measured, with the reason. */
export function failedRow(key, label, target, error) {
  const message = error instanceof Error ? error.message : String(error);
  return row(key, label, target, { figure: 'could not measure', error: message.split('\n')[0] });
}

export function skippedRow(key, label, target, why) {
  return row(key, label, target, { figure: why });
}

const metText = (r) => {
  if (r.error) return 'ERROR';
  if (r.met === null || r.met === undefined) return '-';
  return r.met ? 'yes' : 'NO';
};

function table(header, lines, rightAligned) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const fmt = (cells) =>
    cells
      .map((c, i) => (rightAligned.includes(i) ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(fmt(line));
}

/** The report's rows: figure, target, met?, % of the ceiling. */
export function printRows(rows) {
  table(
    ['row', 'figure', 'target', 'met?', '% ceiling'],
    rows.map((r) => [
      r.label,
      r.figure,
      r.target,
      metText(r),
      r.ceilingPct === null || r.ceilingPct === undefined ? '' : `${r.ceilingPct.toFixed(1)}%`,
    ]),
    [4],
  );
}

/** The raw autocannon figures of each load target. */
export function printLoadTable(results, ceilingReqPerSec) {
  table(
    [
      'target',
      'req/s',
      'flows/s',
      '% ceiling',
      'p50 ms',
      'p99 ms',
      'errors',
      'non-2xx',
      'peak RSS MiB',
      'load avg',
    ],
    results.map((r) => [
      `${r.name}  ${r.path}`,
      r.reqPerSec.toFixed(0),
      r.flowsPerSec === undefined ? '-' : r.flowsPerSec.toFixed(1),
      ceilingReqPerSec ? `${((r.reqPerSec / ceilingReqPerSec) * 100).toFixed(1)}%` : '-',
      fmtMs(r.latencyP50Ms),
      fmtMs(r.latencyP99Ms),
      String(r.errors + r.timeouts),
      String(r.non2xx),
      fmtMiB(r.peakRssBytes),
      r.loadAverage1m ? r.loadAverage1m.map((n) => n.toFixed(1)).join('-') : '-',
    ]),
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
  );
}

export function printTable(header, lines, rightAligned = []) {
  table(header, lines, rightAligned);
}
