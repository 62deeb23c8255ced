import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAsShopPage } from '../../../test/browser-origin.ts';
import { createProduct } from '../../../test/factories.ts';
import { cookieFrom, enableTwoFactor, signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { createTestApp, openTestDatabase } from '../../../test/test-app.ts';
import { testPasswordHashing } from '../../../test/test-passwords.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type Database, type Db, openDatabase } from '../../db/client.ts';
import {
  type ChangeFeed,
  type ChangeHandler,
  openChangeFeed,
  silentChangeFeed,
} from '../../lib/change-feed.ts';
import { emailOutbox } from '../email/email.schema.ts';
import type { Viewer } from './viewer.ts';
import { ViewerCache } from './viewer-cache.ts';

// Signed-in requests are answered from a per-process cache of who each session cookie belongs to,
// emptied by the database's change notifications (viewer-cache.ts). Each test first proves the
// cookie is being served (so a stale cache would show), then changes the account and expects the
// very next request to see it: in the process that made the change, whatever the method, even though
// its notifications arrive late here (only the route's own wait for them can help), and in a second
// process on the same database (its GETs wait for the notifications, as every test app's do).

/** Delivers every notification `ms` late; sync() still waits for the ones on their way. */
function slowFeed(feed: ChangeFeed, ms: number): ChangeFeed {
  const onTheirWay = new Set<Promise<void>>();
  return {
    live: feed.live,
    on(channel, handler) {
      feed.on(channel, (payload) => {
        const delivery = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(() => handler(payload));
        onTheirWay.add(delivery);
        void delivery.finally(() => onTheirWay.delete(delivery));
      });
    },
    async sync() {
      await feed.sync();
      await Promise.all([...onTheirWay]);
    },
  };
}

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let peerDatabase: Database | undefined;
let db: Db;
let changes: ChangeFeed;
/** The process that makes the changes: late notifications, no wait before any request. */
let app: FastifyInstance;
/** Another process on the same database. */
let peer: FastifyInstance;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-data' });
  database = await openTestDatabase();
  db = database.db;
  changes = slowFeed(await openChangeFeed(database), 1000);
  app = injectAsShopPage(await buildApp(config, { db, changes, testPasswordHashing }), config.publicUrl);
  await app.ready();
  // PostgreSQL: a pool of its own, as another process would have; PGlite has one connection.
  peerDatabase = database.options ? await openDatabase({ ...database.options, poolSize: 2 }) : undefined;
  const peerDb = peerDatabase ?? database;
  peer = await buildApp(config, {
    db: peerDb.db,
    changes: await openChangeFeed(peerDb),
    syncChangesBeforeReads: true,
    testPasswordHashing,
  });
  await peer.ready();
  injectAsShopPage(peer, config.publicUrl);
});
afterAll(async () => {
  await peer?.close();
  await peerDatabase?.close();
  await app?.close();
  await database?.close();
});

const getCart = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } });
/** A POST: test apps do not wait for notifications before it, so only the cache decides. */
const mergeEmptyCart = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'POST', url: '/api/cart/merge', headers: { cookie }, payload: { items: [] } });
const me = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();

/** A write the triggers do not announce (replica mode skips them): only a cache would hide it. */
async function silentWrite(query: ReturnType<typeof sql>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(query);
  });
}

/** Proves the cookie is served (and so kept) here and in the peer, once earlier changes have landed. */
async function servedEverywhere(user: TestUser) {
  await changes.sync();
  expect((await getCart(app, user.cookie)).statusCode).toBe(200);
  expect((await getCart(peer, user.cookie)).statusCode).toBe(200);
  expect((await mergeEmptyCart(app, user.cookie)).statusCode).toBe(200);
}

