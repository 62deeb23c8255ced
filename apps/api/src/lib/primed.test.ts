import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/commerce-app.ts';
import { createOrder, createProduct } from '../../test/factories.ts';
import { signUpAs, type TestUser } from '../../test/sessions.ts';
import { primed } from './primed.ts';

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
}

describe('primed', () => {
  it('replays what it read first, then the rest, in order', async () => {
    let pulled = 0;
    async function* numbers() {
      for (let i = 1; i <= 5; i++) {
        pulled = i;
        yield i;
      }
    }
    const source = await primed(numbers(), 2);
    expect(pulled).toBe(2);
    expect(await collect(source)).toEqual([1, 2, 3, 4, 5]);
  });

  it('rejects when the source fails before `count` items, and copes with a short source', async () => {
    async function* failing() {
      yield 'header';
      throw new Error('first batch failed');
    }
    await expect(primed(failing(), 2)).rejects.toThrow('first batch failed');
    async function* one() {
      yield 'only';
    }
    expect(await collect(await primed(one(), 3))).toEqual(['only']);
  });
});

describe('CSV exports when the first database read fails', () => {
  const suite = appPerFile();
  let manager: TestUser;
  beforeAll(async () => {
    manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    const product = await createProduct(suite.ctx.db);
    await createOrder(suite.ctx.db, { status: 'processing', paymentStatus: 'paid' }, [{ product }]);
  });

  // The table the export reads is briefly missing: its first query fails, and nothing else does.
  async function withTableMissing(table: 'orders' | 'products', url: string) {
    await suite.ctx.db.execute(sql.raw(`ALTER TABLE ${table} RENAME TO ${table}_away`));
    try {
      return await suite.ctx.app.inject({ method: 'GET', url, headers: { cookie: manager.cookie } });
    } finally {
      await suite.ctx.db.execute(sql.raw(`ALTER TABLE ${table}_away RENAME TO ${table}`));
    }
  }

  it('answer an error with the usual body, never a 200 that stops short', async () => {
    for (const [table, url] of [
      ['orders', '/api/admin/orders/export'],
      ['products', '/api/admin/products/export'],
    ] as const) {
      const res = await withTableMissing(table, url);
      expect(res.statusCode, url).not.toBe(200);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toHaveProperty('error');
    }
    const ok = await suite.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders/export',
      headers: { cookie: manager.cookie },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body.trim().split('\n')).toHaveLength(2);
  });
});
