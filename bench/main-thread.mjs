#!/usr/bin/env node
// Main-thread CPU of storefront page loads, from a DevTools trace in the system Chromium (no
// throttling, a 412x823 phone viewport). See
// bench/results/2026-11-27-storefront-script-priority.md.
//
//   node bench/main-thread.mjs --url http://127.0.0.1:3250 --paths /,/products --runs 5
//
// Figures are thread time (the trace's `tdur`), which other processes on the machine inflate far less
// than wall time, the median of the runs: all main-thread tasks, script, style and layout, the tasks
// after the first paint that would be long at Lighthouse's 4x CPU (over 12.5 ms), the longest of them,
// and the blocking time they would add at 4x (sum of 4 x thread time - 50 ms).

import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { parseFlags } from './options.mjs';

const SCRIPT = new Set([
  'EvaluateScript',
  'FunctionCall',
  'v8.evaluateModule',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'RunMicrotasks',
  'v8.run',
  'V8.Execute',
]);
const STYLE = new Set(['UpdateLayoutTree', 'Layout', 'RecalculateStyles']);
const CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading';

/** Loads `url` once with a trace; returns the trace's events. */
async function traceLoad(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (batch) => events.push(...batch.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(2500); // the app's start-up and first render come after `load`
    await cdp.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await context.close();
  }
}

/** The figures of one load: the page's main thread is the renderer thread that parsed `url`. */
function figures(events, url) {
  const thread = (e) => `${e.pid}:${e.tid}`;
  const main = events.find((e) => e.name === 'ParseHTML' && (e.args?.beginData?.url ?? '').startsWith(url));
  if (!main) throw new Error(`no ParseHTML of ${url} in the trace`);
  const own = events.filter((e) => thread(e) === thread(main) && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const firstPaint =
    events.find((e) => e.name === 'firstContentfulPaint' && thread(e) === thread(main))?.ts ?? 0;
  const cpu = (e) => (e.tdur ?? e.dur) / 1000;
  // Outermost events of a kind only, so nested calls are not counted twice.
  const outermost = (names) => {
    let end = 0;
    let sum = 0;
    for (const e of own) {
      if (!names.has(e.name) || e.ts < end) continue;
      sum += cpu(e);
      end = e.ts + e.dur;
    }
    return sum;
  };
  const tasks = own.filter((e) => e.name === 'RunTask');
  const after = tasks.filter((t) => t.ts >= firstPaint).map(cpu);
  return {
    tasks: tasks.reduce((sum, t) => sum + cpu(t), 0),
    script: outermost(SCRIPT),
    style: outermost(STYLE),
    long: after.filter((ms) => 4 * ms > 50).length,
    longest: Math.max(0, ...after),
    blocking4x: after.reduce((sum, ms) => sum + Math.max(0, 4 * ms - 50), 0),
  };
}

function parseArgs(argv) {
  const args = parseFlags(argv, { url: '', paths: '/', runs: 5 });
  if (!args.url) throw new Error('give --url <origin> (and --paths)');
  if (!Number.isInteger(args.runs) || args.runs < 1) throw new Error('--runs must be a whole number >= 1');
  return { ...args, paths: args.paths.split(',').filter(Boolean) };
}

async function main() {
  const { url, paths, runs } = parseArgs(process.argv.slice(2));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    for (const path of paths) {
      const pageUrl = new URL(path, url).href;
      const measured = [];
      for (let i = 0; i < runs; i++) measured.push(figures(await traceLoad(browser, pageUrl), pageUrl));
      const median = (key) => measured.map((m) => m[key]).sort((a, b) => a - b)[Math.floor(runs / 2)];
      const ms = (key) => `${median(key).toFixed(0)} ms`;
      console.log(
        `${path}: tasks ${ms('tasks')}, script ${ms('script')}, style+layout ${ms('style')}; after the first ` +
          `paint ${median('long')} tasks over 12.5 ms, longest ${ms('longest')}, blocking at 4x ` +
          `${ms('blocking4x')} (median of ${runs}; script per run ${measured.map((m) => m.script.toFixed(0)).join(' ')})`,
      );
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
