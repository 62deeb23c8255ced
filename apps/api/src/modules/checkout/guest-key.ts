import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie that ties a guest's checkout key to their browser (random, HttpOnly, 30 days). */
export const GUEST_COOKIE = 'cartwheel_guest';
const COOKIE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const COOKIE_DAYS = 30;

/**
 * The guest checkout key as stored: the key the storefront sends, bound to this browser's guest
 * cookie (set on its first checkout). A key copied into another browser then names another guest, so
 * its checkout never replaces (cancels) the first guest's open one.
 */
export function boundGuestKey(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  secure: boolean,
): string {
  let browser = (request.cookies as Record<string, string | undefined> | undefined)?.[GUEST_COOKIE];
  if (!browser || !COOKIE_SHAPE.test(browser)) {
    browser = randomBytes(32).toString('base64url');
    reply.setCookie(GUEST_COOKIE, browser, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: COOKIE_DAYS * 24 * 60 * 60,
    });
  }
  return createHash('sha256').update(`${browser}:${key}`).digest('hex');
}
