import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@cartwheel/shared/constants';
import { localeOfPrefix, localizePath } from '@cartwheel/shared/locale';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requestLocaleTag } from '../../lib/storefront-locale.ts';
import { composeEmail } from '../email/email-templates.ts';
import type { Mailer } from '../email/mailer.ts';
import { attachGuestOrders } from '../order-links/order-links.ts';
import { accounts, profiles, sessions, twoFactors, users, verifications } from './accounts.schema.ts';
import { countedAuth } from './auth-calls.ts';

// Only for development and tests; production refuses to start without AUTH_SECRET (config.ts).
const DEVELOPMENT_SECRET = 'cartwheel-development-secret-not-for-production-use';

/** The shop's signing secret (sessions, and the signed links in emails). */
export const signingSecret = (config: Pick<Config, 'authSecret'>) => config.authSecret ?? DEVELOPMENT_SECRET;

const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');

/**
 * The account's language and the address prefix of its storefront pages ('de', 'fr-ca', or ''): its
 * profile's, or while sign-up has not written the profile yet, the sign-up request's.
 */
async function accountLocale(
  db: Db,
  userId: string,
  request: Request | undefined,
): Promise<{ locale: string; prefix: string }> {
  const [profile] = await db
    .select({ locale: profiles.locale })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const locale = profile?.locale ?? requestLocaleTag(request?.headers);
  return { locale, prefix: localeOfPrefix(locale)?.prefix ?? '' };
}

/** '/admin/auth' when the reset was asked for from the back office (redirectTo under /admin), else '/auth'. */
function resetPagePath(betterAuthUrl: string, publicUrl: string): '/auth' | '/admin/auth' {
  try {
    const redirectTo = new URL(betterAuthUrl).searchParams.get('callbackURL');
    if (redirectTo && /^\/admin(\/|$)/.test(new URL(redirectTo, publicUrl).pathname)) return '/admin/auth';
  } catch {
    // Not a URL: the storefront page.
  }
  return '/auth';
}

/**
 * Better Auth answers a sign-up for a taken email without hashing the password, a new one after
 * hashing it: the difference in time would tell which emails have accounts even where the message
 * does not. Hashing it here (its length already checked) makes both answers cost the same.
 */
const hashForTakenEmail = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/sign-up/email') return;
  const returned = ctx.context.returned;
  const password = (ctx.body as { password?: unknown } | undefined)?.password;
  if (
    isAPIError(returned) &&
    returned.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' &&
    typeof password === 'string'
  ) {
    await ctx.context.password.hash(password);
  }
});

