#!/usr/bin/env node
// EXPLAIN (ANALYZE, BUFFERS) of the storefront product list for each query shape of the big catalog:
// the very SQL the server runs, built by productListSql() in
// apps/api/src/modules/catalog/catalog.service.ts (loaded with tsx) and turned into text and
// parameters by Drizzle's PgDialect, as the server's driver does. See bench/README.md.
//
//   node bench/catalog-explain.mjs --url postgres://postgres@127.0.0.1:5544/cartwheel_bench_big [--plans]
//
// bench/big-catalog.mjs imports explainCatalogQueries() when this file exists.

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PgDialect } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { tsImport } from 'tsx/esm/api';
import { NAME_WORDS } from './seed-catalog.mjs';

const SERVICE = '../apps/api/src/modules/catalog/catalog.service.ts';
const SEARCH_SQL = '../apps/api/src/modules/search/storefront/facet-sql.ts';

/**
 * One plan per query shape: [{ name, params, indexes, seqScans, planText, planningMs, executionMs,
 * sharedHitBlocks, sharedReadBlocks }]. `indexes` are the index names anywhere in the plan (the page,
 * the total and the relations of each product), in plan order. The search terms and the category
 * come from `context` (as bench/big-catalog.mjs picks them), else from the database.
 * @param {import('postgres').Sql} sql a client on the big-catalog database
 * @param {{ searchTerms?: { common?: { term: string }, few?: { term: string } }, category?: string,
 *   brand?: string, page?: number, limit?: number, log?: (msg: string) => void }} [context]
 */
