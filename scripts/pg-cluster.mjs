#!/usr/bin/env node
// A private, throwaway PostgreSQL cluster for tests and benchmarks.
//
//   node scripts/pg-cluster.mjs start <dir> <port>   -> prints postgres://postgres@127.0.0.1:<port>/postgres
//   node scripts/pg-cluster.mjs stop <dir>
//
// Durability is switched off (fsync, synchronous_commit, full_page_writes): the data is disposable and
// speed matters more. PostgreSQL refuses to run as root, so as root the cluster belongs to an
// unprivileged system user (`postgres` from the Debian package, else `cwpg`, created when missing).

import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Folder with initdb/pg_ctl: the newest /usr/lib/postgresql/<n>/bin, else whatever is on PATH. */
export function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(`${base}/${v}/bin/initdb`))
      .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
    if (versions.length) return `${base}/${versions[0]}/bin`;
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  if (which.status === 0 && found) return found.replace(/\/initdb$/, '');
  throw new Error('PostgreSQL server binaries not found (install the Debian package "postgresql")');
}

/** Asks the kernel for a free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

function userExists(name) {
  return spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0;
}

/** The unprivileged user that owns the cluster when we are root; undefined when we are not root. */
function clusterUser() {
  if (!isRoot) return undefined;
  if (userExists('postgres')) return 'postgres';
  if (!userExists('cwpg')) {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'cwpg'], {
      stdio: 'inherit',
    });
  }
  return 'cwpg';
}

function idOf(user, flag) {
  return Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
}

/** Runs a PostgreSQL binary, as the cluster user when we are root. */
function runPg(user, bin, args, options = {}) {
  const [cmd, argv] = user ? ['runuser', ['-u', user, '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', cwd: '/', ...options });
  if (result.error) throw result.error;
  return result;
}

function fail(what, result) {
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  return new Error(`${what} failed (exit ${result.status}):\n${output}`);
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * Initialises <dir> when it holds no cluster yet, starts PostgreSQL on 127.0.0.1:<port> and waits until
 * it accepts connections. Returns the base URL (database `postgres`).
 */
export async function startCluster(dirArg, portArg, { log = () => {} } = {}) {
  const dir = resolve(dirArg);
  const port = Number(portArg);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`bad port: ${portArg}`);
  const bin = findPgBin();
  const user = clusterUser();

  mkdirSync(dir, { recursive: true });
  if (user) {
    chownSync(dir, idOf(user, '-u'), idOf(user, '-g'));
    // The parent folders must be traversable by the cluster user (e.g. a mkdtemp folder is 0700).
    chmodSync(dir, 0o700);
    if (runPg(user, 'test', ['-x', dir]).status !== 0) {
      throw new Error(`${dir} is not reachable for user ${user}: a parent folder is not traversable`);
    }
  }

  if (!existsSync(`${dir}/PG_VERSION`)) {
    log(`initdb ${dir}`);
    const init = runPg(user, `${bin}/initdb`, [
      '-D',
      dir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    if (init.status !== 0) throw fail('initdb', init);
  }

  const options = [
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    '-c shared_buffers=128MB',
  ].join(' ');
  if (runPg(user, `${bin}/pg_ctl`, ['-D', dir, 'status']).status === 0) {
    // postmaster.pid line 4 is the port the running server listens on.
    const running = Number(readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[3]);
    log(`already running: ${dir} (port ${running})`);
    return `postgres://postgres@127.0.0.1:${running || port}/postgres`;
  }
  log(`pg_ctl start on 127.0.0.1:${port}`);
  // pg_ctl -w waits for the server to accept connections (up to -t seconds).
  const start = runPg(user, `${bin}/pg_ctl`, [
    '-D',
    dir,
    '-l',
    `${dir}/server.log`,
    '-o',
    options,
    '-w',
    '-t',
    '60',
    'start',
  ]);
  if (start.status !== 0) {
    const logTail = existsSync(`${dir}/server.log`)
      ? execFileSync('tail', ['-n', '20', `${dir}/server.log`], { encoding: 'utf8' })
      : '';
    throw new Error(`${fail('pg_ctl start', start).message}\n${logTail}`);
  }

  // Belt and braces: pg_isready over TCP, the way clients will connect.
  for (let i = 0; i < 100; i++) {
    const ready = spawnSync(`${bin}/pg_isready`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'], {
      stdio: 'ignore',
    });
    if (ready.status === 0 || ready.error) break;
    await sleep(100);
  }
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/** Stops the cluster in <dir> (fast mode: disconnects clients). No-op when it is not running. */
export function stopCluster(dirArg) {
  const dir = resolve(dirArg);
  if (!existsSync(`${dir}/postmaster.pid`)) return false;
  const bin = findPgBin();
  let user;
  if (isRoot) {
    const owner = statSync(dir).uid;
    user = execFileSync('id', ['-nu', String(owner)], { encoding: 'utf8' }).trim();
  }
  // A stale postmaster.pid (after a crash) is not a running server.
  if (runPg(user, `${bin}/pg_ctl`, ['-D', dir, 'status']).status !== 0) return false;
  const stop = runPg(user, `${bin}/pg_ctl`, ['-D', dir, '-m', 'fast', '-w', '-t', '30', 'stop']);
  if (stop.status !== 0) throw fail('pg_ctl stop', stop);
  return true;
}

/** pg_basebackup -R of the primary into `dir`: a standby that streams from it once started. */
export function baseBackup(primaryDir, primaryPort, dir) {
  const bin = findPgBin();
  // As root the clusters belong to an unprivileged user (pg-cluster.mjs): the copy too.
  const owner = statSync(primaryDir).uid;
  const user =
    process.getuid?.() === 0
      ? execFileSync('id', ['-nu', String(owner)], { encoding: 'utf8' }).trim()
      : undefined;
  if (user) chownSync(dir, owner, statSync(primaryDir).gid);
  chmodSync(dir, 0o700);
  const args = [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ];
  const [cmd, argv] = user
    ? ['runuser', ['-u', user, '--', `${bin}/pg_basebackup`, ...args]]
    : [`${bin}/pg_basebackup`, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', cwd: '/' });
  if (result.status !== 0) throw new Error(`pg_basebackup failed: ${result.stderr}`);
}

async function main(argv) {
  const [command, dir, port] = argv;
  if (command === 'start' && dir && port) {
    const url = await startCluster(dir, port, { log: (m) => console.error(`[pg-cluster] ${m}`) });
    console.log(url);
    return;
  }
  if (command === 'stop' && dir) {
    const stopped = stopCluster(dir);
    console.error(`[pg-cluster] ${stopped ? 'stopped' : 'not running'}: ${resolve(dir)}`);
    return;
  }
  console.error(
    'usage: node scripts/pg-cluster.mjs start <dir> <port>\n       node scripts/pg-cluster.mjs stop <dir>',
  );
  process.exitCode = 2;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(`[pg-cluster] ${err.message}`);
    process.exit(1);
  });
}
