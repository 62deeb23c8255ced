import type { Role } from '@cartwheel/shared/constants';
import {
  type Me,
  type ShopSettings,
  shopSettings,
  type TeamMember,
} from '@cartwheel/shared/contracts/accounts';
import { permissionsOf } from '@cartwheel/shared/permissions';
import { asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { likeEscape } from '../../lib/like.ts';
import { profiles, settings, staffRoles, users } from './accounts.schema.ts';
import { changeBaseCurrency, DEFAULT_BASE_CURRENCY } from './base-currency.ts';
import { requireStaffRole } from './staff-roles.ts';

const STAFF_ROLES = ['staff', 'manager', 'admin'] as const;
export const SEARCH_LIMIT = 20;

const memberColumns = {
  userId: users.id,
  email: users.email,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  role: profiles.role,
  staffRoleId: staffRoles.id,
  staffRoleName: staffRoles.name,
  twoFactorEnabled: users.twoFactorEnabled,
  createdAt: users.createdAt,
};

type MemberRow = {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role | null;
  staffRoleId: string | null;
  staffRoleName: string | null;
  twoFactorEnabled: boolean;
  createdAt: Date;
};

function toMember(row: MemberRow): TeamMember {
  return {
    user_id: row.userId,
    email: row.email,
    first_name: row.firstName ?? '',
    last_name: row.lastName ?? '',
    role: row.role ?? 'customer',
    staff_role: row.staffRoleId ? { id: row.staffRoleId, name: row.staffRoleName ?? '' } : null,
    two_factor_enabled: row.twoFactorEnabled,
    created_at: row.createdAt.toISOString(),
  };
}

export async function findMember(db: Db | Tx, userId: string): Promise<TeamMember | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(staffRoles, eq(staffRoles.id, profiles.staffRoleId))
    .where(eq(users.id, userId));
  return row ? toMember(row) : undefined;
}

/** Everyone with a back-office role, admins first, then by email. */
export async function listTeam(db: Db): Promise<TeamMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(staffRoles, eq(staffRoles.id, profiles.staffRoleId))
    .where(inArray(profiles.role, [...STAFF_ROLES]))
    .orderBy(desc(profiles.role), asc(users.email));
  return rows.map(toMember);
}

/** Any user whose email contains `email` (case-insensitive), at most 20, by email. */
export async function searchUsers(db: Db, email: string): Promise<TeamMember[]> {
  const escaped = likeEscape(email.trim());
  const rows = await db
    .select(memberColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(staffRoles, eq(staffRoles.id, profiles.staffRoleId))
    .where(ilike(users.email, `%${escaped}%`))
    .orderBy(asc(users.email))
    .limit(SEARCH_LIMIT);
  return rows.map(toMember);
}

/**
 * Gives a user a role (a staff role to grant or change it, `customer` to revoke it), or a custom
 * role held with `staff`. Refuses with a `last_admin` conflict when it would leave the shop without
 * an admin, and not_found for an unknown user.
 */
export async function setUserRole(
  db: Db,
  userId: string,
  role: Role,
  staffRoleId: string | null = null,
): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    // Lock every admin row (in one order) before counting: two admins demoting each other at the
    // same moment serialise here, and the second one sees that only one admin is left.
    const admins = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM profiles WHERE role = 'admin' ORDER BY id FOR UPDATE`,
    );
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('not_found', 'user_not_found', 'User not found');
    const isAdmin = admins.some((a) => a.id === userId);
    if (isAdmin && role !== 'admin' && admins.length <= 1) {
      throw new AppError('conflict', 'last_admin', 'The last admin cannot be demoted or removed');
    }
    if (staffRoleId) await requireStaffRole(tx, staffRoleId);
    await tx
      .insert(profiles)
      .values({ id: userId, role, staffRoleId })
      .onConflictDoUpdate({ target: profiles.id, set: { role, staffRoleId, updatedAt: new Date() } });
    // The profiles trigger announces updates only; a user who had no profile row yet gets a new one
    // here, so announce it too (channel of migration 0008): every process drops its cached viewer.
    await tx.execute(sql`SELECT pg_notify('cartwheel_viewer', ${userId})`);
    return (await findMember(tx, userId))!;
  });
}

/** The `me` shape for one user (after a password reset signs them in). */
export async function getMe(db: Db, userId: string): Promise<Me> {
  const [row] = await db
    .select({ user: users, profile: profiles, staffRole: staffRoles })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(staffRoles, eq(staffRoles.id, profiles.staffRoleId))
    .where(eq(users.id, userId));
  if (!row) return { user: null, profile: null };
  const role = row.profile?.role ?? 'customer';
  return {
    user: {
      id: row.user.id,
      email: row.user.email,
      email_verified: row.user.emailVerified,
      two_factor_enabled: row.user.twoFactorEnabled,
    },
    profile: {
      first_name: row.profile?.firstName ?? '',
      last_name: row.profile?.lastName ?? '',
      avatar_url: row.profile?.avatarUrl ?? null,
      role,
      permissions: permissionsOf(role, row.staffRole?.permissions),
      staff_role: row.staffRole ? { id: row.staffRole.id, name: row.staffRole.name } : null,
    },
  };
}

const DEFAULT_SETTINGS: ShopSettings = {
  require_two_factor_for_staff: false,
  base_currency: DEFAULT_BASE_CURRENCY,
};
const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof ShopSettings)[];

/** The shop settings: stored values over the defaults (a stored value of the wrong type is ignored). */
export async function getShopSettings(db: Db | Tx): Promise<ShopSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, SETTING_KEYS));
  const result = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    const key = row.key as keyof ShopSettings;
    const parsed = shopSettings.shape[key].safeParse(row.value);
    if (parsed.success) Object.assign(result, { [key]: parsed.data });
  }
  return result;
}

/** Stores the given settings (others unchanged) and returns them all. */
export async function updateShopSettings(db: Db, patch: Partial<ShopSettings>): Promise<ShopSettings> {
  // The base currency has rules of its own (base-currency.ts): it is checked before anything is stored.
  if (patch.base_currency !== undefined) await changeBaseCurrency(db, patch.base_currency);
  await storeSettings(
    db,
    SETTING_KEYS.filter((key) => key !== 'base_currency').map((key) => [key, patch[key]]),
  );
  return getShopSettings(db);
}

/** Writes settings rows by key; an entry whose value is undefined is left as it is. */
export async function storeSettings(
  db: Db,
  entries: ReadonlyArray<readonly [string, unknown]>,
): Promise<void> {
  const rows = entries.filter(([, value]) => value !== undefined).map(([key, value]) => ({ key, value }));
  if (rows.length === 0) return;
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
}
