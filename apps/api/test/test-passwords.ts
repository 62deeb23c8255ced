import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '../src/modules/accounts/auth.ts';

// Better Auth's scrypt (N=16384, r=16) costs tens to hundreds of milliseconds of CPU per sign-up and
// sign-in, on purpose; the API tests sign up hundreds of users. Tests hash with the same function at a
// toy cost instead. buildApp accepts this only with NODE_ENV=test, so a server never stores such hashes.

const PREFIX = 'test-scrypt';
const COST = { N: 16, r: 1, p: 1 } as const;

const key = (password: string, salt: string) =>
  scryptSync(password.normalize('NFKC'), salt, 64, COST).toString('hex');

/** A salted, cheap scrypt; hashes made by Better Auth itself (the demo accounts) still verify. */
export const testPasswordHashing: PasswordHashing = {
  hash: async (password) => {
    const salt = randomBytes(16).toString('hex');
    return `${PREFIX}:${salt}:${key(password, salt)}`;
  },
  verify: async ({ hash, password }) => {
    const [prefix, salt, stored] = hash.split(':');
    if (prefix !== PREFIX || !salt || !stored) return verifyPassword({ hash, password });
    const expected = Buffer.from(stored, 'hex');
    const actual = Buffer.from(key(password, salt), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
