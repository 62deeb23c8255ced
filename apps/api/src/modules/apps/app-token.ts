import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a frame's token is good for: long enough to load, short enough that a leaked one soon dies. */
export const APP_TOKEN_SECONDS = 5 * 60;

/** Who is looking at what, as an app's frame is told (docs/apps.md). */
interface AppTokenClaims {
  /** The shop's public URL. */
  iss: string;
  /** The app's id: a token for one app is refused by another. */
  aud: string;
  /** The member's user id. */
  sub: string;
  email: string;
  permissions: string[];
  resource: { type: 'page' | 'order' | 'product' | 'customer'; id: string | null };
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const sign = (secret: string, input: string) => createHmac('sha256', secret).update(input).digest();

/** A compact JWT (HS256) any JWT library verifies with the app's secret. */
export function signAppToken(secret: string, claims: AppTokenClaims): string {
  const input = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${sign(secret, input).toString('base64url')}`;
}

/** The claims of a token signed with `secret` and not yet expired at `now`, or null. */
export function verifyAppToken(secret: string, token: string, now = Date.now()): AppTokenClaims | null {
  const [header, payload, signature, ...rest] = token.split('.');
  if (!header || !payload || !signature || rest.length || header !== HEADER) return null;
  const expected = sign(secret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as AppTokenClaims;
  return claims.exp * 1000 > now ? claims : null;
}
