import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { deferred } from '../../../test/concurrency.ts';
import { createProduct } from '../../../test/factories.ts';
import { lockStockRows, stockRows } from './stock.ts';
import { onPostgres } from './test-helpers.ts';

const testApp = appPerTest();

describe('stock row locks', () => {
  // Two connections at once: PostgreSQL only (npm run test:pg); PGlite has one. A transfer's lines
  // written in their own order hold a foreign key's share lock on each item they name; a checkout
  // locking the same items in id order must not wait for those, or the two deadlock.
  it.skipIf(!onPostgres)(
    'do not wait for the share lock of a row that only references the item (a foreign key check)',
    async () => {
      const { db } = await testApp.open();
      const vase = await createProduct(db, { name: 'Vase', inventoryLevel: 5 });
      const bowl = await createProduct(db, { name: 'Bowl', inventoryLevel: 5 });
      const referenced = deferred();
      const done = deferred();
      // What inserting a row with a foreign key to both items takes: FOR KEY SHARE on each.
      const reference = db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM products WHERE id IN (${vase.id}, ${bowl.id}) FOR KEY SHARE`);
        referenced.resolve();
        await done.promise;
      });
      await referenced.promise;
      try {
        const levels = await db.transaction(async (tx) => {
          // Waiting would be the bug: fail after a while instead of hanging the test.
          await tx.execute(sql`SET LOCAL lock_timeout = '10s'`);
          const line = (productId: string) => ({ productId, variantId: null, quantity: 1, label: '' });
          return lockStockRows(tx, stockRows([line(vase.id), line(bowl.id)]));
        });
        expect([...levels.values()]).toEqual([5, 5]);
      } finally {
        done.resolve();
        await reference;
      }
    },
  );
});
