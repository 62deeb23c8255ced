import { randomBytes } from 'node:crypto';
import {
  type AppExtensions,
  type AppFrame,
  type AppPanel,
  type CreatedApp,
  type createAppBody,
  type ShopApp,
  shopApp,
} from '@cartwheel/shared/contracts/apps';
import type { Permission } from '@cartwheel/shared/permissions';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { column, idRow, query, typedSql } from '../../db/typed-sql.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { createApiKey, revokeApiKey } from './api-keys.service.ts';
import { APP_TOKEN_SECONDS, signAppToken } from './app-token.ts';
import { textArray } from './webhooks.service.ts';

const appRow = shopApp.extend({ created_at: column.isoTime });

const selectApps = (where: SQL) =>
  typedSql(appRow)`SELECT a.id, a.name, a.url, k.role, a.sidebar_label, a.panels, k.prefix AS api_key_prefix,
      a.created_at
    FROM apps a JOIN api_keys k ON k.id = a.api_key_id ${where}`;

/** Every app, oldest first (the order their links take in the sidebar). */
export function listApps(db: Db): Promise<ShopApp[]> {
  return query(db, selectApps(sql`ORDER BY a.created_at, a.id`));
}

/**
 * Registers an app: an API key with `role` (capped at its creator's, as every key) and a signing
 * secret for its frames' tokens. The key's token and the secret are returned this once.
 */
export async function createApp(
  db: Db,
  createdBy: string,
  body: z.output<typeof createAppBody>,
): Promise<CreatedApp> {
  const key = await createApiKey(db, createdBy, { name: `App: ${body.name}`, role: body.role });
  const secret = `cws_${randomBytes(32).toString('base64url')}`;
  const [row] = await query(
    db,
    typedSql(idRow)`INSERT INTO apps (name, url, secret, api_key_id, sidebar_label, panels, created_by)
        VALUES (${body.name}, ${body.url}, ${secret}, ${key.key.id}, ${body.sidebar_label},
                ${textArray(body.panels)}, ${createdBy})
        RETURNING id`,
  );
  const app = await readApp(db, row?.id ?? '');
  return { app, token: key.token, secret };
}

/** One app, or a 404. */
async function readApp(db: Db, appId: string): Promise<ShopApp> {
  const [row] = await query(db, selectApps(sql`WHERE a.id = ${appId}`));
  if (!row) throw notFound('app_not_found', 'App not found');
  return row;
}

/** Removes an app: its API key is revoked and its links and panels leave the back office. */
export async function deleteApp(db: Db, appId: string): Promise<ShopApp> {
  const app = await readApp(db, appId);
  const [row] = await queryRows<{ api_key_id: string }>(
    db,
    sql`DELETE FROM apps WHERE id = ${appId} RETURNING api_key_id`,
  );
  if (row) await revokeApiKey(db, row.api_key_id);
  return app;
}

/** The sidebar links and panels the shop's apps add, for every member's back office. */
export async function listAppExtensions(db: Db): Promise<AppExtensions> {
  const all = await listApps(db);
  return {
    sidebar: all.flatMap((a) => (a.sidebar_label ? [{ app_id: a.id, label: a.sidebar_label }] : [])),
    panels: all.flatMap((a) => a.panels.map((resource) => ({ app_id: a.id, name: a.name, resource }))),
  };
}

/** What a member needs to see a panel: the permission the page it sits on needs. */
const PANEL_PERMISSION: Record<AppPanel, Permission> = {
  order: 'orders.read',
  product: 'products.read',
  customer: 'customers.read',
};

const secretRow = z.object({ secret: z.string() });

/**
 * The address an app's frame loads for `viewer` looking at `resource`: the app's URL with a token
 * signed with the app's secret, saying who is looking at what. Refused when the app adds nothing
 * there or the viewer may not open that page.
 */
export async function appFrame(
  db: Db,
  shopUrl: string,
  appId: string,
  viewer: { userId: string; email: string; permissions: Permission[] },
  resource: { resource: 'page' | AppPanel; id: string | null },
  now = new Date(),
): Promise<AppFrame> {
  const app = await readApp(db, appId);
  const offered =
    resource.resource === 'page' ? app.sidebar_label !== null : app.panels.includes(resource.resource);
  if (!offered) {
    throw notFound('app_extension_not_found', `${app.name} adds nothing to the ${resource.resource} page`);
  }
  if (resource.resource !== 'page') {
    if (!resource.id) throw invalid('invalid_request', `id is required for a ${resource.resource} panel`);
    if (!viewer.permissions.includes(PANEL_PERMISSION[resource.resource])) {
      throw new AppError(
        'forbidden',
        'forbidden',
        `You don't have permission to see this ${resource.resource}.`,
      );
    }
  }
  const [row] = await query(db, typedSql(secretRow)`SELECT secret FROM apps WHERE id = ${appId}`);
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + APP_TOKEN_SECONDS;
  const token = signAppToken(row?.secret ?? '', {
    iss: shopUrl,
    aud: app.id,
    sub: viewer.userId,
    email: viewer.email,
    permissions: viewer.permissions,
    resource: { type: resource.resource, id: resource.resource === 'page' ? null : resource.id },
    iat,
    exp,
  });
  const src = new URL(app.url);
  src.searchParams.set('token', token);
  return { name: app.name, src: src.toString(), expires_at: new Date(exp * 1000).toISOString() };
}
