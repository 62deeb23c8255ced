import { sql } from 'drizzle-orm';
import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/** How many attempts one IP address and one email may make per window on one action. */
export interface RateLimitRule {
  action: string;
  perIp: number;
  /** Unset: the action carries no email (e.g. two-factor codes; Better Auth locks those per user). */
  perEmail?: number;
  /**
   * For routes a signed-in user calls with their current password: attempts per signed-in account,
   * counted on sign-in's counter for the account's email, so every way of guessing one account's
   * password draws on one budget.
   */
  perAccount?: number;
  /** A second, hourly limit per IP address, for actions that must not be repeated at scale. */
  perIpPerHour?: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Sign-in's limits; the routes that check a signed-in user's password share its per-email counter. */
const SIGN_IN: RateLimitRule = { action: 'sign-in', perIp: 30, perEmail: 10, windowSeconds: MINUTE };

/** Every route that checks the signed-in user's current password (Better Auth and its two-factor plugin). */
const PASSWORD_CHECK: RateLimitRule = {
  action: 'password-check',
  perIp: 30,
  perAccount: 10,
  // The per-account counter is sign-in's, so it must be counted over sign-in's window.
  windowSeconds: SIGN_IN.windowSeconds,
};

/**
 * The limited endpoints, by path. Per-email limits stop guessing one account's password from many
 * addresses; per-IP limits stop one address from trying many accounts (docs/decisions/0006).
 */
export const AUTH_RATE_LIMITS: Record<string, RateLimitRule> = {
  '/api/auth/sign-in/email': SIGN_IN,
  // A sign-up for a taken email says so (the form shows it): the hourly cap keeps that from
  // answering which emails have accounts at scale.
  '/api/auth/sign-up/email': {
    action: 'sign-up',
    perIp: 30,
    perEmail: 10,
    perIpPerHour: 60,
    windowSeconds: MINUTE,
  },
  '/api/auth/request-password-reset': {
    action: 'request-password-reset',
    perIp: 30,
    perEmail: 5,
    windowSeconds: MINUTE,
  },
  '/api/auth/reset-password': { action: 'reset-password', perIp: 30, windowSeconds: MINUTE },
  '/api/account/reset-password': { action: 'reset-password', perIp: 30, windowSeconds: MINUTE },
  '/api/auth/two-factor/verify-totp': { action: 'two-factor', perIp: 30, windowSeconds: MINUTE },
  '/api/auth/two-factor/verify-backup-code': { action: 'two-factor', perIp: 30, windowSeconds: MINUTE },
  '/api/auth/two-factor/verify-otp': { action: 'two-factor', perIp: 30, windowSeconds: MINUTE },
  '/api/auth/change-password': PASSWORD_CHECK,
  '/api/auth/verify-password': PASSWORD_CHECK,
  '/api/auth/two-factor/enable': PASSWORD_CHECK,
  '/api/auth/two-factor/disable': PASSWORD_CHECK,
  '/api/auth/two-factor/generate-backup-codes': PASSWORD_CHECK,
  '/api/auth/two-factor/get-totp-uri': PASSWORD_CHECK,
  // Turned off in auth.ts today; limited all the same should it ever be turned on.
  '/api/auth/delete-user': PASSWORD_CHECK,
};

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';
export const RATE_LIMITED_HOURLY_MESSAGE = 'Too many attempts from your network. Please try again later.';

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

interface Counter {
  key: string;
  limit: number;
}

interface CounterRow {
  key: string;
  count: number;
  retry_after: number | string;
}

/**
 * Counts one attempt against every counter in one atomic upsert (fixed windows kept in the
 * rate_limits table, so all API processes share them). A counter whose window has ended starts
 * again at 1. Refused when any counter is over its limit.
 */
export async function hitRateLimit(
  db: Db,
  counters: Counter[],
  windowSeconds: number,
): Promise<RateLimitResult> {
  if (!counters.length) return { ok: true };
  const values = sql.join(
    counters.map((c) => sql`(${c.key}, 1, now())`),
    sql`, `,
  );
  const window = sql`(${windowSeconds}::int * interval '1 second')`;
  const expired = sql`rate_limits.window_start <= now() - ${window}`;
  const rows = await queryRows<CounterRow>(
    db,
    sql`INSERT INTO rate_limits (key, count, window_start) VALUES ${values}
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN ${expired} THEN 1 ELSE rate_limits.count + 1 END,
          window_start = CASE WHEN ${expired} THEN now() ELSE rate_limits.window_start END
        RETURNING key, count,
          ceil(extract(epoch FROM window_start + ${window} - now())) AS retry_after`,
  );
  let retryAfterSeconds = 0;
  for (const row of rows) {
    const limit = counters.find((c) => c.key === row.key)?.limit ?? Number.POSITIVE_INFINITY;
    if (Number(row.count) > limit) {
      retryAfterSeconds = Math.max(retryAfterSeconds, Math.max(1, Number(row.retry_after)));
    }
  }
  // Keep the table small: now and then, forget counters whose window ended long ago.
  if (Math.random() < 0.01) await deleteStaleRateLimits(db);
  return retryAfterSeconds ? { ok: false, retryAfterSeconds } : { ok: true };
}

/** Removes counters not touched for an hour (no window is longer). */
export async function deleteStaleRateLimits(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 hour'`);
}

/** The request path without query string or trailing slashes, lower-cased, as the rule table spells it. */
function normalisedPath(url: string): string {
  let path = url.split('?')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes: match on the raw path (the router will not find an endpoint either).
  }
  return path
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '')
    .toLowerCase();
}

function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 320) : undefined;
}

/**
 * preHandler for the auth endpoints: counts the attempt per IP, per email (when the body has one)
 * and per signed-in account (on the routes that check its password), and answers 429 with
 * Retry-After once a limit is passed. Requests to unlisted paths pass. Every limit is multiplied by
 * `factor` (AUTH_RATE_LIMIT_FACTOR, 1 by default).
 */
export function authRateLimit(db: Db, factor = 1): preHandlerHookHandler {
  return async (request: FastifyRequest, reply) => {
    if (request.method !== 'POST') return;
    const rule = AUTH_RATE_LIMITS[normalisedPath(request.url)];
    if (!rule) return;
    const counters: Counter[] = [{ key: `${rule.action}:ip:${request.ip}`, limit: rule.perIp * factor }];
    const email = emailOf(request.body);
    if (rule.perEmail && email) {
      counters.push({ key: `${rule.action}:email:${email}`, limit: rule.perEmail * factor });
    }
    if (rule.perAccount) {
      // Without a session Better Auth refuses the request before checking any password.
      const viewer = await request.getViewer();
      if (viewer) {
        counters.push({
          key: `${SIGN_IN.action}:email:${viewer.email.toLowerCase()}`,
          limit: rule.perAccount * factor,
        });
      }
    }
    const result = await hitRateLimit(db, counters, rule.windowSeconds);
    if (!result.ok) {
      reply.header('retry-after', String(result.retryAfterSeconds));
      throw new AppError('rate_limited', 'rate_limited', RATE_LIMITED_MESSAGE);
    }
    if (rule.perIpPerHour) {
      const hourly = await hitRateLimit(
        db,
        [{ key: `${rule.action}:ip-hour:${request.ip}`, limit: rule.perIpPerHour * factor }],
        HOUR,
      );
      if (!hourly.ok) {
        reply.header('retry-after', String(hourly.retryAfterSeconds));
        throw new AppError('rate_limited', 'rate_limited', RATE_LIMITED_HOURLY_MESSAGE);
      }
    }
  };
}
