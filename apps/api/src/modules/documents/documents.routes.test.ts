import type { OrderDocuments } from '@cartwheel/shared/contracts/documents';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { createOrder } from '../../../test/factories.ts';
import { getAs, sendAs } from '../../../test/requests.ts';
import { signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { creditNotes, documentCounters, invoices, orders } from '../../db/schema.ts';
import { createPaidOrder } from '../orders/test-helpers.ts';
import { pdfText } from './test-helpers.ts';

const suite = appPerFile();
let staff: TestUser;
let manager: TestUser;
let admin: TestUser;
let customer: TestUser;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
  manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
  admin = await signUpAs(suite.ctx.app, suite.ctx.db, 'admin');
  customer = await signUpAs(suite.ctx.app, suite.ctx.db, 'customer');
});

const get = (who: TestUser, url: string) => getAs(suite.ctx.app, who.cookie, url);
const paidOrder = (overrides: Partial<typeof orders.$inferInsert> = {}) =>
  createPaidOrder(suite.ctx.db, overrides);

/** The text of a PDF answer, after checking it is one. */
function pdfOf(res: LightMyRequestResponse): string {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(res.rawPayload);
}

const invoicesOf = (orderId: string) =>
  suite.ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId));

describe('packing slips', () => {
  it("prints the order's number, address and lines with their quantities, and no prices", async () => {
    const { order, items } = await paidOrder();
    const text = pdfOf(await get(staff, `/api/admin/orders/${order.id}/packing-slip`));
    expect(text).toContain('Packing slip');
    expect(text).toContain(`Order #${order.orderNumber}`);
    expect(text).toContain(items[0]!.productName);
    expect(text).toContain('Gift wrap');
    expect(text).toContain('1 Main St');
    expect(text).not.toContain('$30.00');
    // A packing slip issues nothing.
    expect(await invoicesOf(order.id)).toEqual([]);
  });

  it('prints the selected orders in one PDF, a page each, and 404s when one is not an order', async () => {
    const first = await paidOrder();
    const second = await createOrder(suite.ctx.db, { status: 'pending' }, [{ productName: 'Wool socks' }]);
    const text = pdfOf(
      await get(staff, `/api/admin/documents/packing-slips?order_ids=${first.order.id},${second.order.id}`),
    );
    expect(text).toContain(`Order #${first.order.orderNumber}`);
    expect(text).toContain(`Order #${second.order.orderNumber}`);
    expect(text).toContain('Wool socks');
    const missing = await get(
      staff,
      `/api/admin/documents/packing-slips?order_ids=${first.order.id},00000000-0000-4000-8000-000000000000`,
    );
    expect(missing.statusCode).toBe(404);
    const bad = await get(staff, '/api/admin/documents/packing-slips?order_ids=nope');
    expect(bad.statusCode).toBe(400);
  });
});

