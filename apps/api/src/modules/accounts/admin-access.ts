import type { Role } from '@cartwheel/shared/constants';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { requireRole } from './viewer.ts';

export type StaffRole = Exclude<Role, 'customer'>;

/**
 * The one route table of the back office: every /api/admin route and the least role that may call it
 * (staff < manager < admin). A route missing here stops the server from starting, and the
 * role-matrix test (admin-access.test.ts) calls every entry as every role.
 */
export const ADMIN_ROUTE_ROLES: Record<string, StaffRole> = {
  'GET /api/admin/me': 'staff',
};

const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/** Attaches the role check to every /api/admin route as it is registered. */
export function registerAdminGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const roles = new Set(methods.map((m) => ADMIN_ROUTE_ROLES[routeKey(m, route.url)]));
    const [minimum] = roles;
    if (roles.size !== 1 || !minimum) {
      throw new Error(`${methods.join(',')} ${route.url} has no role in ADMIN_ROUTE_ROLES (admin-access.ts)`);
    }
    // onRequest: the role is checked before the body is even parsed.
    const guard: onRequestHookHandler = async (request) => {
      await requireRole(request, minimum);
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });
}
