// Library module: raw SQL whose rows are described once, by a zod schema written with the statement
// (`typedSql(rowSchema)`...``), and checked when they arrive, instead of a type argument at each call.
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type Db, queryRows, type Tx } from './client.ts';

/** A statement and the schema every row it returns must match. */
export interface TypedSql<Row> {
  readonly query: SQL;
  readonly row: z.ZodType<Row>;
}

/**
 * A `sql` template whose rows `row` describes:
 * `typedSql(z.object({ id: z.string() }))`SELECT id FROM orders WHERE ...``.
 */
export function typedSql<Schema extends z.ZodType>(row: Schema) {
  return (strings: TemplateStringsArray, ...params: unknown[]): TypedSql<z.output<Schema>> => ({
    query: sql(strings, ...params),
    row: row as z.ZodType<z.output<Schema>>,
  });
}

/** How a statement is run: queryRows, or queryPrepared / queryRecurring for hot statements. */
export type RunQuery = (db: Db | Tx, query: SQL) => Promise<unknown[]>;

/**
 * Runs a typed statement; each row is checked and converted by its schema. A row that does not match
 * is a bug in the statement or its schema: the error names the statement and the mismatch.
 */
export async function query<Row>(
  db: Db | Tx,
  statement: TypedSql<Row>,
  run: RunQuery = queryRows,
): Promise<Row[]> {
  const rows = await run(db, statement.query);
  return rows.map((row) => {
    const parsed = statement.row.safeParse(row);
    if (parsed.success) return parsed.data;
    throw new Error(
      `A row of "${firstWords(statement.query)}" does not match its schema: ${z.prettifyError(parsed.error)}`,
    );
  });
}

const dialect = new PgDialect();

/** The statement's first words, to name it in an error. */
function firstWords(query: SQL): string {
  const text = dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 80)}...` : text;
}

/** The row of a statement that returns only an id (`RETURNING id`). */
export const idRow = z.object({ id: z.string() });

/** Column values whose JavaScript type depends on the driver (or on JSON built in SQL), read as one. */
export const column = {
  /** A timestamp as an ISO string: the drivers give a Date, JSON built in SQL gives a string. */
  isoTime: z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString()),
  /** A bigint or numeric, such as count(*) or a sum of cents, as a number: postgres.js gives a string. */
  number: z.union([z.number(), z.string(), z.bigint()]).transform((value) => Number(value)),
};
