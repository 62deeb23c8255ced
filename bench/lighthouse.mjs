#!/usr/bin/env node
// Lighthouse performance of storefront pages, and the storefront's first-load JavaScript. See
// bench/phases.md, "6. Storefront".
//
//   node bench/lighthouse.mjs --url http://127.0.0.1:3300 --paths /,/product/some-slug
//   node bench/lighthouse.mjs --url ... --paths ... --runs 3     median of 3 runs per page
//   node bench/lighthouse.mjs --url ... --paths ... --runs 3 --pick best
//   node bench/lighthouse.mjs --url ... --paths ... --report-dir /tmp/lhr   also keep each full report
//   node bench/lighthouse.mjs --first-load-js [apps/storefront/dist]
//
// Lighthouse's default config: the mobile preset with simulated throttling (slow 4G, 4x CPU), the
// performance category only. Chromium is the system one, with everything that would try to reach
// the network switched off (the machine's network is closed) and a fresh profile per call.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const STOREFRONT_DIST = join(root, 'apps/storefront/dist');

export const CHROME_PATH = CHROMIUM_PATH;
export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** The figures of one Lighthouse run (times in ms, rounded; performance 0-100). */
function figures(lhr) {
  const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  const score = lhr.categories.performance?.score;
  return {
    performance: score == null ? Number.NaN : Math.round(score * 100),
    fcp_ms: ms('first-contentful-paint'),
    lcp_ms: ms('largest-contentful-paint'),
    tbt_ms: ms('total-blocking-time'),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    si_ms: ms('speed-index'),
  };
}

/** The run to report out of several: the median by performance score, or the best one. */
function pickRun(runs, pick) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return pick === 'best' ? sorted[sorted.length - 1] : sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * Runs Lighthouse (mobile preset, simulated throttling, performance only) on each path of `baseUrl`,
 * one after another in one headless Chromium with a fresh profile. With `runs` > 1 each page is
 * measured that many times and the median run (by score; `pick: 'best'` for the best) is reported.
 * Resolves to `[{ path, performance, fcp_ms, lcp_ms, tbt_ms, cls, si_ms, runs, pick, scores, load1 }]`
 * (load1: the machine's 1-minute load average when the page's runs started).
 * `reportDir`, when given, receives each run's full Lighthouse result (JSON) to look into.
 */
