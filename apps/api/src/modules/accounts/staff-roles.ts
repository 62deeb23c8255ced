import type { Role } from '@cartwheel/shared/constants';
import { ROLES } from '@cartwheel/shared/constants';
import type { StaffRoleEntry } from '@cartwheel/shared/contracts/accounts';
import { normalizePermissions, type Permission, permissionsOf } from '@cartwheel/shared/permissions';
import { asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { pgErrorInfo } from '../../lib/pg-error.ts';
import { staffRoles } from './accounts.schema.ts';
import type { Viewer } from './viewer.ts';

// Roles an admin makes from permissions (decision 0082). Members hold one with the staff role; their
// cached viewers are dropped whenever the role's permissions change.

interface StaffRoleInput {
  name: string;
  permissions: Permission[];
}

const notFound = () => new AppError('not_found', 'role_not_found', 'Role not found');

/** Every custom role by name, with how many members hold it. */
export async function listStaffRoles(db: Db | Tx): Promise<StaffRoleEntry[]> {
  const rows = await db
    .select({
      id: staffRoles.id,
      name: staffRoles.name,
      permissions: staffRoles.permissions,
      members: sql<number>`(SELECT count(*)::int FROM profiles p WHERE p.staff_role_id = staff_roles.id)`,
    })
    .from(staffRoles)
    .orderBy(asc(sql`lower(${staffRoles.name})`));
  return rows.map((r) => ({
    ...r,
    permissions: normalizePermissions(r.permissions),
    members: Number(r.members),
  }));
}

async function findStaffRole(db: Db | Tx, id: string): Promise<StaffRoleEntry> {
  const found = (await listStaffRoles(db)).find((r) => r.id === id);
  if (!found) throw notFound();
  return found;
}

function checkName(name: string) {
  if ((ROLES as readonly string[]).includes(name.toLowerCase())) {
    throw new AppError('invalid', 'reserved_role_name', `"${name}" is a built-in role: choose another name`, [
      { field: 'name', message: 'This is the name of a built-in role' },
    ]);
  }
}

/** A second role of the same name (any letter case) is refused with a 409 that names the field. */
async function sameNameConflict<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorInfo(error)?.constraint === 'staff_roles_name_idx') {
      throw new AppError('conflict', 'role_name_taken', `A role named "${name}" already exists`, [
        { field: 'name', message: 'Another role has this name' },
      ]);
    }
    throw error;
  }
}

export async function createStaffRole(db: Db | Tx, input: StaffRoleInput): Promise<StaffRoleEntry> {
  checkName(input.name);
  const [row] = await sameNameConflict(input.name, () =>
    db
      .insert(staffRoles)
      .values({ name: input.name, permissions: normalizePermissions(input.permissions) })
      .returning({ id: staffRoles.id }),
  );
  return findStaffRole(db, row!.id);
}

export async function updateStaffRole(
  db: Db | Tx,
  id: string,
  input: StaffRoleInput,
): Promise<StaffRoleEntry> {
  checkName(input.name);
  return db.transaction(async (tx) => {
    const updated = await sameNameConflict(input.name, () =>
      tx
        .update(staffRoles)
        .set({
          name: input.name,
          permissions: normalizePermissions(input.permissions),
          updatedAt: new Date(),
        })
        .where(eq(staffRoles.id, id))
        .returning({ id: staffRoles.id }),
    );
    if (!updated.length) throw notFound();
    // Every process drops the cached viewers of the role's members (channel of migration 0008).
    await queryRows(
      tx,
      sql`SELECT pg_notify('cartwheel_viewer', id::text) FROM profiles WHERE staff_role_id = ${id}`,
    );
    return findStaffRole(tx, id);
  });
}

/** Deletes a role nobody holds; one still held is refused (move its members first). */
export async function deleteStaffRole(db: Db | Tx, id: string): Promise<StaffRoleEntry> {
  const role = await findStaffRole(db, id);
  if (role.members > 0) {
    throw new AppError(
      'conflict',
      'role_in_use',
      `${role.members === 1 ? 'One member holds' : `${role.members} members hold`} "${role.name}": give them another role first`,
    );
  }
  await db.delete(staffRoles).where(eq(staffRoles.id, id));
  return role;
}

/**
 * A member hands out only what they hold: making, changing or giving a role with a permission they do
 * not have is refused, as is changing the role of someone who has more (a "Team lead" with
 * team.manage cannot make themselves or anyone an admin).
 */
export function requireWithin(viewer: Viewer, permissions: readonly Permission[]): void {
  const missing = permissions.filter((p) => !viewer.permissions.includes(p));
  if (missing.length) {
    throw new AppError(
      'forbidden',
      'permission_not_held',
      `You can't give or change permissions you don't have yourself: ${missing.join(', ')}.`,
    );
  }
}

/** What a member with `role` (and the custom role `staffRoleId`, if any) may do. */
export async function memberPermissions(
  db: Db | Tx,
  role: Role,
  staffRoleId: string | null | undefined,
): Promise<Permission[]> {
  if (!staffRoleId) return permissionsOf(role);
  const [row] = await db
    .select({ permissions: staffRoles.permissions })
    .from(staffRoles)
    .where(eq(staffRoles.id, staffRoleId));
  return permissionsOf(role, row?.permissions ?? []);
}

/** Checks that a custom role exists before a member is given it. */
export async function requireStaffRole(tx: Tx, id: string): Promise<void> {
  const [row] = await tx.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.id, id));
  if (!row) {
    throw new AppError('invalid', 'role_not_found', 'This role does not exist any more', [
      { field: 'staff_role_id', message: 'Choose a role from the list' },
    ]);
  }
}
