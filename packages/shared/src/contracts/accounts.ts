import { z } from 'zod';
import { ROLES } from '../constants.ts';
import { isCurrencyCode } from '../money.ts';
import { PERMISSIONS, type Permission } from '../permissions.ts';

export const role = z.enum(ROLES);
export const permission = z.enum(PERMISSIONS as [Permission, ...Permission[]]);
/** A custom role a member holds, by id and name. */
const heldRole = z.object({ id: z.uuid(), name: z.string() }).nullable();

/** The signed-in user and their profile, or nulls when signed out (GET /api/me). */
export const me = z.object({
  user: z
    .object({
      id: z.uuid(),
      email: z.string(),
      email_verified: z.boolean(),
      two_factor_enabled: z.boolean(),
    })
    .nullable(),
  profile: z
    .object({
      first_name: z.string(),
      last_name: z.string(),
      avatar_url: z.string().nullable(),
      role,
      /** What the back office lets this user do (packages/shared/src/permissions.ts). */
      permissions: z.array(permission),
      staff_role: heldRole,
    })
    .nullable(),
});
export type Me = z.infer<typeof me>;

export const staffRole = z.enum(['staff', 'manager', 'admin']);

/** POST /api/account/reset-password: sets the new password from an emailed token and signs the user in. */
export const resetPasswordBody = z.object({
  token: z.string().min(1, 'The reset link is missing its token'),
  newPassword: z.string().min(8, 'Password must be at least 8 characters').max(128),
});

export const teamMember = z.object({
  user_id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role,
  staff_role: heldRole,
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;
/** GET /api/admin/team (everyone with a staff role) and GET /api/admin/users?email= (search any user). */
export const teamList = z.object({ items: z.array(teamMember) });
/**
 * PUT /api/admin/team/:userId grants or changes a role, built in or custom (a custom role is held
 * with the staff role); DELETE revokes it (back to customer).
 */
export const setRoleBody = z
  .object({ role: staffRole, staff_role_id: z.uuid('Choose a role from the list').nullish() })
  .refine((b) => !b.staff_role_id || b.role === 'staff', {
    error: 'A custom role is held with the staff role',
    path: ['role'],
  });

/** GET/POST/PUT /api/admin/roles: the roles an admin made from permissions. */
export const staffRoleBody = z.object({
  name: z.string().trim().min(1, 'Name the role').max(60, 'At most 60 characters'),
  permissions: z.array(permission).min(1, 'Choose at least one permission'),
});
export const staffRoleEntry = staffRoleBody.extend({ id: z.uuid(), members: z.number().int() });
export type StaffRoleEntry = z.infer<typeof staffRoleEntry>;
export const staffRoleList = z.object({ items: z.array(staffRoleEntry) });

/** GET/PATCH /api/admin/settings: shop-wide settings only admins change. */
/** An ISO 4217 code the money library knows ("USD", "EUR", "JPY"). */
export const currencyCode = z
  .string({ error: 'Choose a currency' })
  .refine(isCurrencyCode, { error: 'Choose a currency from the list (an ISO 4217 code such as USD)' });

export const shopSettings = z.object({
  require_two_factor_for_staff: z.boolean(),
  /** The currency of the catalog's prices, discounts and shipping rates, and of the reports. */
  base_currency: currencyCode,
});
export type ShopSettings = z.infer<typeof shopSettings>;
export const shopSettingsPatch = shopSettings.partial();

export const outboxEmail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The HTML part as sent (null for a text-only email); the back office shows it in a sandboxed frame. */
  html: z.string().nullable(),
  kind: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  created_at: z.string(),
});
/** GET /api/admin/emails?page=&limit=: the outbox, newest first (admin). */
export const outboxList = z.object({ items: z.array(outboxEmail), total: z.number().int() });
