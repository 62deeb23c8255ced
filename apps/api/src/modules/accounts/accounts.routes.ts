import { me } from '@cartwheel/shared/contracts/accounts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Auth } from './auth.ts';
import { requireViewer, type Viewer } from './viewer.ts';

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

/** Better Auth's endpoints under /api/auth, and who-am-I for both front ends. */
export const accountsRoutes: FastifyPluginAsyncZod<{ auth: Auth }> = async (app, { auth }) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
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
};
