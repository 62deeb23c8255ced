import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../lib/paths.ts';

// Migration 0061 moves each shipping zone's tax rate to the places the zone covers: a shop charges
// after it what it charged before.
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was before `tag` (the journal cut there). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cw-migrations-'));
  dirs.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const path = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(path, JSON.stringify(journal));
  return dir;
}

describe('migration 0061 (taxes by place)', () => {
  it("gives each place its zone's rate, a state without tax in a taxed country 0%, and keeps tax on shipping", async () => {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore('0061_tax_by_place') });
    await client.exec(`
      INSERT INTO settings (key, value) VALUES ('tax.charge_on_shipping', 'true');
      INSERT INTO shipping_zones (id, name, countries, states) VALUES
        ('00000000-0000-4000-8000-000000000001', 'United States', '{US}', '{}'),
        ('00000000-0000-4000-8000-000000000002', 'Oregon', '{US}', '{US-OR}'),
        ('00000000-0000-4000-8000-000000000003', 'California', '{US}', '{US-CA}'),
        ('00000000-0000-4000-8000-000000000004', 'Europe', '{DE,FR}', '{}'),
        ('00000000-0000-4000-8000-000000000005', 'Japan', '{JP}', '{}');
      INSERT INTO tax_rates (zone_id, name, rate_bps) VALUES
        ('00000000-0000-4000-8000-000000000001', 'Sales tax', 825),
        ('00000000-0000-4000-8000-000000000003', 'CA tax', 725),
        ('00000000-0000-4000-8000-000000000004', 'VAT', 2000);
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const { rows } = await client.query(
      `SELECT country, state, name, rate_bps::float8 AS rate, taxes_shipping FROM tax_rates
       ORDER BY country, state NULLS FIRST`,
    );
    expect(rows).toEqual([
      { country: 'DE', state: null, name: 'VAT', rate: 2000, taxes_shipping: true },
      { country: 'FR', state: null, name: 'VAT', rate: 2000, taxes_shipping: true },
      { country: 'US', state: null, name: 'Sales tax', rate: 825, taxes_shipping: true },
      { country: 'US', state: 'CA', name: 'CA tax', rate: 725, taxes_shipping: true },
      { country: 'US', state: 'OR', name: 'Tax', rate: 0, taxes_shipping: true },
    ]);
    const setting = await client.query(`SELECT 1 FROM settings WHERE key = 'tax.charge_on_shipping'`);
    expect(setting.rows).toEqual([]);
    await client.close();
  });
});
