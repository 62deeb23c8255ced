import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How a running server with the embedded database is reached by `npm run backup`: its address and a
 * token, in DATA_DIR/ops.json (readable by its owner only). Whoever can read the data folder can read
 * the database anyway; the token adds nothing anyone else could use.
 */
export interface OpsFile {
  pid: number;
  url: string;
  token: string;
}

export const opsFilePath = (dataDir: string) => join(dataDir, 'ops.json');

/** A new random token for the snapshot route. */
export const newOpsToken = () => randomBytes(32).toString('base64url');

/** Written once the server listens; removed when it stops. */
export function writeOpsFile(dataDir: string, ops: OpsFile): void {
  writeFileSync(opsFilePath(dataDir), JSON.stringify(ops), { mode: 0o600 });
}

export function removeOpsFile(dataDir: string): void {
  rmSync(opsFilePath(dataDir), { force: true });
}

/** The running server's ops file, or null when there is none or its process is gone. */
export function liveOpsFile(dataDir: string): OpsFile | null {
  let ops: OpsFile;
  try {
    ops = JSON.parse(readFileSync(opsFilePath(dataDir), 'utf8')) as OpsFile;
  } catch {
    return null;
  }
  try {
    process.kill(ops.pid, 0);
    return ops;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? ops : null;
  }
}
