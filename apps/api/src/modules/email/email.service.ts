import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hideSecrets } from '../../lib/hide-secrets.ts';
import { emailOutbox } from './email.schema.ts';

/** One page of the outbox, newest first, with the total count; secrets hidden unless `showSecrets`. */
export async function listOutbox(db: Db, params: { page: number; limit: number; showSecrets: boolean }) {
  const shown = params.showSecrets ? (text: string) => text : hideSecrets;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(params.limit)
      .offset((params.page - 1) * params.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(emailOutbox),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: shown(row.subject),
      text: shown(row.text),
      html: row.html === null ? null : shown(row.html),
      kind: row.kind,
      status: row.status,
      created_at: row.createdAt.toISOString(),
    })),
    total: Number(count?.total ?? 0),
  };
}
