import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The path of a PostgreSQL client program (`pg_dump`, `pg_restore`): on PATH, else the newest in
 * /usr/lib/postgresql/<n>/bin (Debian's packages); null when there is none.
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string | null {
  const onPath = spawnSync(name, ['--version'], { encoding: 'utf8' });
  if (onPath.status === 0) return name;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', name)))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions.length ? join(base, versions[0]!, 'bin', name) : null;
}

/** Runs a program to its end; a non-zero exit throws with what it wrote to stderr. */
export function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${program} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

/** A tool that must be there, or an error saying how to get it. */
export function requirePgTool(name: 'pg_dump' | 'pg_restore'): string {
  const path = findPgTool(name);
  if (!path) {
    throw new Error(
      `${name} was not found. Install the PostgreSQL client tools of the server's major version (Debian: postgresql-client) and try again; docs/operations.md has the runbook.`,
    );
  }
  return path;
}
