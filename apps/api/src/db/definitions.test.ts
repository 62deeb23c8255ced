import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from './client.ts';
import {
  type DefinitionFiles,
  diffDefinitions,
  inRolledBackTransaction,
  readDefinitionFiles,
  splitStatements,
} from './definitions.ts';
import { describeDiff, migrationStatements } from './definitions-migration.ts';

let database: Database;
let files: DefinitionFiles;

beforeAll(async () => {
  database = await openTestDatabase();
  files = readDefinitionFiles();
});
afterAll(async () => database?.close());

/** The files with some changed, for the tests that show a difference is found. */
function changed(change: (copy: DefinitionFiles) => void): DefinitionFiles {
  const copy = { functions: new Map(files.functions), triggers: new Map(files.triggers) };
  change(copy);
  return copy;
}

describe('the database functions and triggers', () => {
  it('are, in the migrated database, exactly what db/functions and db/triggers hold', async () => {
    const diff = await diffDefinitions(database.db, files);
    // A difference means a file was changed without a migration: `npm run db:functions` writes it.
    expect(describeDiff(diff)).toEqual([]);
    expect(files.functions.size).toBeGreaterThan(0);
    expect(files.triggers.size).toBeGreaterThan(0);
  });

  it('differ when a function file says something else, and the written migration makes them the same', async () => {
    const edited = changed((copy) => {
      const text = copy.functions.get('cartwheel_word_rank') ?? '';
      copy.functions.set('cartwheel_word_rank', text.replace('SELECT ts_rank(', 'SELECT 2 * ts_rank('));
    });
    const diff = await diffDefinitions(database.db, edited);
    expect(describeDiff(diff)).toEqual([
      "function cartwheel_word_rank: functions/cartwheel_word_rank.sql differs from the database's definition",
    ]);
    const statements = await migrationStatements(database.db, diff, edited);
    expect(statements).toEqual([edited.functions.get('cartwheel_word_rank')]);
    const after = await inRolledBackTransaction(database.db, async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
      return tx.execute(sql`SELECT cartwheel_word_rank(to_tsvector('simple', 'tee'), 'tee') AS rank`);
    });
    const [row] = (Array.isArray(after) ? after : (after as { rows: unknown[] }).rows) as { rank: number }[];
    expect(row!.rank).toBeGreaterThan(0);
  });

  it('differ when a function has no file, or a file no function', async () => {
    const edited = changed((copy) => {
      copy.functions.delete('categories_no_cycle');
      copy.triggers.set(
        'categories',
        (copy.triggers.get('categories') ?? []).filter(
          (statement) => !statement.includes('categories_no_cycle'),
        ),
      );
      copy.functions.set(
        'cartwheel_answer',
        'CREATE OR REPLACE FUNCTION public.cartwheel_answer() RETURNS integer LANGUAGE sql AS $$ SELECT 42 $$;',
      );
    });
    expect(describeDiff(await diffDefinitions(database.db, edited))).toEqual([
      'function cartwheel_answer: functions/cartwheel_answer.sql, not in the database',
      'function categories_no_cycle: in the database, no file functions/categories_no_cycle.sql',
      'trigger categories_no_cycle on categories: in the database, not in triggers/categories.sql',
    ]);
  });

  it('differ when a trigger file changes a trigger, and the migration drops and creates it', async () => {
    const edited = changed((copy) => {
      const statements = copy.triggers.get('refunds') ?? [];
      copy.triggers.set(
        'refunds',
        statements.map((statement) => statement.replace('INSERT OR DELETE OR UPDATE', 'INSERT OR UPDATE')),
      );
    });
    const diff = await diffDefinitions(database.db, edited);
    expect(describeDiff(diff)).toEqual([
      "trigger refunds_sales_daily on refunds: triggers/refunds.sql differs from the database's definition",
    ]);
    const statements = await migrationStatements(database.db, diff, edited);
    expect(statements[0]).toBe('DROP TRIGGER "refunds_sales_daily" ON public."refunds";');
    expect(statements[1]).toMatch(
      /^CREATE TRIGGER refunds_sales_daily BEFORE INSERT OR UPDATE ON public.refunds /,
    );
    expect(statements).toHaveLength(2);
  });

  it('splits a trigger file at the semicolons that end its lines, leaving comments with their statement', () => {
    expect(splitStatements('-- why;\nCREATE TRIGGER a\n  AFTER INSERT;\n\nCREATE TRIGGER b;\n')).toEqual([
      '-- why;\nCREATE TRIGGER a\n  AFTER INSERT;',
      'CREATE TRIGGER b;',
    ]);
    expect(() => splitStatements('CREATE TRIGGER a')).toThrow('does not end in ";"');
  });
});
