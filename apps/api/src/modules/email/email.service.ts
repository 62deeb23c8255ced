import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from './email.schema.ts';

const HIDDEN = '[hidden]';

/**
 * An email's text as the back office shows it when secrets are hidden: the value of a `token`,
 * `code` or `key` query parameter, and any path segment long and random enough to be a secret (a
 * reset or order link's token), are replaced.
 */
export function hideSecrets(text: string): string {
  return text
    .replace(/([?&](?:token|code|key)=)[^&\s]+/gi, `$1${HIDDEN}`)
    .replace(/\/[A-Za-z0-9_-]{32,}(?=[/?#\s]|$)/g, `/${HIDDEN}`);
}

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
      kind: row.kind,
      status: row.status,
      created_at: row.createdAt.toISOString(),
    })),
    total: Number(count?.total ?? 0),
  };
}
