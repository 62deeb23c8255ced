import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { API_ROOT } from '../src/lib/paths.ts';
import { testAdminUrl, testPoolEnv, withDatabase } from './database-url.ts';

/** Work to undo after a test (the caller runs them in reverse, e.g. in afterEach). */
export type Cleanups = Array<() => Promise<void> | void>;

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A server's environment without its PORT: a fresh PostgreSQL database of its own (copied from the
 * migrated template), or an embedded one in a temp folder when the tests run on PGlite.
 */
export async function serverEnv(
  cleanups: Cleanups,
  extra: NodeJS.ProcessEnv = {},
): Promise<NodeJS.ProcessEnv> {
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    CHECKOUT_SWEEP_INTERVAL_SECONDS: '0',
    ...extra,
  };
  const dir = mkdtempSync(join(tmpdir(), 'cartwheel-server-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const url = process.env.TEST_DATABASE_URL;
  const adminUrl = testAdminUrl();
  if (!url || !adminUrl) {
    // The run's migrated template (a tar of PGlite's data directory) unpacked where the server opens
    // its database: it starts on a migrated database instead of running every migration itself.
    const pgliteDir = join(dir, 'pglite');
    mkdirSync(pgliteDir);
    execFileSync('tar', ['-xf', inject('dbTemplate'), '-C', pgliteDir], { stdio: 'ignore' });
    return { ...base, DATA_DIR: dir };
  }
  const name = `cw_proc_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('dbTemplate')}`);
  cleanups.push(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return { ...base, DATA_DIR: dir, ...testPoolEnv(withDatabase(url, name)) };
}

/** Starts the real server entry (apps/api/src/main.ts) on `port`; resolves once /api/health answers. */
export async function startServer(
  cleanups: Cleanups,
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: resolve(API_ROOT, '../..'),
    // tsx reads the tsconfig of the working directory (the repository root has none): the API's own
    // gives its .tsx email templates the automatic JSX runtime.
    env: { ...env, PORT: String(port), TSX_TSCONFIG_PATH: resolve(API_ROOT, 'tsconfig.json') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

/** Sends `signal` and resolves when the process has exited. */
export function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