/** How passwords are hashed and checked; Better Auth's scrypt unless a test passes its own (app.ts). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/** Better Auth on our Drizzle tables: email and password, database sessions, TOTP two-factor. */
export function createAuth(config: Config, db: Db, mailer: Mailer, passwordHashing?: PasswordHashing) {
  // Set once Better Auth exists (below): whose account a request's session cookie is signed in to,
  // and a password reset link sent as "forgot password" sends it.
  let sessionUserId: (headers: Headers) => Promise<string | null> = async () => null;
  let sendPasswordReset: (email: string) => Promise<unknown> = async () => undefined;
  // Every call is counted, so Better Auth's AsyncLocalStorage hooks run only while it works (auth-calls.ts).
  const auth = countedAuth(
    betterAuth({
      appName: config.shopName,
      baseURL: config.publicUrl,
      basePath: '/api/auth',
      secret: signingSecret(config),
      trustedOrigins: config.trustedOrigins,
      // Reset tokens and other one-time values are stored as a SHA-256 of the identifier: a copy of
      // the table does not hold working links.
      verification: { storeIdentifier: 'hashed' },
      telemetry: { enabled: false },
      // A wrong password is the caller's mistake, not a server event worth a warning; errors still log.
      logger: { disabled: config.logLevel === 'silent', level: 'error' },
      database: drizzleAdapter(db, {
        provider: 'pg',
        schema: {
          user: users,
          session: sessions,
          account: accounts,
          verification: verifications,
          twoFactor: twoFactors,
        },
      }),
      emailAndPassword: {
        enabled: true,
        minPasswordLength: MIN_PASSWORD_LENGTH,
        maxPasswordLength: MAX_PASSWORD_LENGTH,
        ...(passwordHashing ? { password: passwordHashing } : {}),
        autoSignIn: true,
        revokeSessionsOnPasswordReset: true,
        // The reset link reached the address, which proves it, as a confirmation link does: the account
        // counts as verified (so orders staff place for this email join it) and its guest orders join.
        // This is also how a customer staff created at the till sets their first password.
        onPasswordReset: async ({ user }) => {
          if (user.emailVerified) return;
          await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
          await attachGuestOrders(db, user.id, user.email);
        },
        resetPasswordTokenExpiresIn: 60 * 60,
        sendResetPassword: async ({ user, token, url: callbackUrl }, request) => {
          // The link goes to our own sign-in page in reset mode (/auth?mode=reset), built from the
          // configured public URL; the back office asks for its own page with `redirectTo: '/admin/auth'`.
          // A shopper's link opens the sign-in page in the account's language; the back office's stays.
          const page = resetPagePath(callbackUrl, config.publicUrl);
          const { locale, prefix } = await accountLocale(db, user.id, request);
          const path = page === '/auth' ? localizePath(page, prefix) : page;
          const url = `${config.publicUrl}${path}?mode=reset&token=${encodeURIComponent(token)}`;
          await mailer.send(
            await composeEmail(db, config, 'password_reset', user.email, {
              url,
              locale: page === '/auth' ? locale : 'en',
            }),
          );
        },
      },
      // Sign-up sends a link to confirm the address; the account works before it is confirmed.
      // Confirming proves the address, so the guest orders placed with it join the account.
      emailVerification: {
        sendOnSignUp: true,
        autoSignInAfterVerification: true,
        expiresIn: 60 * 60 * 24 * 3,
        sendVerificationEmail: async ({ user, token }, request) => {
          const { locale, prefix } = await accountLocale(db, user.id, request);
          const back = encodeURIComponent(localizePath('/account?verified=1', prefix));
          const url = `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${back}`;
          await mailer.send(await composeEmail(db, config, 'verify_email', user.email, { url, locale }));
        },
        afterEmailVerification: async (user, request) => {
          // Anyone can sign up with any address. Confirmed from a browser that is not signed in to the
          // account, it goes to whoever holds the address: the creator's sessions, password and
          // two-factor end, and the address gets a link to set a password (docs/security.md).
          const confirmedByCreator = request ? (await sessionUserId(request.headers)) === user.id : false;
          if (!confirmedByCreator) {
            await handOverAccount(db, user.id);
            await sendPasswordReset(user.email);
          }
          await attachGuestOrders(db, user.id, user.email);
          const [profile] = await db
            .select({ firstName: profiles.firstName, locale: profiles.locale })
            .from(profiles)
            .where(eq(profiles.id, user.id));
          await mailer.send(
            await composeEmail(db, config, 'welcome', user.email, {
              first_name: profile?.firstName || null,
              locale: profile?.locale,
            }),
          );
        },
      },
      session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
      // Our own database-backed limits apply per IP and per email (rate-limit.ts).
      rateLimit: { enabled: false },
      advanced: {
        database: { generateId: 'uuid' },
        cookiePrefix: 'cartwheel',
        useSecureCookies: config.env === 'production',
        defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      },
      plugins: [twoFactor({ issuer: config.shopName })],
      hooks: { after: hashForTakenEmail },
      databaseHooks: {
        user: {
          create: {
            // Every user gets a profile; sign-up's first and last name land there (customer role), and
            // the language of the shop page it was sent from, which its emails are written in.
            after: async (user, context) => {
              const body = (context?.body ?? {}) as Record<string, unknown>;
              await db
                .insert(profiles)
                .values({
                  id: user.id,
                  firstName: text(body.firstName),
                  lastName: text(body.lastName),
                  locale: requestLocaleTag(context?.headers ?? context?.request?.headers),
                })
                .onConflictDoNothing();
            },
          },
        },
      },
    }),
  );
  sessionUserId = async (headers) => (await auth.api.getSession({ headers }))?.user.id ?? null;
  sendPasswordReset = (email) => auth.api.requestPasswordReset({ body: { email, redirectTo: '/auth' } });
  return auth;
}

/**
 * Ends what the account's creator set up, as a password reset would and more: every session (the
 * sessions trigger tells every process's viewer cache), the password and two-factor.
 */
async function handOverAccount(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx
      .update(accounts)
      .set({ password: null })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
  });
}

export type Auth = ReturnType<typeof createAuth>;
