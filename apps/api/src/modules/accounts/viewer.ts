import { ROLE_LEVEL, type Role } from '@cartwheel/shared/constants';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { profiles } from './accounts.schema.ts';
import type { Auth } from './auth.ts';

/** Who is making a request: the signed-in user with their profile and role. */
export interface Viewer {
  userId: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  sessionId: string;
  role: Role;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in viewer or null; looked up once per request. */
    getViewer(): Promise<Viewer | null>;
  }
}

const viewerCache = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

async function loadViewer(auth: Auth, db: Db, request: FastifyRequest): Promise<Viewer | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, session.user.id));
  return {
    userId: session.user.id,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    twoFactorEnabled: Boolean((session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    sessionId: session.session.id,
    role: profile?.role ?? 'customer',
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    avatarUrl: profile?.avatarUrl ?? null,
  };
}

/** Adds request.getViewer(), backed by the Better Auth session cookie and the profiles table. */
export function registerViewer(app: FastifyInstance, auth: Auth): void {
  app.decorateRequest('getViewer', function (this: FastifyRequest) {
    let pending = viewerCache.get(this);
    if (!pending) {
      pending = loadViewer(auth, app.db, this);
      viewerCache.set(this, pending);
    }
    return pending;
  });
}

/** The signed-in viewer, or a 401. Every customer query is scoped with the returned userId. */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.getViewer();
  if (!viewer) throw new AppError(401, 'unauthenticated', 'User not authenticated');
  return viewer;
}

/** The signed-in viewer with at least `minimum` role, or a 401/403. */
export async function requireRole(
  request: FastifyRequest,
  minimum: Exclude<Role, 'customer'>,
): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (ROLE_LEVEL[viewer.role] < ROLE_LEVEL[minimum]) {
    throw new AppError(
      403,
      'forbidden',
      `You don't have permission to do this. Required role: ${minimum}, your role: ${viewer.role}.`,
    );
  }
  return viewer;
}
