// The storefront rows: first-load JavaScript of the build and Lighthouse on the home page and one
// product page, both through bench/lighthouse.mjs when it exists (else "not measured").

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './processes.mjs';
import { row } from './report.mjs';

const LIGHTHOUSE_MODULE = join(root, 'bench/lighthouse.mjs');
const STOREFRONT_DIST = join(root, 'apps/storefront/dist');
export const FIRST_LOAD_JS_TARGET_BYTES = 150 * 1024;
export const LIGHTHOUSE_TARGET = 95;

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
    out.lighthouse = await mod.runLighthouse({ baseUrl, paths, log });
  } catch (err) {
    out.errors.lighthouse = err.message;
  }
  return out;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The report's rows for the storefront: first-load JS, then one Lighthouse row per path. */
export function frontendRows(front, paths) {
  const jsTarget = `<= ${kib(FIRST_LOAD_JS_TARGET_BYTES)} gzip`;
  const lhTarget = `performance >= ${LIGHTHOUSE_TARGET}`;
  const rows = [];
  const lhLabel = (path) => `Lighthouse mobile ${path === '/' ? 'home /' : `product ${path}`}`;
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
            figure: `${r.performance} (FCP ${r.fcp_ms} ms, LCP ${r.lcp_ms} ms, TBT ${r.tbt_ms} ms, CLS ${r.cls})`,
            met: r.performance >= LIGHTHOUSE_TARGET,
          }),
        );
      }
    }
  }
  return rows;
}
