import type { FastifyInstance } from 'fastify';
import { signUpAs } from '../../../test/sessions.ts';
import type { Db } from '../../db/client.ts';

/** A new admin, and a call to `/api/admin<url>` as them. */
export async function asAdmin(app: FastifyInstance, db: Db) {
  const user = await signUpAs(app, db, 'admin');
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { cookie: user.cookie },
      ...(payload ? { payload } : {}),
    });
  return { user, call };
}
