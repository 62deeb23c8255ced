/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * The URL for CREATE and DROP DATABASE: straight to PostgreSQL. TEST_DATABASE_DIRECT_URL is set when
 * TEST_DATABASE_URL goes through a transaction pooler (scripts/test-pgbouncer.mjs), which must not
 * carry them (a pooled server connection may still sit on the database being dropped).
 */
export function testAdminUrl(): string | undefined {
  return process.env.TEST_DATABASE_DIRECT_URL || process.env.TEST_DATABASE_URL;
}

/**
 * How the app connects to the test database at `url` (a TEST_DATABASE_URL database): behind a
 * transaction pooler without prepared statements and with LISTEN on a direct connection, as a
 * deployment does (docs/decisions/0033-pooler.md); otherwise the URL alone.
 */
export function testPoolOptions(url: string): { url: string; prepare?: false; directUrl?: string } {
  const direct = process.env.TEST_DATABASE_DIRECT_URL;
  if (!direct) return { url };
  return { url, prepare: false, directUrl: withDatabase(direct, new URL(url).pathname.slice(1)) };
}

/** testPoolOptions as a server process's environment (DATABASE_URL and what goes with it). */
export function testPoolEnv(url: string): Record<string, string> {
  const options = testPoolOptions(url);
  return {
    DATABASE_URL: options.url,
    ...(options.directUrl ? { DATABASE_PREPARE: 'false', DATABASE_DIRECT_URL: options.directUrl } : {}),
  };
}
