import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/test-app.ts';
import { type Database, queryRows } from '../../../db/client.ts';
import { type TextMatch, textArray, tsQuerySql } from './search-sql.ts';

// The search's tsquery is built in the database from its words as one parameter (migration 0057); it
// must be the very query the operators written out give: the same words, configs, prefixes and tree.
const written = (text: TextMatch, shopperWords = false) =>
  text.groups
    .map((words, g) => {
      const used = shopperWords ? words.slice(0, 1) : words;
      const prefix = text.prefixLast && g === text.groups.length - 1;
      return `(${used
        .map((w, i) => {
          const word = `'${prefix && i === 0 ? `${w}:*` : w}'`;
          return `(to_tsquery('english', ${word}) || to_tsquery('simple', ${word}))`;
        })
        .join(' || ')})`;
    })
    .join(' && ');

const cases: TextMatch[] = [
  { raw: 'mug', groups: [['mug']], prefixLast: false },
  { raw: 'hood', groups: [['hood']], prefixLast: true },
  {
    raw: 'wol swater',
    groups: [
      ['wol', 'wool'],
      ['swater', 'sweater', 'sweaters'],
    ],
    prefixLast: true,
  },
  { raw: 'running shoes red', groups: [['running'], ['shoes', 'shoe'], ['red', 'bed']], prefixLast: false },
  { raw: 'café', groups: [['café']], prefixLast: true },
];

describe('the search tsquery', () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it.each(cases)('for "$raw" is the operators written out, all words and the shopper words', async (text) => {
    for (const shopperWords of [false, true]) {
      const [row] = await queryRows<{ built: string; expected: string }>(
        database.db,
        sql`SELECT ${tsQuerySql(text, shopperWords)}::text AS built, (${sql.raw(written(text, shopperWords))})::text AS expected`,
      );
      expect(row?.built).toBe(row?.expected);
      expect(row?.built).toContain(text.groups[0]?.[0]);
    }
  });

  // bench/catalog-explain.mjs runs the statements through postgres.js without drizzle, whose client
  // JSON-encodes a parameter it learns is jsonb: the JSON must arrive as it was written, not as a
  // JSON string of it ("cannot extract elements from a scalar").
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'arrives whole through a postgres.js client without drizzle',
    async () => {
      const client = postgres(database.url as string, { max: 1, onnotice: () => {} });
      try {
        const text = cases[2] as TextMatch;
        const built = new PgDialect().sqlToQuery(
          sql`SELECT ${tsQuerySql(text)}::text AS built, (${sql.raw(written(text))})::text AS expected,
          ${textArray(['one', 'two "quoted"'])} AS list`,
        );
        const [row] = await client.unsafe(built.sql, built.params as string[]);
        expect(row?.built).toBe(row?.expected);
        expect(row?.list).toEqual(['one', 'two "quoted"']);
      } finally {
        await client.end({ timeout: 5 });
      }
    },
  );
});
