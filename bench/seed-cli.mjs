// The command line of the seed scripts (bench/seed-catalog.mjs, bench/seed-orders.mjs): their options,
// a connection to `--url` (or DATABASE_URL), the seed, then ANALYZE.

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { parseFlags } from './options.mjs';

/**
 * When the module at `moduleUrl` is the script node was started with: parses `--url` and the
 * options in `defaults`, and runs `seed(sql, { ...options, log })` on that database.
 */
export async function runSeedCli(moduleUrl, name, defaults, seed) {
  if (!process.argv[1] || resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  const args = parseFlags(process.argv.slice(2), { url: process.env.DATABASE_URL, ...defaults });
  if (!args.url) throw new Error('pass --url postgres://... (or set DATABASE_URL)');
  const sql = postgres(args.url, { max: 1, onnotice: () => {} });
  try {
    await seed(sql, { ...args, log: (m) => console.error(`[${name}] ${m}`) });
    await sql`analyze`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
