import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { serializeError } from './log-errors.ts';

describe('serializeError', () => {
  it("keeps a failed query's values out of the log, in the error and its cause", async () => {
    const database = await openTestDatabase();
    try {
      const secret = 'shopper-secret@example.com';
      const error = await database.db
        .execute(sql`SELECT ${secret}::int AS n, ${'second-value'}::text AS t`)
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(Error);
      // What the log had before: the values in the message and in `params`.
      expect(JSON.stringify({ message: (error as Error).message, ...(error as object) })).toContain(secret);

      const logged = JSON.stringify(serializeError(error));
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain('second-value');
      expect(logged).toContain('Failed query');
      expect(logged).toContain('22P02');
    } finally {
      await database.close();
    }
  });

  it('leaves other errors as they were, with their own fields', () => {
    const error = Object.assign(new Error('boom'), { code: 'E_THING', statusCode: 500 });
    expect(serializeError(error)).toMatchObject({
      type: 'Error',
      message: 'boom',
      code: 'E_THING',
      statusCode: 500,
    });
    expect(serializeError('text')).toBe('text');
  });
});
