import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { openReadReplicas, parseLsn, primaryReads, type ReadTarget } from './read-replicas.ts';

describe('read replicas', () => {
  it('orders WAL positions across the 32-bit boundary and refuses anything else', () => {
    expect(parseLsn('0/FFFFFFFF') < parseLsn('1/0')).toBe(true);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/A') > parseLsn('1/9')).toBe(true);
    expect(() => parseLsn('16-B374D848')).toThrow(/not a WAL position/);
  });

  it('reads everything on the primary without replicas, and waits for nothing', async () => {
    const picks: ReadTarget[] = [];
    const database = await openTestDatabase();
    try {
      const reads = primaryReads(database.db, (target) => picks.push(target));
      expect(reads.replicated).toBe(false);
      await reads.raiseFloor();
      expect(await reads.pick()).toBe(database.db);
      expect(picks).toEqual(['primary']);
    } finally {
      await database.close();
    }
  });

  // A server that is not in recovery, given as a replica, has everything it wrote: reads go to it
  // after a write's floor is raised. The lag itself is tested with a real standby (npm run test:replica).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reads from a replica that has what the primary wrote, round robin',
    async () => {
      const database = await openTestDatabase();
      const picks: ReadTarget[] = [];
      const reads = openReadReplicas({
        primary: database.db,
        urls: [database.url!, database.url!],
        poolSize: 1,
        prepare: true,
        onPick: (target) => picks.push(target),
      });
      try {
        await reads.raiseFloor();
        const first = await reads.pick();
        const second = await reads.pick();
        expect(picks).toEqual(['replica', 'replica']);
        expect(first).not.toBe(second);
        expect(first).not.toBe(database.db);
      } finally {
        await reads.close();
        await database.close();
      }
    },
  );
});
