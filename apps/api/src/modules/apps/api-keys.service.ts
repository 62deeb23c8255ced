import { createHash, randomBytes } from 'node:crypto';
import { ROLE_LEVEL, ROLES, type Role } from '@cartwheel/shared/constants';
import {
  API_KEY_PREFIX,
  API_KEY_ROLES,
  type ApiKey,
  type ApiKeyRole,
  apiKey,
  type CreatedApiKey,
} from '@cartwheel/shared/contracts/apps';
import { type Permission, permissionsOf, ROLE_PERMISSIONS } from '@cartwheel/shared/permissions';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { column, idRow, query, typedSql } from '../../db/typed-sql.ts';
import { AppError, notFound } from '../../lib/errors.ts';

/** How many characters of a token are kept in clear to tell keys apart (the prefix and 8 more). */
const SHOWN_CHARS = API_KEY_PREFIX.length + 8;
/** last_used_at is written at most this often per key, so busy keys do not write on every request. */
const LAST_USED_EVERY = '1 minute';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** `Authorization: Bearer <token>` → the token, or null without a bearer credential. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

/** A key's row is the contract's shape, its times as the driver gives them. */
const keyRow = apiKey.extend({
  created_at: column.isoTime,
  last_used_at: column.isoTime.nullable(),
  revoked_at: column.isoTime.nullable(),
});

/** The keys as the back office shows them, ordered or picked by `where`. */
const selectKeys = (where: SQL) =>
  typedSql(keyRow)`SELECT k.id, k.name, k.role, k.prefix, k.created_at, u.email AS created_by_email,
      k.last_used_at, k.revoked_at
    FROM api_keys k LEFT JOIN users u ON u.id = k.created_by ${where}`;

/** Every key, live ones first, newest first. */
export function listApiKeys(db: Db): Promise<ApiKey[]> {
  return query(db, selectKeys(sql`ORDER BY (k.revoked_at IS NULL) DESC, k.created_at DESC, k.id`));
}

/**
 * Creates a key for `role` on behalf of `createdBy`: 32 random bytes (base64url) after the `cwk_`
 * prefix. Only the token's SHA-256 is stored; the token is returned this once.
 */
export async function createApiKey(
  db: Db,
  createdBy: string,
  body: { name: string; role: ApiKeyRole },
): Promise<CreatedApiKey> {
  const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await query(
    db,
    typedSql(idRow)`INSERT INTO api_keys (name, role, prefix, token_hash, created_by)
        VALUES (${body.name}, ${body.role}, ${token.slice(0, SHOWN_CHARS)}, ${hashToken(token)}, ${createdBy})
        RETURNING id`,
  );
  const [created] = await query(db, selectKeys(sql`WHERE k.id = ${row?.id}`));
  if (!created) throw new Error('the new API key was not found');
  return { key: created, token };
}

/**
 * Revokes a key for good: requests with it answer 401 from now on. Revoking twice changes nothing
 * (`revokedNow` says whether this call did it).
 */
export async function revokeApiKey(db: Db, keyId: string): Promise<{ key: ApiKey; revokedNow: boolean }> {
  const revoked = await queryRows(
    db,
    sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${keyId} AND revoked_at IS NULL RETURNING id`,
  );
  const [row] = await query(db, selectKeys(sql`WHERE k.id = ${keyId}`));
  if (!row) throw notFound('api_key_not_found', 'API key not found');
  return { key: row, revokedNow: revoked.length > 0 };
}

/** Who a valid key acts as: its creator, with the key's role capped at the creator's current role. */
export interface ApiKeyCaller {
  keyId: string;
  keyName: string;
  userId: string;
  email: string;
  role: Role;
  /** The key's role's permissions, within what its creator may do now. */
  permissions: Permission[];
}

const callerRow = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(API_KEY_ROLES),
  user_id: z.string(),
  email: z.string(),
  creator_role: z.enum(ROLES).nullable(),
  creator_permissions: z.array(z.string()).nullable(),
  revoked: z.boolean(),
  stale: z.boolean(),
});

/**
 * The caller a bearer token stands for, or a 401 when no live key has it (unknown or revoked). A key
 * acts for the admin who created it and never above that person's current role, so demoting or
 * removing a team member takes their keys' power with it. Records the use at most once a minute.
 */
export async function authenticateApiKey(db: Db, token: string): Promise<ApiKeyCaller> {
  const [row] = await query(
    db,
    typedSql(callerRow)`SELECT k.id, k.name, k.role, u.id AS user_id, u.email, p.role AS creator_role,
               sr.permissions AS creator_permissions,
               k.revoked_at IS NOT NULL AS revoked,
               (k.last_used_at IS NULL OR k.last_used_at < now() - ${LAST_USED_EVERY}::interval) AS stale
        FROM api_keys k JOIN users u ON u.id = k.created_by LEFT JOIN profiles p ON p.id = u.id
             LEFT JOIN staff_roles sr ON sr.id = p.staff_role_id
        WHERE k.token_hash = ${hashToken(token)}`,
  );
  if (!row || row.revoked) {
    throw new AppError(
      'unauthenticated',
      'invalid_api_key',
      row
        ? 'This API key has been revoked.'
        : 'This API key is not valid. Check the key, or create a new one.',
    );
  }
  if (row.stale) {
    // Conditional: of two requests in the same minute, one writes.
    await queryRows(
      db,
      sql`UPDATE api_keys SET last_used_at = now()
          WHERE id = ${row.id} AND (last_used_at IS NULL OR last_used_at < now() - ${LAST_USED_EVERY}::interval)`,
    );
  }
  const creatorRole = row.creator_role ?? 'customer';
  const role = ROLE_LEVEL[creatorRole] < ROLE_LEVEL[row.role] ? creatorRole : row.role;
  const creator = new Set(permissionsOf(creatorRole, row.creator_permissions));
  const permissions = ROLE_PERMISSIONS[row.role].filter((p) => creator.has(p));
  return { keyId: row.id, keyName: row.name, userId: row.user_id, email: row.email, role, permissions };
}
