import type { AdminReturnDetail, CustomerReturn } from '@cartwheel/shared/contracts/returns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { getAs, sendAs } from '../../../test/requests.ts';
import { signUp, signUpAs } from '../../../test/sessions.ts';
import { loadConfig } from '../../config.ts';
import { FAKE_LABEL_URL, FAKE_TRACKING, FakeEasyPost } from './fake-easypost.ts';
import { deliveredOrder, emailsOf, RETURN_ADDRESS, setReturnSettings } from './test-helpers.ts';

// The EasyPost adapter of the return labels, through its official SDK against a local fake of the API.
const fake = new FakeEasyPost();
let apiBase = '';
const testApp = appPerTest();

beforeAll(async () => {
  apiBase = await fake.start();
});
afterAll(() => fake.stop());

async function approvedWithEasyPost() {
  const { app, db } = await testApp.open({
    RETURN_LABELS: 'easypost',
    EASYPOST_API_KEY: 'EZTK_cartwheel',
    EASYPOST_API_BASE: apiBase,
  });
  const admin = await signUpAs(app, db, 'admin');
  await setReturnSettings(app, admin);
  const shopper = await signUp(app);
  const { order, lampLine } = await deliveredOrder(app, db, admin, shopper);
  const asked = await sendAs(app, shopper.cookie, 'POST', `/api/account/orders/${order.id}/returns`, {
    items: [{ order_item_id: lampLine.id, quantity: 1, reason: 'too_small' }],
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const made = asked.json() as CustomerReturn;
  const approve = () => sendAs(app, admin.cookie, 'POST', `/api/admin/returns/${made.id}/approve`, {});
  return { app, db, admin, shopper, made, approve };
}

describe('return labels from EasyPost', () => {
  it('needs an API key when chosen', () => {
    expect(() => loadConfig({ RETURN_LABELS: 'easypost' })).toThrow(/EASYPOST_API_KEY/);
  });

  it("buys the cheapest return rate with the shop's and the shopper's addresses; staff and the email open its label", async () => {
    const { app, db, admin, shopper, made, approve } = await approvedWithEasyPost();
    const res = await approve();
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminReturnDetail).label).toEqual({
      carrier: 'easypost',
      tracking_number: FAKE_TRACKING,
      external_url: FAKE_LABEL_URL,
    });
    const create = fake.requests.find((r) => r.path === '/v2/shipments');
    expect(create?.authorization).toBe(`Basic ${Buffer.from('EZTK_cartwheel:').toString('base64')}`);
    const shipment = create?.body.shipment as Record<string, unknown>;
    expect(shipment).toMatchObject({
      is_return: true,
      reference: made.rma,
      from_address: { street1: RETURN_ADDRESS.address_line_1, zip: RETURN_ADDRESS.postal_code },
      to_address: { street1: '1 Main St', country: 'US' },
    });
    const buy = fake.requests.find((r) => r.path === '/v2/shipments/shp_fake/buy');
    expect(buy?.body).toMatchObject({ rate: { id: 'rate_usps' } });

    const label = await getAs(app, admin.cookie, `/api/admin/returns/${made.id}/label`);
    expect([label.statusCode, label.headers.location]).toEqual([302, FAKE_LABEL_URL]);
    const [mail] = await emailsOf(db, 'return_approved', shopper.email);
    const link = /\/api\/returns\/labels\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0];
    const opened = await app.inject({ method: 'GET', url: link! });
    expect([opened.statusCode, opened.headers.location]).toEqual([302, FAKE_LABEL_URL]);
  });

  it('keeps the return approved without a label when EasyPost refuses, emails nothing, and makes it on the next try', async () => {
    const { app, db, admin, shopper, made, approve } = await approvedWithEasyPost();
    fake.refuseNext = true;
    const refused = await approve();
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.code).toBe('label_failed');
    const detail = (
      await getAs(app, admin.cookie, `/api/admin/returns/${made.id}`)
    ).json() as AdminReturnDetail;
    expect([detail.status, detail.label]).toEqual(['approved', null]);
    expect(await emailsOf(db, 'return_approved', shopper.email)).toHaveLength(0);

    const again = await sendAs(app, admin.cookie, 'POST', `/api/admin/returns/${made.id}/label`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().label.tracking_number).toBe(FAKE_TRACKING);
    expect(await emailsOf(db, 'return_approved', shopper.email)).toHaveLength(1);
    const twice = await sendAs(app, admin.cookie, 'POST', `/api/admin/returns/${made.id}/label`, {});
    expect(twice.statusCode).toBe(409);
  });
});
