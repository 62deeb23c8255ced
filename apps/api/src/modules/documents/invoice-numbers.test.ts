import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { createOrder } from '../../../test/factories.ts';
import { signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { onPostgres } from '../checkout/test-helpers.ts';
import { loadSeller } from './document-settings.ts';
import { issueInvoice } from './documents.service.ts';

// Meaningful on PostgreSQL (npm run test:pg), where the requests' transactions really run at once;
// PGlite has one connection, so there the same test runs with fewer orders.
const ORDERS = onPostgres ? 200 : 20;

const suite = appPerFile();
let staff: TestUser;

beforeAll(async () => {
  staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
});

const paidOrders = async (count: number) => {
  const made = [];
  for (let i = 0; i < count; i++) {
    made.push(
      await createOrder(suite.ctx.db, { status: 'processing', paymentStatus: 'paid' }, [
        { productName: `Line ${i}`, pricePerItem: 1000 + i },
      ]),
    );
  }
  return made.map((m) => m.order);
};

const sequences = () =>
  queryRows<{ sequence: number; number: string }>(
    suite.ctx.db,
    sql`SELECT sequence, number FROM invoices ORDER BY sequence`,
  );

describe('invoice numbers', () => {
  it(`has no gaps and no repeats across ${ORDERS} orders invoiced at once, each order printed twice`, async () => {
    const orders = await paidOrders(ORDERS);
    // Every order asked for twice at the same moment: the second request must reprint, not renumber.
    const requests = [...orders, ...orders].map((order) =>
      suite.ctx.app.inject({
        method: 'GET',
        url: `/api/admin/orders/${order.id}/invoice`,
        headers: { cookie: staff.cookie },
      }),
    );
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const issued = await sequences();
    expect(issued.map((row) => Number(row.sequence))).toEqual(orders.map((_, i) => i + 1));
    expect(new Set(issued.map((row) => row.number)).size).toBe(ORDERS);
    const [counter] = await queryRows<{ last_value: number }>(
      suite.ctx.db,
      sql`SELECT last_value FROM document_counters WHERE kind = 'invoice'`,
    );
    expect(Number(counter!.last_value)).toBe(ORDERS);
  });

  it('gives back the number of an issue that rolled back: the next invoice takes it', async () => {
    const [first, second] = await paidOrders(2);
    const before = (await sequences()).length;
    const seller = await loadSeller(suite.ctx.db, suite.ctx.config);
    const failed = suite.ctx.db.transaction(async (tx) => {
      await issueInvoice(tx, first!.id, seller, null);
      throw new Error('the printer caught fire');
    });
    await expect(failed).rejects.toThrow('the printer caught fire');
    await suite.ctx.db.transaction((tx) => issueInvoice(tx, second!.id, seller, null));
    const issued = await sequences();
    expect(issued.map((row) => Number(row.sequence))).toEqual(issued.map((_, i) => i + 1));
    expect(Number(issued.at(-1)!.sequence)).toBe(before + 1);
  });
});
