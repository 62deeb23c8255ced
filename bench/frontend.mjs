// The storefront rows: first-load JavaScript of the build and Lighthouse on the storefront's four
// kinds of page (home, the catalog, a category, a product), both through bench/lighthouse.mjs when it
// exists (else "not measured").

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './processes.mjs';
import { row } from './report.mjs';

const LIGHTHOUSE_MODULE = join(root, 'bench/lighthouse.mjs');
const STOREFRONT_DIST = join(root, 'apps/storefront/dist');
export const FIRST_LOAD_JS_TARGET_BYTES = 150 * 1024;
export const LIGHTHOUSE_TARGET = 95;
/** Lighthouse runs per page; the row shows the median run (by score). */
export const LIGHTHOUSE_RUNS = 3;

/**
 * The pages Lighthouse measures: the home page, the catalog with its facets, the category page of the
 * bench catalog's first category (`categorySlug`) and the first bench product's page (`productPath`),
 * chosen in bench/setup.mjs.
 */
export function lighthousePages({ categorySlug, productPath }) {
  return [
    { name: 'home', path: '/' },
    { name: 'catalog', path: '/products' },
    { name: 'category', path: `/categories/${encodeURIComponent(categorySlug)}` },
    { name: 'product', path: productPath },
  ];
}

/**
 * Returns { available, firstLoadJs?, lighthouse?, errors: { firstLoadJs?, lighthouse? } }. A missing
 * module is "not available"; a module that throws is an error (could not measure).
 */
export async function measureFrontend({ baseUrl, paths, skipLighthouse, log }) {
  if (!existsSync(LIGHTHOUSE_MODULE)) return { available: false, errors: {} };
  const out = { available: true, errors: {} };
  let mod;
  try {
    mod = await import(pathToFileURL(LIGHTHOUSE_MODULE).href);
  } catch (err) {
    out.errors.firstLoadJs = out.errors.lighthouse = `bench/lighthouse.mjs: ${err.message}`;
    return out;
  }
  try {
    out.firstLoadJs = mod.firstLoadJs(STOREFRONT_DIST);
  } catch (err) {
    out.errors.firstLoadJs = err.message;
  }
  if (skipLighthouse) {
    out.lighthouseSkipped = true;
    return out;
  }
  try {
    out.lighthouse = await mod.runLighthouse({ baseUrl, paths, runs: LIGHTHOUSE_RUNS, log });
  } catch (err) {
    out.errors.lighthouse = err.message;
  }
  return out;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The report's rows for the storefront: first-load JS, then one Lighthouse row per page. */
export function frontendRows(front, pages) {
  const jsTarget = `<= ${kib(FIRST_LOAD_JS_TARGET_BYTES)} gzip`;
  const lhTarget = `performance >= ${LIGHTHOUSE_TARGET}, median of ${LIGHTHOUSE_RUNS}`;
  const rows = [];
  const labels = new Map(pages.map((p) => [p.path, `Lighthouse mobile, ${p.name} ${p.path}`]));
  const lhLabel = (path) => labels.get(path);
  const paths = pages.map((p) => p.path);
  if (!front.available) {
    rows.push(row('first_load_js', 'storefront first-load JavaScript', jsTarget, { figure: 'not measured' }));
    for (const path of paths)
      rows.push(row(`lighthouse ${path}`, lhLabel(path), lhTarget, { figure: 'not measured' }));
    return rows;
  }
  if (front.errors.firstLoadJs) {
    rows.push(
      row('first_load_js', 'storefront first-load JavaScript', jsTarget, {
        figure: 'could not measure',
        error: front.errors.firstLoadJs,
      }),
    );
  } else {
    const { totalBytes, files } = front.firstLoadJs;
    rows.push(
      row('first_load_js', 'storefront first-load JavaScript', jsTarget, {
        figure: `${kib(totalBytes)} gzip (${files.length} files)`,
        met: totalBytes <= FIRST_LOAD_JS_TARGET_BYTES,
      }),
    );
  }
  for (const path of paths) {
    const key = `lighthouse ${path}`;
    if (front.lighthouseSkipped) {
      rows.push(row(key, lhLabel(path), lhTarget, { figure: 'skipped (--skip-lighthouse)' }));
    } else if (front.errors.lighthouse) {
      rows.push(
        row(key, lhLabel(path), lhTarget, { figure: 'could not measure', error: front.errors.lighthouse }),
      );
    } else {
      const r = front.lighthouse.find((x) => x.path === path);
      if (!r || Number.isNaN(r.performance)) {
        rows.push(
          row(key, lhLabel(path), lhTarget, { figure: 'could not measure', error: `no score for ${path}` }),
        );
      } else {
        rows.push(
          row(key, lhLabel(path), lhTarget, {
            figure: `${r.performance} (FCP ${r.fcp_ms} ms, LCP ${r.lcp_ms} ms, TBT ${r.tbt_ms} ms, CLS ${r.cls}; runs ${r.scores.join(' ')}, load ${r.load1})`,
            met: r.performance >= LIGHTHOUSE_TARGET,
          }),
        );
      }
    }
  }
  return rows;
}
