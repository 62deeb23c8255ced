import type { Role } from '@cartwheel/shared/constants';
import { leastRoleWith, type Permission, permissionsOf } from '@cartwheel/shared/permissions';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type ChangeFeed, silentChangeFeed } from '../../lib/change-feed.ts';
import { AppError } from '../../lib/errors.ts';
import { type ApiKeyCaller, authenticateApiKey, bearerToken } from '../apps/api-keys.service.ts';
import { profiles, staffRoles } from './accounts.schema.ts';
import type { Auth } from './auth.ts';
import { ViewerCache } from './viewer-cache.ts';

/** Who is making a request: the signed-in user with their profile and role. */
export interface Viewer {
  userId: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  sessionId: string;
  role: Role;
  /** What the viewer may do in the back office: their custom role's permissions or their role's. */
  permissions: Permission[];
  /** The custom role they hold, if any (their `role` is then staff). */
  staffRole: { id: string; name: string } | null;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  /** The customer's wholesale group, whose prices and terms they buy at (decision 0093); null: retail. */
  customerGroupId: string | null;
  /** A tax exemption number on file: the customer's orders carry no tax. */
  taxExemptionNumber: string | null;
  /** Set when the request authenticated with an API key (Authorization: Bearer) rather than a session. */
  apiKeyId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in viewer or null; looked up once per request. */
    getViewer(): Promise<Viewer | null>;
  }
  interface FastifyInstance {
    /** Who each session cookie belongs to, kept briefly; emptied by the change feed. */
    viewerCache: ViewerCache;
  }
}

/** An entry is re-read at least this often, should a change notification ever be missed. */
const VIEWER_CACHE_TTL_MS = 30_000;

const perRequest = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

async function loadViewer(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
): Promise<{ viewer: Viewer; expiresAt: Date } | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const [row] = await db
    .select({ profile: profiles, staffRole: staffRoles })
    .from(profiles)
    .leftJoin(staffRoles, eq(staffRoles.id, profiles.staffRoleId))
    .where(eq(profiles.id, session.user.id));
  const profile = row?.profile;
  const role = profile?.role ?? 'customer';
  const custom = row?.staffRole ?? null;
  const viewer: Viewer = {
    userId: session.user.id,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    twoFactorEnabled: Boolean((session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    sessionId: session.session.id,
    role,
    permissions: permissionsOf(role, custom?.permissions),
    staffRole: custom && role !== 'customer' ? { id: custom.id, name: custom.name } : null,
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    avatarUrl: profile?.avatarUrl ?? null,
    customerGroupId: profile?.customerGroupId ?? null,
    taxExemptionNumber: profile?.taxExemptionNumber ?? null,
  };
  return { viewer, expiresAt: new Date(session.session.expiresAt) };
}

/**
 * Adds request.getViewer(), backed by the Better Auth session cookie and the profiles table, and
 * app.viewerCache, which keeps the answer per Cookie header until `changes` announces that the
 * user's sessions, account or profile changed (or 30 s pass). Without a live feed nothing is kept.
 */
export function registerViewer(
  app: FastifyInstance,
  auth: Auth,
  changes: ChangeFeed = silentChangeFeed,
): void {
  const cache = new ViewerCache({
    ttlMs: VIEWER_CACHE_TTL_MS,
    // Sessions active within the TTL; a few hundred bytes each plus the Cookie header.
    maxEntries: 10_000,
    maxBytes: 16 * 1024 * 1024,
    feed: changes,
  });
  app.decorate('viewerCache', cache);
  app.decorateRequest('getViewer', function (this: FastifyRequest) {
    let pending = perRequest.get(this);
    const token = bearerToken(this.headers.authorization);
    if (!pending && token !== null && this.url.startsWith('/api/admin')) {
      // An API key acts on the back-office API only: customer routes (cart, account) never see it.
      pending = authenticateApiKey(app.db, token).then(apiKeyViewer);
      perRequest.set(this, pending);
    }
    if (!pending) {
      const cookie = this.headers.cookie;
      // Better Auth reads the session from the cookie alone: no cookie, nobody signed in.
      pending = cookie ? cache.get(cookie, () => loadViewer(auth, app.db, this)) : Promise.resolve(null);
      perRequest.set(this, pending);
    }
    return pending;
  });
}

/** The viewer an API key stands for: its creator, with the key's (capped) role and no session. */
function apiKeyViewer(caller: ApiKeyCaller): Viewer {
  return {
    userId: caller.userId,
    email: caller.email,
    emailVerified: true,
    // Two-factor guards sign-ins; a key was created by a signed-in admin and is a credential of its own.
    twoFactorEnabled: true,
    sessionId: `api-key:${caller.keyId}`,
    role: caller.role,
    permissions: caller.permissions,
    staffRole: null,
    firstName: caller.keyName,
    lastName: '',
    avatarUrl: null,
    customerGroupId: null,
    taxExemptionNumber: null,
    apiKeyId: caller.keyId,
  };
}

/**
 * For routes that change who a session belongs to or what it may do (sign-out, password reset,
 * two-factor, roles): before the answer goes out, this request's own entry is dropped and every
 * change committed so far has been heard, so the next request in this process sees the new state.
 * Other processes hear the same notification within milliseconds.
 */
export async function settleViewerChanges(request: FastifyRequest): Promise<void> {
  const cache = request.server.viewerCache;
  if (request.headers.cookie) cache.drop(request.headers.cookie);
  await cache.settle();
}

/** The signed-in viewer, or an unauthenticated error. Every customer query is scoped with the returned userId. */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.getViewer();
  if (!viewer) throw new AppError('unauthenticated', 'unauthenticated', 'User not authenticated');
  return viewer;
}

/**
 * The signed-in viewer holding `permission` (`member`: any back-office role), or an unauthenticated
 * or forbidden error. The one policy check of the back office's routes (admin-access.ts).
 */
export async function requirePermission(
  request: FastifyRequest,
  permission: Permission | 'member',
): Promise<Viewer> {
  const viewer = await requireViewer(request);
  const allowed =
    permission === 'member' ? viewer.role !== 'customer' : viewer.permissions.includes(permission);
  if (!allowed) {
    // Named as the back office names it: the lowest built-in role that may, and the viewer's own.
    const required = permission === 'member' ? 'staff' : leastRoleWith(permission);
    throw new AppError(
      'forbidden',
      'forbidden',
      `You don't have permission to do this. Required role: ${required}, your role: ${viewer.staffRole?.name ?? viewer.role}.`,
    );
  }
  return viewer;
}
