import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import {
  addCartItem,
  createBrand,
  createCategory,
  createCustomer,
  createOption,
  createOrder,
  createProduct,
  createVariant,
} from '../../test/factories.ts';
import { signUpAs } from '../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { queryRows } from '../db/client.ts';
import { profiles, settings } from '../db/schema.ts';
import { checksItsOwnCaller } from '../lib/same-origin.ts';
import { sessionIdFromUrl, startCheckout } from '../modules/checkout/test-helpers.ts';
import type { IdPool } from './hostile-values.ts';
import { type FuzzRoute, routesOf, UNDOCUMENTED_ROUTES } from './openapi-routes.ts';
import { changedTables, databaseFingerprint, leakIn } from './oracle.ts';
import { type FuzzRequest, type FuzzRole, ROLES, requestsTo } from './requests.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Fastify's router refuses a URL it cannot decode (400) or a path parameter over its length limit
 * (414) before any hook or handler runs, so the Origin check never sees those requests.
 */
function refusedBeforeRouting(res: LightMyRequestResponse): boolean {
  return /"FST_ERR_(?:BAD_URL|MAX_PARAM_LENGTH)"/.test(res.body);
}

/** The app under fuzz, signed-in sessions for every role, and the rows the requests aim at. */
export interface FuzzTarget {
  ctx: TestContext;
  routes: FuzzRoute[];
  pool: IdPool;
  /** Runs one request and throws, with what went wrong, if a rule is broken. */
  send(request: FuzzRequest): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The shop's rows for path parameters: real ids reach the handlers' deeper branches. */
async function seedShop(ctx: TestContext, customerId: string, customerCookie: string): Promise<IdPool> {
  const { db, app } = ctx;
  const brand = await createBrand(db);
  const category = await createCategory(db);
  const plain = await createProduct(
    db,
    { brandId: brand.id, isVisible: true },
    { categoryIds: [category.id] },
  );
  const sized = await createProduct(db, { isVisible: true }, { images: 2 });
  const { option, values } = await createOption(db, sized.id, 'size', ['S', 'M']);
  const variant = await createVariant(db, sized.id, [values[0]!.id]);
  const { order } = await createOrder(db, { customerId }, [{ product: plain }]);
  const other = await createCustomer(db);
  await addCartItem(db, customerId, plain.id, 1);
  // An open payment page for /pay/:sessionId; the fuzz still runs (with random ids) should it fail.
  const checkout = await startCheckout(app, customerCookie);
  const paymentUrl: unknown = checkout.statusCode === 200 ? checkout.json().url : undefined;
  const line = await addCartItem(db, customerId, sized.id, 1, variant.id);
  const images = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM product_images WHERE product_id = ${sized.id}`,
  );
  return {
    slug: [plain.slug, sized.slug],
    brandId: [brand.id],
    categoryId: [category.id],
    optionValueId: values.map((v) => v.id),
    productId: [plain.id, sized.id],
    optionId: [option.id],
    variantId: [variant.id],
    imageId: images.map((row) => row.id),
    itemId: [line.id],
    orderId: [order.id],
    customerId: [customerId, other.id],
    userId: [other.id],
    sessionId: typeof paymentUrl === 'string' ? [sessionIdFromUrl(paymentUrl)] : [],
  };
}

/** Builds the app on a fresh database with one signed-in user per role and a small shop. */
export async function openFuzzTarget(): Promise<FuzzTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cartwheel-fuzz-'));
  // FUZZ_LOG=error shows the server's own log of a 5xx (its stack stays in the log, out of the body).
  const ctx = await createTestApp({ DATA_DIR: dataDir, LOG_LEVEL: process.env.FUZZ_LOG ?? 'silent' });
  const { app, db, config } = ctx;
  const cookies: Partial<Record<FuzzRole, string>> = {};
  const userIds: Partial<Record<FuzzRole, string>> = {};
  for (const role of ROLES) {
    if (role === 'anonymous') continue;
    const user = await signUpAs(app, db, role);
    cookies[role] = user.cookie;
    userIds[role] = user.id;
  }
  const pool = await seedShop(ctx, userIds.customer!, cookies.customer!);
  const doc = (await app.inject({ url: '/api/docs/json' })).json();
  // FUZZ_SKIP="POST /api/x,GET /api/y" leaves routes out of a run, to look past a known failure.
  const skip = new Set((process.env.FUZZ_SKIP ?? '').split(',').map((key) => key.trim()));
  const routes = [...routesOf(doc), ...UNDOCUMENTED_ROUTES].filter((r) => !skip.has(`${r.method} ${r.path}`));
  const fingerprint = await databaseFingerprint(db);
  let sent = 0;
  // The database as the last refused request left it: the next request starts from there unless
  // something wrote since (a 2xx, or restoreSessions), so it is not read twice in a row.
  let unchangedSince: string | undefined;

  /**
   * Puts back what generated requests may legitimately change and later ones rely on: the roles of
   * the signed-in users (a generated request may revoke them) and the staff two-factor setting (on,
   * it locks every staff session without a second factor out of the back office).
   */
  async function restoreSessions() {
    for (const role of ['staff', 'manager', 'admin'] as const) {
      await db.update(profiles).set({ role }).where(eq(profiles.id, userIds[role]!));
    }
    await db
      .update(profiles)
      .set({ role: 'customer' })
      .where(inArray(profiles.id, [userIds.customer!]));
    await db.delete(settings).where(eq(settings.key, 'require_two_factor_for_staff'));
  }

  async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
    if (sent++ % 50 === 0) {
      await restoreSessions();
      unchangedSince = undefined;
    }
    const headers: Record<string, string | undefined> = {
      origin:
        request.origin === 'shop' ? config.publicUrl : request.origin === 'none' ? undefined : request.origin,
      cookie: request.role === 'anonymous' ? undefined : cookies[request.role],
      'content-type': request.contentType,
    };
    const before = unchangedSince ?? (await fingerprint());
    unchangedSince = undefined;
    const res = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      // An address per request, so per-IP limits do not turn every later sign-in into a 429.
      remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
    });
    const problems: string[] = [];
    if (res.statusCode >= 500) problems.push(`server error ${res.statusCode}`);
    const leak = leakIn(res.body);
    if (leak) problems.push(`the body shows ${leak}`);
    const path = request.url.split('?', 1)[0]!;
    if (
      WRITE_METHODS.has(request.method) &&
      request.origin !== 'shop' &&
      !checksItsOwnCaller(path) &&
      res.statusCode !== 403 &&
      !refusedBeforeRouting(res)
    ) {
      problems.push(`a write from origin "${request.origin}" answered ${res.statusCode}, not 403`);
    }
    if (res.statusCode >= 400 && res.statusCode < 500) {
      const after = await fingerprint();
      unchangedSince = after;
      const changed = changedTables(before, after);
      if (changed.length) problems.push(`a ${res.statusCode} wrote to ${changed.join(', ')}`);
    }
    if (problems.length) {
      throw new Error(`${problems.join('; ')}\nresponse ${res.statusCode}: ${res.body.slice(0, 600)}`);
    }
    return res;
  }

  return {
    ctx,
    routes,
    pool,
    send,
    close: async () => {
      await ctx.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  /** Per "METHOD /path": how many requests answered each status. */
  byRoute: Record<string, Record<string, number>>;
}

/**
 * Sends `runs` generated requests over every route and role: each route gets its share of the runs (the
 * first routes one more), so every route is reached whenever `runs` is at least the number of routes,
 * whatever the seed. Route i runs with seed `seed + i`; fast-check shrinks a failing request to a small
 * counterexample and reports that seed with it.
 */
export async function fuzzEveryRoute(
  target: FuzzTarget,
  options: { runs: number; seed: number },
): Promise<FuzzReport> {
  const report: FuzzReport = { requests: 0, byStatus: {}, byRoute: {} };
  const count = target.routes.length;
  for (const [i, route] of target.routes.entries()) {
    const share = Math.floor(options.runs / count) + (i < options.runs % count ? 1 : 0);
    if (share === 0) continue;
    await fc.assert(
      fc.asyncProperty(requestsTo(route, target.pool), async (request) => {
        const res = await target.send(request);
        report.requests++;
        report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
        const key = `${request.method} ${request.route}`;
        const statuses = report.byRoute[key] ?? {};
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        report.byRoute[key] = statuses;
      }),
      { numRuns: share, seed: options.seed + i, endOnFailure: false },
    );
  }
  return report;
}