describe('the viewer cache', () => {
  it('keeps who a cookie belongs to: a session removed without an announcement is still honoured', async () => {
    const user = await signUp(app);
    await servedEverywhere(user);
    await silentWrite(sql`DELETE FROM sessions WHERE user_id = ${user.id}`);
    // Served from memory: proves the other tests would fail if the notifications did not empty it.
    expect((await mergeEmptyCart(app, user.cookie)).statusCode).toBe(200);
    // An announced change to the same user empties it.
    await db.execute(sql`UPDATE users SET name = name WHERE id = ${user.id}`);
    await changes.sync();
    expect((await mergeEmptyCart(app, user.cookie)).statusCode).toBe(401);
    expect((await getCart(peer, user.cookie)).statusCode).toBe(401);
  });

  it('keeps nothing without a change feed', async () => {
    const off = await createTestApp({}, { changes: silentChangeFeed, syncChangesBeforeReads: false });
    try {
      const user = await signUp(off.app);
      expect((await mergeEmptyCart(off.app, user.cookie)).statusCode).toBe(200);
      await off.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${user.id}`);
      });
      expect((await mergeEmptyCart(off.app, user.cookie)).statusCode).toBe(401);
    } finally {
      await off.close();
    }
  });

  it('refuses a signed-out session on the next request, here and in another process', async () => {
    const user = await signUp(app);
    await servedEverywhere(user);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await mergeEmptyCart(app, user.cookie)).statusCode).toBe(401);
    expect((await getCart(peer, user.cookie)).statusCode).toBe(401);
  });

  it('ends every old session at once when the password is reset', async () => {
    const user = await signUp(app);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
    });
    const otherDevice = cookieFrom(signIn);
    await servedEverywhere(user);
    await servedEverywhere({ ...user, cookie: otherDevice });

    await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email },
    });
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, user.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token, newPassword: 'brand-new-password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    for (const cookie of [user.cookie, otherDevice]) {
      expect((await mergeEmptyCart(app, cookie)).statusCode).toBe(401);
      expect((await getCart(peer, cookie)).statusCode).toBe(401);
    }
    expect((await mergeEmptyCart(app, cookieFrom(reset))).statusCode).toBe(200);
  });

  it('refuses a demoted staff member on the next request, here and in another process', async () => {
    const admin = await signUpAs(app, db, 'admin');
    const staff = await signUpAs(app, db, 'staff');
    const cancel = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/orders/${randomUUID()}/cancel`,
        headers: { cookie: staff.cookie },
        payload: {},
      });
    const orders = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/admin/orders', headers: { cookie: staff.cookie } });
    await changes.sync();
    // Let in (the order does not exist), and remembered as staff everywhere.
    expect((await cancel(app)).statusCode).toBe(404);
    expect((await orders(peer)).statusCode).toBe(200);

    const demote = await app.inject({
      method: 'DELETE',
      url: `/api/admin/team/${staff.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect((await cancel(app)).statusCode).toBe(403);
    expect((await orders(peer)).statusCode).toBe(403);
  });

  it('shows a promotion at once, also to a user who had no profile row yet', async () => {
    const admin = await signUpAs(app, db, 'admin');
    const user = await signUp(app);
    await changes.sync();
    expect((await me(app, user.cookie)).profile.role).toBe('customer');
    expect((await me(peer, user.cookie)).profile.role).toBe('customer');
    // No profile row: the role change inserts one, which no trigger announces by itself.
    await silentWrite(sql`DELETE FROM profiles WHERE id = ${user.id}`);
    const grant = await app.inject({
      method: 'PUT',
      url: `/api/admin/team/${user.id}`,
      headers: { cookie: admin.cookie },
      payload: { role: 'manager' },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect((await me(app, user.cookie)).profile.role).toBe('manager');
    expect((await me(peer, user.cookie)).profile.role).toBe('manager');
  });

  it("shows a customer put in a wholesale group their group's prices on the next request, here and in another process", async () => {
    const admin = await signUpAs(app, db, 'admin');
    const customer = await signUp(app);
    const product = await createProduct(db);
    const name = `Trade ${randomUUID().slice(0, 8)}`;
    const group = await app.inject({
      method: 'POST',
      url: '/api/admin/customer-groups',
      headers: { cookie: admin.cookie },
      payload: { name, min_order_amount: null, payment_terms_days: null },
    });
    expect(group.statusCode, group.body).toBe(201);
    const prices = async (app: FastifyInstance) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/wholesale/prices?product_id=${product.id}`,
          headers: { cookie: customer.cookie },
        })
      ).json() as { group: { name: string } | null };
    await changes.sync();
    expect((await prices(app)).group).toBeNull();
    expect((await prices(peer)).group).toBeNull();

    const put = await app.inject({
      method: 'PUT',
      url: `/api/admin/customers/${customer.id}/wholesale`,
      headers: { cookie: admin.cookie },
      payload: { customer_group_id: group.json().id, tax_exemption_number: null },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await prices(app)).group?.name).toBe(name);
    expect((await prices(peer)).group?.name).toBe(name);
  });

  it('shows two-factor as on right after it is enabled, and ends the session it replaced', async () => {
    const user = await signUp(app);
    await servedEverywhere(user);
    expect((await me(app, user.cookie)).user.two_factor_enabled).toBe(false);
    const { cookie } = await enableTwoFactor(app, user);
    // Confirming the code starts a new session and ends the old one.
    expect(cookie).not.toBe(user.cookie);
    expect((await mergeEmptyCart(app, user.cookie)).statusCode).toBe(401);
    expect((await getCart(peer, user.cookie)).statusCode).toBe(401);
    expect((await me(app, cookie)).user.two_factor_enabled).toBe(true);
    expect((await me(peer, cookie)).user.two_factor_enabled).toBe(true);
  });
});

