import type { Role } from '@cartwheel/shared/constants';
import {
  me,
  resetPasswordBody,
  setRoleBody,
  shopSettings,
  shopSettingsPatch,
  type TeamMember,
  teamList,
  teamMember,
} from '@cartwheel/shared/contracts/accounts';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../audit/audit.service.ts';
import {
  findMember,
  getShopSettings,
  listTeam,
  searchUsers,
  setUserRole,
  updateShopSettings,
} from './accounts.service.ts';
import type { Auth } from './auth.ts';
import { authRateLimit } from './rate-limit.ts';
import { resetPasswordAndSignIn } from './reset-password.ts';
import { memberPermissions, requireWithin } from './staff-roles.ts';
import { resetTwoFactor } from './two-factor-reset.ts';
import { requireViewer, settleViewerChanges, type Viewer } from './viewer.ts';

function toMe(viewer: Viewer | null) {
  if (!viewer) return { user: null, profile: null };
  return {
    user: {
      id: viewer.userId,
      email: viewer.email,
      email_verified: viewer.emailVerified,
      two_factor_enabled: viewer.twoFactorEnabled,
    },
    profile: {
      first_name: viewer.firstName,
      last_name: viewer.lastName,
      avatar_url: viewer.avatarUrl,
      role: viewer.role,
      permissions: viewer.permissions,
      staff_role: viewer.staffRole,
    },
  };
}

/** Copies Better Auth's web Response onto the Fastify reply, errors reshaped to our error body. */
async function sendAuthResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const body = await response.text();
  if (response.status >= 400 && body && response.headers.get('content-type')?.includes('json')) {
    const parsed = JSON.parse(body) as { code?: string; message?: string };
    return reply.send({
      error: {
        code: (parsed.code ?? 'auth_error').toLowerCase(),
        message: parsed.message || 'An error occurred',
      },
    });
  }
  return reply.send(body || null);
}

const userIdParams = z.object({ userId: z.uuid('userId must be a UUID') });

/**
 * Better Auth's endpoints under /api/auth, who-am-I for both front ends, the password reset that
 * signs in, and the admin's team and settings.
 */
export const accountsRoutes: FastifyPluginAsyncZod<{ auth: Auth }> = async (app, { auth }) => {
  // Sign-in, sign-up, reset and two-factor attempts are counted per IP and per email (rate-limit.ts).
  const rateLimit = authRateLimit(app.db, app.config.authRateLimitFactor);

  /** Grants, changes or revokes a back-office role, and records it in the same transaction. */
  const changeRole = (
    request: FastifyRequest,
    userId: string,
    role: Role,
    staffRoleId: string | null = null,
  ) =>
    app.db.transaction(async (tx) => {
      const viewer = await requireViewer(request);
      const before = await findMember(tx, userId);
      if (before) requireWithin(viewer, await memberPermissions(tx, before.role, before.staff_role?.id));
      requireWithin(viewer, await memberPermissions(tx, role, staffRoleId));
      const after = await setUserRole(tx, userId, role, staffRoleId);
      const roleName = (m: TeamMember) => m.staff_role?.name ?? m.role;
      if (before && roleName(before) !== roleName(after)) {
        const action =
          before.role === 'customer'
            ? 'team.member_added'
            : role === 'customer'
              ? 'team.member_removed'
              : 'team.role_changed';
        await audit.record(tx, request, {
          action,
          target: { type: 'user', id: userId, label: after.email },
          changes: { role: [roleName(before), roleName(after)] },
        });
      }
      return after;
    });

  // Everything here that writes may end a session or change a role or two-factor (sign-out, reset,
  // team): the cached viewers it made stale are gone before the answer is sent (viewer.ts).
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await settleViewerChanges(request);
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    preHandler: rateLimit,
    async handler(request, reply) {
      const headers = fromNodeHeaders(request.headers);
      headers.delete('content-length');
      const hasBody = request.method !== 'GET' && request.body !== undefined && request.body !== null;
      if (hasBody) headers.set('content-type', 'application/json');
      const response = await auth.handler(
        new Request(new URL(request.url, app.config.publicUrl), {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : null,
        }),
      );
      return sendAuthResponse(reply, response);
    },
  });

  app.get(
    '/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user and profile (nulls when signed out)',
        response: { 200: me },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toMe(await request.getViewer());
    },
  );

  app.get(
    '/admin/me',
    { schema: { tags: ['admin'], summary: 'The signed-in staff member', response: { 200: me } } },
    async (request) => toMe(await requireViewer(request)),
  );

  app.post(
    '/account/reset-password',
    {
      preHandler: rateLimit,
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password from an emailed reset link, end old sessions and sign in',
        body: resetPasswordBody,
        response: { 200: me, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const headers = fromNodeHeaders(request.headers);
      headers.delete('cookie');
      const result = await resetPasswordAndSignIn(auth, app.db, { ...request.body, headers });
      reply.header('cache-control', 'no-store');
      if (result.cookies.length) reply.header('set-cookie', result.cookies);
      return result.me;
    },
  );

  app.get(
    '/admin/team',
    {
      schema: {
        tags: ['admin'],
        summary: 'Everyone with a staff, manager or admin role',
        response: { 200: teamList },
      },
    },
    async () => ({ items: await listTeam(app.db) }),
  );

  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Find any user by email (contains, case-insensitive; at most 20)',
        querystring: z.object({ email: z.string().trim().max(320).default('') }),
        response: { 200: teamList, 400: errorBody },
      },
    },
    async (request) => ({ items: await searchUsers(app.db, request.query.email) }),
  );

  app.put(
    '/admin/team/:userId',
    {
      schema: {
        tags: ['admin'],
        summary: "Grant or change a user's back-office role",
        params: userIdParams,
        body: setRoleBody,
        response: { 200: teamMember, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) =>
      changeRole(request, request.params.userId, request.body.role, request.body.staff_role_id ?? null),
  );

  app.delete(
    '/admin/team/:userId',
    {
      schema: {
        tags: ['admin'],
        summary: "Revoke a user's back-office role (back to customer)",
        params: userIdParams,
        response: { 200: teamMember, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => changeRole(request, request.params.userId, 'customer'),
  );

  app.post(
    '/admin/team/:userId/reset-two-factor',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Remove a staff member's lost second factor and end their sessions (recorded in the audit log)",
        params: userIdParams,
        response: { 200: teamMember, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => resetTwoFactor(app.db, await audit.actorOf(request), request.params.userId),
  );

  app.get(
    '/admin/settings',
    { schema: { tags: ['admin'], summary: 'Shop settings', response: { 200: shopSettings } } },
    async () => getShopSettings(app.db),
  );

  app.patch(
    '/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change shop settings (only the fields sent)',
        body: shopSettingsPatch,
        response: { 200: shopSettings, 400: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      // Requiring two-factor of staff while having none would lock this admin out of the back office.
      if (request.body.require_two_factor_for_staff) {
        const viewer = await requireViewer(request);
        if (!viewer.twoFactorEnabled) {
          throw new AppError(
            'conflict',
            'two_factor_setup_required',
            'Set up two-factor authentication for your own account first (user menu), then require it of staff.',
          );
        }
      }
      return app.db.transaction(async (tx) => {
        const before = await getShopSettings(tx);
        const after = await updateShopSettings(tx, request.body);
        const changes = audit.changesBetween(before, after);
        if (Object.keys(changes).length) {
          await audit.record(tx, request, {
            action: 'settings.updated',
            target: { type: 'settings', id: 'shop' },
            changes,
          });
        }
        return after;
      });
    },
  );
};