export async function runLighthouse({
  baseUrl,
  paths,
  log = () => {},
  runs = 1,
  pick = 'median',
  reportDir,
}) {
  if (!['median', 'best'].includes(pick)) throw new Error(`pick must be median or best, not ${pick}`);
  const userDataDir = mkdtempSync(join(os.tmpdir(), 'cartwheel-lighthouse-'));
  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: CHROME_FLAGS,
      userDataDir,
      logLevel: 'silent',
    });
    const results = [];
    for (const path of paths) {
      const url = new URL(path, baseUrl).href;
      const measured = [];
      const [load1] = os.loadavg();
      for (let i = 0; i < runs; i++) {
        log(`lighthouse ${url}${runs > 1 ? ` (run ${i + 1} of ${runs})` : ''}`);
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
        const run = figures(lhr);
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${i + 1}.json`;
          writeFileSync(join(reportDir, name), JSON.stringify(lhr));
        }
        for (const warning of lhr.runWarnings ?? []) log(`  warning: ${warning}`);
        log(`  performance ${run.performance}, LCP ${run.lcp_ms} ms`);
        measured.push(run);
      }
      results.push({
        path,
        ...pickRun(measured, pick),
        runs,
        pick,
        scores: measured.map((r) => r.performance),
        // Lighthouse's CPU figures (TBT above all) grow with whatever else runs on the machine.
        load1: Number(load1.toFixed(2)),
      });
    }
    return results;
  } finally {
    if (chrome) {
      try {
        await chrome.kill();
      } catch (err) {
        log(`could not stop Chromium: ${err.message}`);
      }
    }
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

const attr = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];

/**
 * The JavaScript a first visit downloads before the page can run: every script `index.html` loads
 * (`<script src>`) or preloads (`<link rel="modulepreload">`), plus any inline script, each gzipped at
 * level 9 (as `gzip -9`). Sizes in bytes.
 */
export function firstLoadJs(distDir = STOREFRONT_DIST) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = [];
  const seen = new Set();
  const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
  const add = (href) => {
    const path = new URL(href, 'http://x/').pathname;
    if (seen.has(path)) return;
    seen.add(path);
    files.push({ file: path.replace(/^\//, ''), bytes: gz(readFileSync(join(distDir, path))) });
  };
  let inline = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = match;
    const src = attr(attrs, 'src');
    const type = attr(attrs, 'type');
    if (src) add(src);
    else if (body.trim() && (!type || /^(module|text\/javascript)$/i.test(type))) {
      files.push({ file: `index.html (inline script ${++inline})`, bytes: gz(Buffer.from(body)) });
    }
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(match[0], 'href');
    if (href && /^modulepreload$/i.test(attr(match[0], 'rel') ?? '')) add(href);
  }
  return { totalBytes: files.reduce((sum, f) => sum + f.bytes, 0), files };
}

// --- on its own ---------------------------------------------------------------------------------

// KB of 1,000 bytes (`gzip -9 -c | wc -c`); the bench's row (bench/frontend.mjs) counts KB of 1,024.
const kb = (bytes) => (bytes / 1000).toFixed(1);

function parseArgs(argv) {
  const args = {
    url: undefined,
    paths: ['/'],
    runs: 1,
    pick: 'median',
    firstLoadJs: undefined,
    reportDir: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--url') args.url = value();
    else if (flag === '--paths') args.paths = value().split(',').filter(Boolean);
    else if (flag === '--runs') args.runs = Number(value());
    else if (flag === '--pick') args.pick = value();
    else if (flag === '--report-dir') args.reportDir = resolve(value());
    else if (flag === '--first-load-js') {
      const next = inline ?? (argv[i + 1]?.startsWith('--') ? undefined : argv[++i]);
      args.firstLoadJs = next ? resolve(next) : STOREFRONT_DIST;
    } else throw new Error(`unknown argument: ${argv[i]}`);
  }
  if (!Number.isInteger(args.runs) || args.runs < 1) throw new Error('--runs must be a whole number >= 1');
  if (!args.url && !args.firstLoadJs)
    throw new Error('give --url <origin> (and --paths), or --first-load-js');
  return args;
}

function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])));
  console.log(line(header).join('  '));
  for (const row of rows) console.log(line(row).join('  '));
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.firstLoadJs) {
    const { totalBytes, files } = firstLoadJs(args.firstLoadJs);
    console.log(`First-load JavaScript of ${args.firstLoadJs}/index.html (gzip -9, KB of 1,000 bytes):`);
    printTable(['file', 'KB'], [...files.map((f) => [f.file, kb(f.bytes)]), ['total', kb(totalBytes)]]);
    if (args.url) console.log('');
  }
  if (args.url) {
    const results = await runLighthouse({
      baseUrl: args.url,
      paths: args.paths,
      runs: args.runs,
      pick: args.pick,
      reportDir: args.reportDir,
      log: (msg) => console.error(`[lighthouse] ${msg}`),
    });
    const how = args.runs === 1 ? 'one run per page' : `${args.pick} of ${args.runs} runs per page`;
    console.log(`Lighthouse ${args.url}: mobile preset, simulated throttling, ${how}`);
    console.log(`(load: the machine's 1-minute load average at the start, on ${os.cpus().length} CPUs)`);
    printTable(
      [
        'path',
        'perf',
        'FCP ms',
        'LCP ms',
        'TBT ms',
        'CLS',
        'SI ms',
        'load',
        ...(args.runs > 1 ? ['scores'] : []),
      ],
      results.map((r) => [
        r.path,
        r.performance,
        r.fcp_ms,
        r.lcp_ms,
        r.tbt_ms,
        r.cls,
        r.si_ms,
        r.load1,
        ...(args.runs > 1 ? [r.scores.join(' ')] : []),
      ]),
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err.stack ?? err.message);
    process.exit(1);
  });
}
