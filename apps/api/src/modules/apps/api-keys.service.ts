import { createHash, randomBytes } from 'node:crypto';
import { ROLE_LEVEL, type Role } from '@cartwheel/shared/constants';
import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyRole,
  type CreatedApiKey,
} from '@cartwheel/shared/contracts/apps';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
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

interface KeyRow {
  id: string;
  name: string;
  role: ApiKeyRole;
  prefix: string;
  created_at: Date | string;
  created_by_email: string | null;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    prefix: row.prefix,
    created_at: new Date(row.created_at).toISOString(),
    created_by_email: row.created_by_email,
    last_used_at: iso(row.last_used_at),
    revoked_at: iso(row.revoked_at),
  };
}

const KEY_COLUMNS = sql`k.id, k.name, k.role, k.prefix, k.created_at, u.email AS created_by_email, k.last_used_at, k.revoked_at`;

/** Every key, live ones first, newest first. */
export async function listApiKeys(db: Db): Promise<ApiKey[]> {
  const rows = await queryRows<KeyRow>(
    db,
    sql`SELECT ${KEY_COLUMNS} FROM api_keys k LEFT JOIN users u ON u.id = k.created_by
        ORDER BY (k.revoked_at IS NULL) DESC, k.created_at DESC, k.id`,
  );
  return rows.map(toApiKey);
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
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO api_keys (name, role, prefix, token_hash, created_by)
        VALUES (${body.name}, ${body.role}, ${token.slice(0, SHOWN_CHARS)}, ${hashToken(token)}, ${createdBy})
        RETURNING id`,
  );
  const [created] = await queryRows<KeyRow>(
    db,
    sql`SELECT ${KEY_COLUMNS} FROM api_keys k LEFT JOIN users u ON u.id = k.created_by WHERE k.id = ${row?.id}`,
  );
  if (!created) throw new Error('the new API key was not found');
  return { key: toApiKey(created), token };
}

/** Revokes a key for good: requests with it answer 401 from now on. Revoking twice changes nothing. */
export async function revokeApiKey(db: Db, keyId: string): Promise<ApiKey> {
  await queryRows(db, sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${keyId} AND revoked_at IS NULL`);
  const [row] = await queryRows<KeyRow>(
    db,
    sql`SELECT ${KEY_COLUMNS} FROM api_keys k LEFT JOIN users u ON u.id = k.created_by WHERE k.id = ${keyId}`,
  );
  if (!row) throw notFound('api_key_not_found', 'API key not found');
  return toApiKey(row);
}

/** Who a valid key acts as: its creator, with the key's role capped at the creator's current role. */
export interface ApiKeyCaller {
  keyId: string;
  keyName: string;
  userId: string;
  email: string;
  role: Role;
}

/**
 * The caller a bearer token stands for, or a 401 when no live key has it (unknown or revoked). A key
 * acts for the admin who created it and never above that person's current role, so demoting or
 * removing a team member takes their keys' power with it. Records the use at most once a minute.
 */
export async function authenticateApiKey(db: Db, token: string): Promise<ApiKeyCaller> {
  const [row] = await queryRows<{
    id: string;
    name: string;
    role: ApiKeyRole;
    user_id: string;
    email: string;
    creator_role: Role | null;
    revoked: boolean;
    stale: boolean;
  }>(
    db,
    sql`SELECT k.id, k.name, k.role, u.id AS user_id, u.email, p.role AS creator_role,
               k.revoked_at IS NOT NULL AS revoked,
               (k.last_used_at IS NULL OR k.last_used_at < now() - ${LAST_USED_EVERY}::interval) AS stale
        FROM api_keys k JOIN users u ON u.id = k.created_by LEFT JOIN profiles p ON p.id = u.id
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
  return { keyId: row.id, keyName: row.name, userId: row.user_id, email: row.email, role };
}
