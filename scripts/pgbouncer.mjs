// PgBouncer in transaction mode on loopback, in front of a private cluster (scripts/pg-cluster.mjs), for
// test:pgbouncer and the soak (docs/decisions/0033-pooler.md). Its config, log and user list live in
// the folder it is given; as root it runs as the cluster's unprivileged user (it refuses root).

import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { isRunning, sleep, startChild } from '../bench/processes.mjs';

export const PGBOUNCER = existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : 'pgbouncer';

/** Throws when the pgbouncer program is missing. */
export function requirePgBouncer() {
  if (spawnSync(PGBOUNCER, ['--version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  }
}

function runAsUser() {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'cwpg']) {
    if (spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0) return name;
  }
  throw new Error('no unprivileged user to run PgBouncer as (pg-cluster.mjs makes one)');
}

/**
 * Writes the config into `dir` and starts PgBouncer on 127.0.0.1:`port` in front of the cluster on
 * `pgPort`, every database name passed through. `settings` add to or replace the [pgbouncer] lines.
 * Returns { url, child, restart() }: `restart` starts it again on the same port and config (after it
 * was killed).
 */
export async function startPgBouncer(dir, port, pgPort, settings = {}) {
  const user = runAsUser();
  // The cluster trusts loopback (pg-cluster.mjs), so PgBouncer does too; it still wants the user listed.
  writeFileSync(join(dir, 'userlist.txt'), '"postgres" ""\n');
  const ini = join(dir, 'pgbouncer.ini');
  const lines = {
    listen_addr: '127.0.0.1',
    listen_port: port,
    unix_socket_dir: '',
    auth_type: 'trust',
    auth_file: join(dir, 'userlist.txt'),
    admin_users: 'postgres',
    pool_mode: 'transaction',
    max_client_conn: 500,
    default_pool_size: 10,
    logfile: join(dir, 'pgbouncer.log'),
    ...settings,
  };
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${pgPort}`,
      '[pgbouncer]',
      ...Object.entries(lines).map(([key, value]) => `${key} = ${value}`),
      '',
    ].join('\n'),
  );
  if (user) {
    const uid = Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
    for (const file of [dir, ini, join(dir, 'userlist.txt')]) chownSync(file, uid, gid);
    chmodSync(dir, 0o700);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const launch = async () => {
    // Its log goes to the file only.
    const child = startChild(PGBOUNCER, [...(user ? ['-u', user] : []), '-q', ini], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (!isRunning(child)) throw new Error(`pgbouncer exited (${child.exitCode ?? child.signalCode})`);
      const sql = postgres(url, { max: 1, prepare: false, onnotice: () => {}, connect_timeout: 1 });
      try {
        await sql`select 1`;
        return child;
      } catch {
        await sleep(100);
      } finally {
        await sql.end({ timeout: 1 });
      }
    }
    throw new Error(`pgbouncer did not answer within 10 s (log: ${join(dir, 'pgbouncer.log')})`);
  };
  const bouncer = { url, child: await launch() };
  bouncer.restart = async () => {
    bouncer.child = await launch();
  };
  return bouncer;
}
