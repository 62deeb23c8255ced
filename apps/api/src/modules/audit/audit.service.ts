import type {
  AuditAction,
  AuditEntry,
  AuditLogFilter,
  AuditLogPage,
} from '@cartwheel/shared/contracts/audit';
import { and, count, desc, eq, gte, ilike, like, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from './audit.schema.ts';

/** Who did it, as plain values: read from a request once, passed to flows that record later. */
export interface AuditActor {
  kind: 'user' | 'api_key' | 'system';
  userId: string | null;
  email: string | null;
  role: string | null;
  apiKeyId: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** `{ field: [before, after] }`: only the fields that changed. */
export type AuditChanges = Record<string, [unknown, unknown]>;

export interface AuditRecord {
  action: AuditAction;
  target: { type: string; id?: string | null; label?: string | null };
  changes?: AuditChanges;
}

/** Work the shop does by itself (a job): no person, no address. */
export const SYSTEM_ACTOR: AuditActor = {
  kind: 'system',
  userId: null,
  email: null,
  role: null,
  apiKeyId: null,
  ip: null,
  userAgent: null,
};

const USER_AGENT_MAX = 512;
/** Field names whose values are never stored, at any depth: the row says they changed, not to what. */
const SECRET_FIELD = /secret|token|password|hash|otp|backup_code|api_key$/i;
const REDACTED = '[redacted]';

/** The request's viewer (a session or an API key) and where the request came from. */
async function actorOf(request: FastifyRequest): Promise<AuditActor> {
  const viewer = await request.getViewer();
  const agent = request.headers['user-agent'];
  return {
    kind: viewer ? (viewer.apiKeyId ? 'api_key' : 'user') : 'system',
    userId: viewer?.userId ?? null,
    email: viewer?.email ?? null,
    role: viewer ? (viewer.staffRole?.name ?? viewer.role) : null,
    apiKeyId: viewer?.apiKeyId ?? null,
    ip: request.ip || null,
    userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null,
  };
}

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        SECRET_FIELD.test(key) && inner != null ? REDACTED : redact(inner),
      ]),
    );
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between two versions of a thing (null for "did not exist"), each as
 * [before, after]; `ignore` leaves out fields that change on every write (updated_at).
 */
function changesBetween(
  before: object | null | undefined,
  after: object | null | undefined,
  ignore: readonly string[] = ['updated_at', 'created_at'],
): AuditChanges {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  const changes: AuditChanges = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (ignore.includes(key) || same(a[key], b[key])) continue;
    changes[key] = [a[key] ?? null, b[key] ?? null];
  }
  return changes;
}

/**
 * Writes one audit row in `tx`, the transaction of the change it records, so the row exists exactly
 * when the change does. `who` is the request (its viewer, IP and user agent) or an actor read earlier.
 * Values of secret-looking fields are replaced before anything is stored.
 */
async function record(tx: Db | Tx, who: FastifyRequest | AuditActor, entry: AuditRecord): Promise<void> {
  const actor = 'getViewer' in who ? await actorOf(who) : who;
  const changes: AuditChanges = {};
  for (const [field, [before, after]] of Object.entries(entry.changes ?? {})) {
    changes[field] = SECRET_FIELD.test(field)
      ? [before == null ? null : REDACTED, after == null ? null : REDACTED]
      : [redact(before), redact(after)];
  }
  await tx.insert(auditLog).values({
    actorId: actor.userId,
    actorEmail: actor.email,
    actorRole: actor.role,
    actorKind: actor.kind,
    actorApiKeyId: actor.apiKeyId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id ?? null,
    targetLabel: entry.target.label ?? null,
    changes,
  });
}

/** What a read selected, as a query string for a target id (an export's filter); null: everything. */
function queryText(query: object): string | null {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value == null || value === '') continue;
    pairs.push([key, value instanceof Date ? value.toISOString() : String(value)]);
  }
  return new URLSearchParams(pairs).toString() || null;
}

/** The audit library every audited route uses (docs/decisions/0076-audit-log.md). */
export const audit = { record, actorOf, changesBetween, queryText };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterOf(query: AuditLogFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.actor) {
    where.push(
      UUID.test(query.actor)
        ? eq(auditLog.actorId, query.actor)
        : ilike(auditLog.actorEmail, `%${likeEscape(query.actor)}%`),
    );
  }
  if (query.action) {
    where.push(or(eq(auditLog.action, query.action), like(auditLog.action, `${likeEscape(query.action)}.%`)));
  }
  if (query.target_type) where.push(eq(auditLog.targetType, query.target_type));
  if (query.target_id) where.push(eq(auditLog.targetId, query.target_id));
  if (query.from) where.push(gte(auditLog.at, query.from));
  if (query.to) where.push(lt(auditLog.at, query.to));
  return and(...where);
}

/** A page of the log, newest first, with how many rows match the filter. */
export async function listAuditLog(db: Db, query: AuditLogFilter): Promise<AuditLogPage> {
  const where = filterOf(query);
  const { page, limit } = query;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { items: rows.map(toEntry), total: Number(total?.n ?? 0) };
}

function toEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    actor_role: row.actorRole,
    actor_kind: row.actorKind,
    actor_api_key_id: row.actorApiKeyId,
    ip: row.ip,
    user_agent: row.userAgent,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    target_label: row.targetLabel,
    changes: (row.changes ?? {}) as AuditChanges,
  };
}
