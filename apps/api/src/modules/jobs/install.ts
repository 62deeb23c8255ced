import PgBoss from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { bossDb } from './boss-db.ts';
import { DEDUPLICATED_QUEUES, JOB_QUEUES, JOBS_SCHEMA } from './queues.ts';

/**
 * Creates or upgrades pg-boss's tables and creates every queue (database.migrate calls it after our
 * migrations). Safe to run from several processes at once: pg-boss takes an advisory lock, and a
 * queue that exists is left as it is.
 */
export async function installJobQueue(db: Db): Promise<void> {
  const boss = new PgBoss({ db: bossDb(db), schema: JOBS_SCHEMA, supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  try {
    const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
    for (const name of JOB_QUEUES) {
      if (existing.has(name)) continue;
      await boss.createQueue(name, DEDUPLICATED_QUEUES.has(name) ? { name, policy: 'short' } : undefined);
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
