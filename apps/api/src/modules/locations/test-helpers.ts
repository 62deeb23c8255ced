import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
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

/** A location's fields, less its name: a warehouse selling online. */
export const WAREHOUSE = {
  kind: 'warehouse',
  address_line_1: null,
  address_line_2: null,
  city: null,
  state_province: null,
  postal_code: null,
  country: null,
  serves_online: true,
  active: true,
};

/** A new location (a warehouse selling online unless `extra` says otherwise): its id. */
export async function newLocation(
  call: (method: 'POST', url: string, payload?: object) => Promise<LightMyRequestResponse>,
  name: string,
  extra: object = {},
): Promise<string> {
  const res = await call('POST', '/locations', { ...WAREHOUSE, name, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