export async function explainCatalogQueries(sql, context = {}) {
  const { productListSql } = await tsImport(SERVICE, import.meta.url);
  const { searchSql } = await tsImport(SEARCH_SQL, import.meta.url);
  const dialect = new PgDialect();
  const picked = await pickParameters(sql, context);
  const base = { sort: 'newest', page: context.page ?? 1, limit: context.limit ?? 20 };
  const shapes = [
    ['newest', {}],
    ['name', { sort: 'name' }],
    ['price_asc', { sort: 'price_asc' }],
    ['price_desc', { sort: 'price_desc' }],
    ['search', { search: picked.common }],
    ['search_few', { search: picked.few }],
    ['category', { category: picked.category }],
    ['brand', { brand: picked.brand }],
    ['featured', { featured: true }],
  ];
  // The catalog page's search with facets (GET /api/search) for words the catalog uses (no typo to
  // correct, so the statement is the whole request but its vocabulary lookup), and with no text.
  const words = [NAME_WORDS.materials[0], NAME_WORDS.nouns[0]].map((w) => w.toLowerCase());
  const searchShapes = [
    [
      'facets_words',
      { search: words.join(' ') },
      { raw: words.join(' '), groups: words.map((w) => [w]), prefixLast: true },
    ],
    ['facets_all', {}, null],
  ];
  const queries = [
    ...shapes.map(([name, extra]) => {
      const params = { ...base, ...extra };
      return { name, params, built: productListSql(params) };
    }),
    ...searchShapes.map(([name, extra, text]) => {
      const params = { page: base.page, limit: base.limit, ...extra };
      return { name, params, built: searchSql(params, text, text ? 'relevance' : 'newest') };
    }),
  ];
  const plans = [];
  for (const { name, params, built } of queries) {
    const query = dialect.sqlToQuery(built);
    const [row] = await sql.unsafe(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query.sql}`, query.params);
    const [explained] = row['QUERY PLAN'];
    const indexes = [];
    const seqScans = [];
    walk(explained.Plan, (node) => {
      if (node['Index Name'] && !indexes.includes(node['Index Name'])) indexes.push(node['Index Name']);
      if (node['Node Type'] === 'Seq Scan' && !seqScans.includes(node['Relation Name']))
        seqScans.push(node['Relation Name']);
    });
    plans.push({
      name,
      params,
      indexes,
      seqScans,
      planText: planText(explained.Plan),
      planningMs: explained['Planning Time'],
      executionMs: explained['Execution Time'],
      sharedHitBlocks: explained.Plan['Shared Hit Blocks'] ?? 0,
      sharedReadBlocks: explained.Plan['Shared Read Blocks'] ?? 0,
    });
    context.log?.(`explain ${name}: ${explained['Execution Time'].toFixed(1)} ms, ${indexes.join(', ')}`);
  }
  return plans;
}

/** Search terms (about 1% of the names, and a handful), a category and a brand with products. */
async function pickParameters(sql, context) {
  const count = async (term) => {
    const pattern = `%${term}%`;
    const [r] = await sql`select count(*)::int as n from products
      where is_visible and deleted_at is null and (name ilike ${pattern} or sku ilike ${pattern})`;
    return r.n;
  };
  let common = context.searchTerms?.common?.term;
  let few = context.searchTerms?.few?.term;
  if (!common || !few) {
    const [{ n: visible }] =
      await sql`select count(*)::int as n from products where is_visible and deleted_at is null`;
    // Seeded names are "Cozy Wool Sweater <n>": a noun names one product in 40.
    common ??= NAME_WORDS.nouns[2];
    if (!few) {
      for (let k = Math.floor(visible * 0.4567) + 1; !few && k < visible * 0.4567 + 200; k++) {
        const n = await count(String(k));
        if (n >= 1 && n <= 5) few = String(k);
      }
      few ??= 'zzzz';
    }
  }
  const [category] = context.category
    ? [{ slug: context.category }]
    : await sql`select c.slug from categories c join product_categories pc on pc.category_id = c.id
        where c.is_visible group by c.slug order by count(*) desc, c.slug limit 1`;
  const [brand] = context.brand
    ? [{ slug: context.brand }]
    : await sql`select b.slug from brands b join products p on p.brand_id = b.id
        group by b.slug order by count(*) desc, b.slug limit 1`;
  return { common, few, category: category?.slug ?? 'none', brand: brand?.slug ?? 'none' };
}

function walk(node, visit) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** The JSON plan as an indented tree: node, index or table, actual rows x loops, time, buffers. */
function planText(root) {
  const lines = [];
  const render = (node, depth) => {
    const on = node['Index Name']
      ? ` using ${node['Index Name']} on ${node['Relation Name'] ?? ''}`.trimEnd()
      : node['Relation Name']
        ? ` on ${node['Relation Name']}`
        : '';
    const role = node['Subplan Name'] ? ` [${node['Subplan Name']}]` : '';
    const loops = node['Actual Loops'] ?? 1;
    const detail = [
      `rows=${node['Actual Rows']}${loops > 1 ? ` loops=${loops}` : ''}`,
      `time=${Number(node['Actual Total Time'] ?? 0).toFixed(3)} ms`,
      `hit=${node['Shared Hit Blocks'] ?? 0}${node['Shared Read Blocks'] ? ` read=${node['Shared Read Blocks']}` : ''}`,
    ];
    const cond = node['Index Cond'] ?? node['Recheck Cond'] ?? node.Filter;
    lines.push(`${'  '.repeat(depth)}${node['Node Type']}${on}${role} (${detail.join(' ')})`);
    if (cond) lines.push(`${'  '.repeat(depth + 1)}${node['Index Cond'] ? 'cond' : 'filter'}: ${cond}`);
    if (node['Heap Fetches'] !== undefined)
      lines.push(`${'  '.repeat(depth + 1)}heap fetches: ${node['Heap Fetches']}`);
    for (const child of node.Plans ?? []) render(child, depth + 1);
  };
  render(root, 0);
  return lines.join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      plans: { type: 'boolean', default: false },
      page: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.url) {
    console.error('usage: node bench/catalog-explain.mjs --url postgres://... [--plans] [--page <n>]');
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const sql = postgres(values.url, { max: 1, onnotice: () => {} });
  try {
    const plans = await explainCatalogQueries(sql, { page: values.page ? Number(values.page) : undefined });
    for (const p of plans) {
      const what = p.params.search ?? p.params.category ?? p.params.brand ?? '';
      console.log(
        `${p.name.padEnd(11)} ${what.padEnd(18)} execution ${p.executionMs.toFixed(2).padStart(7)} ms, ` +
          `planning ${p.planningMs.toFixed(2).padStart(6)} ms, buffers hit ${p.sharedHitBlocks}` +
          `${p.sharedReadBlocks ? ` read ${p.sharedReadBlocks}` : ''}`,
      );
      console.log(`            indexes: ${p.indexes.join(', ') || 'none'}`);
      if (p.seqScans.length) console.log(`            seq scans: ${p.seqScans.join(', ')}`);
      if (values.plans) console.log(`${p.planText.replace(/^/gm, '    ')}\n`);
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
