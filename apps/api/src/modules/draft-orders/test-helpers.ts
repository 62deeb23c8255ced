import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A shipping address the test shipping zones cover. */
export const POS_ADDRESS = {
  first_name: 'Grace',
  last_name: 'Hopper',
  address_line_1: '1 Navy Way',
  city: 'Arlington',
  state_province: 'VA',
  postal_code: '22202',
  country: 'US',
};

type Call = (method: 'POST' | 'PUT', url: string, payload?: object) => Promise<LightMyRequestResponse>;

/**
 * A sale at the till, as staff make it: saves a draft of `content`, picks the first shipping method
 * offered, and marks it paid in cash. Returns mark-paid's answer (order id and number).
 */
export async function sellAtTill(
  call: Call,
  content: { lines: object[]; email: string; first_name: string; last_name: string },
): Promise<{ order_id: string; order_number: number }> {
  const body = { ...content, shipping_address: POS_ADDRESS };
  const created = await call('POST', '/api/admin/draft-orders', body);
  expect(created.statusCode, created.body).toBe(201);
  const draft = created.json();
  const saved = await call('PUT', `/api/admin/draft-orders/${draft.id}`, {
    ...body,
    shipping_method_id: draft.quote.shipping_methods[0].id,
    version: draft.version,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const paid = await call('POST', `/api/admin/draft-orders/${draft.id}/mark-paid`, {
    payment_method: 'cash',
    version: saved.json().version,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json();
}