describe('invoices', () => {
  it('issues the invoice once, with a number, the lines and the tax, and reprints the same document', async () => {
    const { order, items } = await paidOrder();
    const res = await get(staff, `/api/admin/orders/${order.id}/invoice`);
    const text = pdfOf(res);
    const [invoice] = await invoicesOf(order.id);
    expect(invoice!.number).toMatch(new RegExp(`^INV-${year}-\\d{4}$`));
    expect(res.headers['content-disposition']).toBe(`inline; filename="invoice-${invoice!.number}.pdf"`);
    expect(text).toContain(`Invoice number: ${invoice!.number}`);
    expect(text).toContain(`Order #${order.orderNumber}`);
    expect(text).toContain(items[0]!.productName);
    expect(text).toContain('Gift wrap');
    // 3 × $30.00 with $2.40 tax added, $5.00 of gift wrap, $7.00 shipping.
    expect(text).toContain('$30.00');
    expect(text).toContain('$2.40');
    expect(text).toContain('$104.40');
    // Changing the order afterwards does not change the issued document.
    await suite.ctx.db.update(orders).set({ customerFirstName: 'Renamed' }).where(eq(orders.id, order.id));
    const again = pdfOf(await get(staff, `/api/admin/orders/${order.id}/invoice`));
    expect(again).toBe(text);
    expect(await invoicesOf(order.id)).toHaveLength(1);
    const documents = (await get(staff, `/api/admin/orders/${order.id}/documents`)).json() as OrderDocuments;
    expect(documents).toEqual({
      invoice: expect.objectContaining({ number: invoice!.number, total_amount: 10_440, currency: 'USD' }),
      credit_notes: [],
    });
  });

  it('refuses an unpaid order with a 409 and takes no number', async () => {
    const { order } = await createOrder(suite.ctx.db, { status: 'pending' });
    const before = await suite.ctx.db.select().from(documentCounters);
    const res = await get(staff, `/api/admin/orders/${order.id}/invoice`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('order_not_paid');
    expect(await invoicesOf(order.id)).toEqual([]);
    expect(await suite.ctx.db.select().from(documentCounters)).toEqual(before);
  });

  it('issues the selected invoices together, or none when one order is unpaid', async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const unpaid = await createOrder(suite.ctx.db, { status: 'pending' });
    const refused = await get(
      staff,
      `/api/admin/documents/invoices?order_ids=${a.order.id},${unpaid.order.id},${b.order.id}`,
    );
    expect(refused.statusCode).toBe(409);
    expect(await invoicesOf(a.order.id)).toEqual([]);
    const text = pdfOf(
      await get(staff, `/api/admin/documents/invoices?order_ids=${a.order.id},${b.order.id}`),
    );
    const [first] = await invoicesOf(a.order.id);
    const [second] = await invoicesOf(b.order.id);
    expect(second!.sequence).toBe(first!.sequence + 1);
    expect(text).toContain(first!.number);
    expect(text).toContain(second!.number);
  });

  it("prints the seller's legal name, address and VAT ID from the settings, in the order's language and currency", async () => {
    const store = await sendAs(suite.ctx.app, admin.cookie, 'PATCH', '/api/admin/online-store', {
      legal_name: 'Cartwheel Handel GmbH',
    });
    expect(store.statusCode, store.body).toBe(200);
    const saved = await sendAs(suite.ctx.app, admin.cookie, 'PATCH', '/api/admin/settings/documents', {
      address: 'Hauptstraße 1\n10115 Berlin',
      tax_number: 'DE123456789',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [logged] = await queryRows<{ changes: Record<string, unknown> }>(
      suite.ctx.db,
      sql`SELECT changes FROM audit_log WHERE action = 'document_settings.updated'`,
    );
    expect(logged!.changes).toMatchObject({ tax_number: ['', 'DE123456789'] });
    const { order } = await paidOrder({ locale: 'de', currency: 'EUR' });
    const text = pdfOf(await get(staff, `/api/admin/orders/${order.id}/invoice`));
    expect(text).toContain('Cartwheel Handel GmbH');
    expect(text).toContain('Hauptstraße 1');
    expect(text).toContain('USt-IdNr.: DE123456789');
    expect(text).toContain('Rechnung');
    expect(text).toContain('104,40\u00a0€');
  });

  it('numbers under a new prefix in a series of its own, and refuses a prefix it cannot print (400, nothing stored)', async () => {
    const refused = await sendAs(suite.ctx.app, admin.cookie, 'PATCH', '/api/admin/settings/documents', {
      invoice_prefix: 'INV #',
      tax_number: 'changed',
    });
    expect(refused.statusCode).toBe(400);
    const current = (await get(admin, '/api/admin/settings/documents')).json();
    expect(current.invoice_prefix).toBe('INV-{year}-');
    expect(current.tax_number).not.toBe('changed');
    const saved = await sendAs(suite.ctx.app, admin.cookie, 'PATCH', '/api/admin/settings/documents', {
      invoice_prefix: 'SHOP{year}/',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { order } = await paidOrder();
    pdfOf(await get(staff, `/api/admin/orders/${order.id}/invoice`));
    const [invoice] = await invoicesOf(order.id);
    expect(invoice!.number).toBe(`SHOP${year}/0001`);
    await sendAs(suite.ctx.app, admin.cookie, 'PATCH', '/api/admin/settings/documents', {
      invoice_prefix: 'INV-{year}-',
    });
  });
});

describe('credit notes', () => {
  const refund = (orderId: string, body: object) =>
    sendAs(suite.ctx.app, manager.cookie, 'POST', `/api/admin/orders/${orderId}/refunds`, body);

  it('gives a refund of an invoiced order a credit note of its own series that refers to the invoice', async () => {
    const { order, items } = await paidOrder();
    pdfOf(await get(staff, `/api/admin/orders/${order.id}/invoice`));
    const [invoice] = await invoicesOf(order.id);
    const res = await refund(order.id, {
      items: [{ order_item_id: items[0]!.id, quantity: 1 }],
      reason: 'Damaged in transit',
    });
    expect(res.statusCode, res.body).toBe(200);
    const documents = (await get(staff, `/api/admin/orders/${order.id}/documents`)).json() as OrderDocuments;
    expect(documents.credit_notes).toHaveLength(1);
    const note = documents.credit_notes[0]!;
    expect(note.number).toMatch(new RegExp(`^CN-${year}-\\d{4}$`));
    // A third of the line's $90.00 and of its $2.40 tax.
    expect(note.total_amount).toBe(3080);
    const [stored] = await suite.ctx.db.select().from(creditNotes).where(eq(creditNotes.id, note.id));
    expect(stored!.invoiceId).toBe(invoice!.id);
    const text = pdfOf(await get(staff, `/api/admin/orders/${order.id}/credit-notes/${note.id}`));
    expect(text).toContain('Credit note');
    expect(text).toContain(`For invoice ${invoice!.number}`);
    expect(text).toContain(items[0]!.productName);
    expect(text).toContain('Damaged in transit');
    expect(text).toContain('$30.80');
    // Another order's id does not open it.
    const other = await paidOrder();
    expect((await get(staff, `/api/admin/orders/${other.order.id}/credit-notes/${note.id}`)).statusCode).toBe(
      404,
    );
  });

  it('gives refunds made before the invoice their credit notes when the invoice is issued', async () => {
    const { order, items } = await paidOrder();
    expect(
      (
        await refund(order.id, {
          items: [{ order_item_id: items[1]!.id, quantity: 1 }],
          reason: 'Not wanted',
        })
      ).statusCode,
    ).toBe(200);
    // No invoice yet: nothing to refer to.
    expect((await get(staff, `/api/admin/orders/${order.id}/documents`)).json()).toEqual({
      invoice: null,
      credit_notes: [],
    });
    pdfOf(await get(staff, `/api/admin/orders/${order.id}/invoice`));
    const documents = (await get(staff, `/api/admin/orders/${order.id}/documents`)).json() as OrderDocuments;
    expect(documents.invoice).not.toBeNull();
    expect(documents.credit_notes).toEqual([expect.objectContaining({ total_amount: 500 })]);
  });

  it('numbers credit notes without gaps or repeats in their own series', async () => {
    const rows = await queryRows<{ series: string; sequence: number }>(
      suite.ctx.db,
      sql`SELECT series, sequence FROM credit_notes ORDER BY series, sequence`,
    );
    expect(rows.map((r) => Number(r.sequence))).toEqual(rows.map((_, i) => i + 1));
  });
});

describe('who may print', () => {
  it('refuses customers the back office documents (403) and lets staff print', async () => {
    const { order } = await paidOrder();
    for (const path of ['packing-slip', 'invoice', 'documents']) {
      expect((await get(customer, `/api/admin/orders/${order.id}/${path}`)).statusCode).toBe(403);
    }
    expect((await get(customer, `/api/admin/settings/documents`)).statusCode).toBe(403);
    expect((await get(staff, `/api/admin/settings/documents`)).statusCode).toBe(403);
    expect(await invoicesOf(order.id)).toEqual([]);
  });

  it("lets a shopper download the invoice of their own paid order, and answers 404 for anyone else's", async () => {
    const { order, items } = await paidOrder({ customerId: customer.id });
    const text = pdfOf(await get(customer, `/api/account/orders/${order.id}/invoice`));
    expect(text).toContain(items[0]!.productName);
    const [invoice] = await invoicesOf(order.id);
    expect(text).toContain(invoice!.number);

    const stranger = await signUpAs(suite.ctx.app, suite.ctx.db, 'customer');
    expect((await get(stranger, `/api/account/orders/${order.id}/invoice`)).statusCode).toBe(404);
    const guests = await paidOrder();
    expect((await get(customer, `/api/account/orders/${guests.order.id}/invoice`)).statusCode).toBe(404);
    expect(await invoicesOf(guests.order.id)).toEqual([]);
    expect((await get(customer, '/api/account/orders/not-a-uuid/invoice')).statusCode).toBe(404);
    const anonymous = await suite.ctx.app.inject({
      method: 'GET',
      url: `/api/account/orders/${order.id}/invoice`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
