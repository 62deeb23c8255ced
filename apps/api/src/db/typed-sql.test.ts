import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/test-app.ts';
import { type Database, queryPrepared } from './client.ts';
import { column, query, typedSql } from './typed-sql.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('typed raw SQL', () => {
  it('returns rows as their schema reads them, whichever driver gave them', async () => {
    const rows = await query(
      database.db,
      typedSql(z.object({ n: column.number, at: column.isoTime, label: z.string() }))`
        SELECT count(*) AS n, timestamptz '2026-01-02 03:04:05+00' AS at, 'x' AS label FROM generate_series(1, 3)`,
    );
    expect(rows).toEqual([{ n: 3, at: '2026-01-02T03:04:05.000Z', label: 'x' }]);
  });

  it('runs the statement the way it is given (prepared here)', async () => {
    const statement = typedSql(z.object({ one: z.number() }))`SELECT 1 AS one`;
    expect(await query(database.db, statement, queryPrepared)).toEqual([{ one: 1 }]);
  });

  it('refuses a row that does not match its schema, naming the statement and the column', async () => {
    const wrong = typedSql(z.object({ n: z.string() }))`SELECT 1 AS n`;
    await expect(query(database.db, wrong)).rejects.toThrow(
      /A row of "SELECT 1 AS n" does not match its schema: ✖ Invalid input: expected string, received number\s+→ at n/,
    );
  });
});
