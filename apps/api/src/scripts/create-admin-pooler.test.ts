import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseOptions } from '../db/client.ts';

const opened: DatabaseOptions[] = [];
vi.mock('../db/client.ts', async (original) => ({
  ...(await original<typeof import('../db/client.ts')>()),
  // Records how the command opens its database, then stops it there.
  openDatabase: async (options: DatabaseOptions) => {
    opened.push(options);
    throw new Error('stopped after opening');
  },
}));

afterAll(() => {
  // Files after this one in the same worker get the real client again.
  vi.doUnmock('../db/client.ts');
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllEnvs();
  opened.length = 0;
});

describe('create-admin behind a transaction pooler', () => {
  it('opens the database as the server does: no prepared statements, the migration lock on the direct URL', async () => {
    // Prepared statements through PgBouncer ran on other clients' server connections, and the
    // migration's session lock, taken through it, was never released: the soak's admin stayed a customer.
    vi.stubEnv('DATABASE_URL', 'postgres://postgres@127.0.0.1:6432/shop');
    vi.stubEnv('DATABASE_PREPARE', 'false');
    vi.stubEnv('DATABASE_DIRECT_URL', 'postgres://postgres@127.0.0.1:5432/shop');
    // Test files may share a module cache: load the command afresh, on the mocked client.
    vi.resetModules();
    const { runCreateAdmin } = await import('./create-admin.ts');
    await expect(
      runCreateAdmin(['--email', 'owner@shop.test', '--password', 'owner-password']),
    ).rejects.toThrow('stopped after opening');
    expect(opened).toEqual([
      expect.objectContaining({
        url: 'postgres://postgres@127.0.0.1:6432/shop',
        prepare: false,
        directUrl: 'postgres://postgres@127.0.0.1:5432/shop',
        poolSize: 1,
      }),
    ]);
  });
});
