import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import { type Database, type Db, queryRows } from '../../db/client.ts';
import { pgErrorInfo } from '../../lib/pg-error.ts';
import { audit, SYSTEM_ACTOR } from './audit.service.ts';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(async () => database?.close());

/** The PostgreSQL error code and the messages of a statement that must fail. */
async function failure(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return `${pgErrorInfo(error)?.code}: ${messages.join(' / ')}`;
}

describe('audit_log is append-only', () => {
  it('refuses an UPDATE and a DELETE of a row, in the database itself', async () => {
    await audit.record(db, SYSTEM_ACTOR, {
      action: 'settings.updated',
      target: { type: 'settings', id: 'shop' },
      changes: { require_two_factor_for_staff: [false, true] },
    });
    const [row] = await queryRows<{ id: string }>(db, sql`SELECT id FROM audit_log ORDER BY at DESC LIMIT 1`);
    expect(row).toBeDefined();

    const update = await failure(
      db.execute(sql`UPDATE audit_log SET action = 'forged' WHERE id = ${row!.id}`),
    );
    expect(update).toMatch(/^42501: .*audit_log is append-only: UPDATE is not allowed/s);
    const remove = await failure(db.execute(sql`DELETE FROM audit_log WHERE id = ${row!.id}`));
    expect(remove).toMatch(/^42501: .*audit_log is append-only: DELETE is not allowed/s);
    const [kept] = await queryRows<{ action: string; actor_kind: string }>(
      db,
      sql`SELECT action, actor_kind FROM audit_log WHERE id = ${row!.id}`,
    );
    expect(kept).toEqual({ action: 'settings.updated', actor_kind: 'system' });
  });

  it('stores no secret a caller hands it: a secret-named field says only that it changed', async () => {
    await audit.record(db, SYSTEM_ACTOR, {
      action: 'webhook.updated',
      target: { type: 'webhook' },
      changes: { secret: ['old-secret', 'new-secret'], config: [null, { api_token: 'tok-123', name: 'x' }] },
    });
    const [row] = await queryRows<{ changes: unknown }>(
      db,
      sql`SELECT changes FROM audit_log ORDER BY at DESC, id DESC LIMIT 1`,
    );
    expect(row!.changes).toEqual({
      secret: ['[redacted]', '[redacted]'],
      config: [null, { api_token: '[redacted]', name: 'x' }],
    });
  });
});
