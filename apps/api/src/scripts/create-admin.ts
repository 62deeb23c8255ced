// `npm run create-admin -- --email owner@shop.com --password '...'` (or ADMIN_EMAIL / ADMIN_PASSWORD):
// a production shop's first admin. main.ts runs this instead of the server when given --create-admin.
import { MIN_PASSWORD_LENGTH } from '@cartwheel/shared/constants';
import { isAPIError } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import { loadConfigOrReport } from '../config.ts';
import { type Db, databaseOptions, openDatabase } from '../db/client.ts';
import { sessions, users } from '../modules/accounts/accounts.schema.ts';
import { setUserRole } from '../modules/accounts/accounts.service.ts';
import { type Auth, createAuth } from '../modules/accounts/auth.ts';
import { createOutboxMailer } from '../modules/email/mailer.ts';

export interface CreateAdminResult {
  userId: string;
  email: string;
  /** False when the account existed and was promoted (its password is left as it was). */
  created: boolean;
}

/**
 * Makes `email` an admin: signs the account up through Better Auth when it does not exist yet
 * (then `password` is required), or promotes the existing account without touching its password.
 */
export async function createAdmin(
  auth: Auth,
  db: Db,
  input: { email: string; password?: string | undefined },
): Promise<CreateAdminResult> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (existing) {
    await setUserRole(db, existing.id, 'admin');
    return { userId: existing.id, email, created: false };
  }
  if (!input.password) throw new Error(`No account for ${email} yet: give a password to create it.`);
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  let userId: string;
  try {
    const result = await auth.api.signUpEmail({ body: { email, password: input.password, name: email } });
    userId = result.user.id;
  } catch (error) {
    if (isAPIError(error)) throw new Error(error.message);
    throw error;
  }
  // Sign-up signs the new user in; nobody holds that session, so it goes.
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await setUserRole(db, userId, 'admin');
  return { userId, email, created: true };
}

/** `--email a@b.c --password x` or `--email=a@b.c --password=x`. */
export function parseCreateAdminArgs(argv: string[]): { email?: string; password?: string } {
  const result: { email?: string; password?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const match = /^--(email|password)(?:=(.*))?$/.exec(argv[i]!);
    if (!match) continue;
    const value = match[2] ?? argv[++i];
    if (value !== undefined) result[match[1] as 'email' | 'password'] = value;
  }
  return result;
}

const USAGE = `Usage: npm run create-admin -- --email owner@example.com --password 'at least 8 characters'
       (or set ADMIN_EMAIL and ADMIN_PASSWORD). An existing account is promoted; its password stays.`;

/** The command: opens and migrates the configured database, creates or promotes the admin. Returns the exit code. */
export async function runCreateAdmin(argv: string[]): Promise<number> {
  const config = loadConfigOrReport();
  if (!config) return 1;
  const args = parseCreateAdminArgs(argv);
  const email = args.email ?? config.createAdmin.email;
  const password = args.password ?? config.createAdmin.password;
  if (!email) {
    console.error(USAGE);
    return 1;
  }
  // Through a pooler too: no prepared statements, the migration lock on the direct URL.
  const database = await openDatabase(databaseOptions(config, 1));
  try {
    await database.migrate();
    const auth = createAuth(config, database.db, createOutboxMailer(database.db));
    const result = await createAdmin(auth, database.db, { email, password });
    console.log(
      result.created
        ? `Created the admin account ${result.email}.`
        : `${result.email} already had an account: it is now an admin (password unchanged).`,
    );
    return 0;
  } catch (error) {
    console.error(`create-admin failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}