/** A feed the test drives by hand. */
function manualFeed(): ChangeFeed & { announce(payload: string | null): void } {
  const handlers: ChangeHandler[] = [];
  return {
    live: true,
    on: (_channel, handler) => void handlers.push(handler),
    sync: async () => {},
    announce: (payload) => {
      for (const h of handlers) h(payload);
    },
  };
}

const viewerOf = (userId: string): Viewer => ({
  userId,
  email: `${userId}@example.com`,
  emailVerified: false,
  twoFactorEnabled: false,
  sessionId: randomUUID(),
  role: 'customer',
  permissions: [],
  staffRole: null,
  firstName: '',
  lastName: '',
  avatarUrl: null,
  customerGroupId: null,
  taxExemptionNumber: null,
});

describe('ViewerCache', () => {
  const inAnHour = () => new Date(Date.now() + 3_600_000);
  const options = { ttlMs: 60_000, maxEntries: 100, maxBytes: 1_000_000 };

  it('answers a kept entry without loading, and drops every entry of a user on a notification', async () => {
    const feed = manualFeed();
    const cache = new ViewerCache({ ...options, feed });
    let loads = 0;
    const load = (userId: string) => async () => {
      loads++;
      return { viewer: viewerOf(userId), expiresAt: inAnHour() };
    };
    await cache.get('a=1', load('u1'));
    await cache.get('a=2', load('u1'));
    await cache.get('b=1', load('u2'));
    await cache.get('a=1', load('u1'));
    expect(loads).toBe(3);
    feed.announce('u1');
    await cache.get('a=1', load('u1'));
    await cache.get('a=2', load('u1'));
    await cache.get('b=1', load('u2'));
    expect(loads).toBe(5);
    feed.announce(null);
    await cache.get('b=1', load('u2'));
    expect(loads).toBe(6);
  });

  it('answers but does not keep a lookup that a change overtook', async () => {
    const feed = manualFeed();
    const cache = new ViewerCache({ ...options, feed });
    let loads = 0;
    const racing = async () => {
      loads++;
      // The session changes while its old state is being read.
      feed.announce('u1');
      return { viewer: viewerOf('u1'), expiresAt: inAnHour() };
    };
    expect((await cache.get('a=1', racing))?.userId).toBe('u1');
    await cache.get('a=1', racing);
    expect(loads).toBe(2);
  });

  it('never keeps an entry past the session expiry, nor signed-out answers', async () => {
    const cache = new ViewerCache({ ...options, feed: manualFeed() });
    let loads = 0;
    const expiring = async () => {
      loads++;
      return { viewer: viewerOf('u1'), expiresAt: new Date(Date.now() + 30) };
    };
    await cache.get('a=1', expiring);
    await cache.get('a=1', expiring);
    expect(loads).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    await cache.get('a=1', expiring);
    expect(loads).toBe(2);
    const nobody = async () => {
      loads++;
      return null;
    };
    expect(await cache.get('x=1', nobody)).toBeNull();
    expect(await cache.get('x=1', nobody)).toBeNull();
    expect(loads).toBe(4);
  });

  it('keeps nothing when the feed is not live', async () => {
    const cache = new ViewerCache({ ...options, feed: silentChangeFeed });
    let loads = 0;
    const load = async () => {
      loads++;
      return { viewer: viewerOf('u1'), expiresAt: inAnHour() };
    };
    await cache.get('a=1', load);
    await cache.get('a=1', load);
    expect(loads).toBe(2);
    expect(cache.enabled).toBe(false);
  });
});
