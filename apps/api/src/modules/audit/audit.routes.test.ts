import type { AuditEntry, AuditLogPage } from '@cartwheel/shared/contracts/audit';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { type Method, sendAs } from '../../../test/requests.ts';
import { enableTwoFactor, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { createPaidOrder } from '../orders/test-helpers.ts';

const suite = appWithAdminPerFile();
const AGENT = 'audit-test/1.0';
const IP = '203.0.113.7';

const call = (method: Method, url: string, payload?: unknown, cookie = suite.admin.cookie) =>
  suite.ctx.app.inject({
    method,
    url,
    remoteAddress: IP,
    headers: { cookie, 'user-agent': AGENT },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const log = async (query = ''): Promise<AuditLogPage> => {
  const res = await sendAs(suite.ctx.app, suite.admin.cookie, 'GET', `/api/admin/audit-log${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Ids made by earlier rows of the table, read by later ones. */
const made: Record<string, string> = {};
const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};

interface Case {
  name: string;
  run: () => Promise<LightMyRequestResponse>;
  action: string;
  target: { type: string; id?: () => string | null };
  changes?: Record<string, unknown>;
}

const zone = {
  name: 'Audit zone',
  countries: ['NZ'],
  methods: [{ name: 'Standard', kind: 'flat', amount_cents: 500 }],
};
const market = {
  handle: 'audit',
  name: 'Audit market',
  countries: ['AU'],
  currency: 'AUD',
  languages: ['en'],
  prices_include_tax: true,
  rounding: 'x.99',
};

const CASES: Case[] = [
  // First: the base currency can change only before the first order.
  {
    name: "the shop's settings changed",
    run: () => call('PATCH', '/api/admin/settings', { base_currency: 'EUR' }),
    action: 'settings.updated',
    target: { type: 'settings', id: () => 'shop' },
    changes: { base_currency: ['USD', 'EUR'] },
  },
  {
    name: 'a customer given a staff role (a team invitation)',
    run: async () => {
      const user = await signUpAs(suite.ctx.app, suite.ctx.db, 'customer');
      made.member = user.id;
      return call('PUT', `/api/admin/team/${user.id}`, { role: 'staff' });
    },
    action: 'team.member_added',
    target: { type: 'user', id: () => made.member! },
    changes: { role: ['customer', 'staff'] },
  },
  {
    name: "a member's role changed",
    run: () => call('PUT', `/api/admin/team/${made.member}`, { role: 'manager' }),
    action: 'team.role_changed',
    target: { type: 'user', id: () => made.member! },
    changes: { role: ['staff', 'manager'] },
  },
  {
    name: 'a member removed from the team',
    run: () => call('DELETE', `/api/admin/team/${made.member}`),
    action: 'team.member_removed',
    target: { type: 'user', id: () => made.member! },
    changes: { role: ['manager', 'customer'] },
  },
  {
    name: "a member's second factor reset",
    run: async () => {
      const staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
      await enableTwoFactor(suite.ctx.app, staff);
      made.twoFactor = staff.id;
      return call('POST', `/api/admin/team/${staff.id}/reset-two-factor`);
    },
    action: 'team.two_factor_reset',
    target: { type: 'user', id: () => made.twoFactor! },
    changes: { two_factor_enabled: [true, false] },
  },
  {
    name: 'an API key created',
    run: async () => {
      const res = ok(await call('POST', '/api/admin/api-keys', { name: 'Audit key', role: 'admin' }));
      made.apiKey = res.json().key.id;
      made.token = res.json().token;
      return res;
    },
    action: 'api_key.created',
    target: { type: 'api_key', id: () => made.apiKey! },
    changes: { name: [null, 'Audit key'], role: [null, 'admin'] },
  },
  {
    name: 'an API key revoked',
    run: () => call('DELETE', `/api/admin/api-keys/${made.apiKey}`),
    action: 'api_key.revoked',
    target: { type: 'api_key', id: () => made.apiKey! },
    changes: { revoked_at: [null, expect.any(String)] },
  },
  {
    name: 'a webhook endpoint created',
    run: async () => {
      const res = ok(
        await call('POST', '/api/admin/webhooks', {
          url: 'https://hooks.example.com/audit',
          events: ['order.paid'],
        }),
      );
      made.webhook = res.json().endpoint.id;
      return res;
    },
    action: 'webhook.created',
    target: { type: 'webhook', id: () => made.webhook! },
    changes: { url: [null, 'https://hooks.example.com/audit'], events: [null, ['order.paid']] },
  },
  {
    name: 'a webhook endpoint changed',
    run: () => call('PATCH', `/api/admin/webhooks/${made.webhook}`, { enabled: false }),
    action: 'webhook.updated',
    target: { type: 'webhook', id: () => made.webhook! },
    changes: { enabled: [true, false] },
  },
  {
    name: "a webhook endpoint's secret rotated (the secret itself never stored)",
    run: () => call('POST', `/api/admin/webhooks/${made.webhook}/rotate-secret`),
    action: 'webhook.secret_rotated',
    target: { type: 'webhook', id: () => made.webhook! },
    changes: { secret: ['[redacted]', '[redacted]'] },
  },
  {
    name: 'a paused webhook endpoint resumed',
    run: async () => {
      await suite.ctx.db.execute(
        sql`UPDATE webhook_endpoints SET paused_until = now() + interval '1 hour', consecutive_failures = 5
            WHERE id = ${made.webhook}`,
      );
      return call('POST', `/api/admin/webhooks/${made.webhook}/resume`);
    },
    action: 'webhook.resumed',
    target: { type: 'webhook', id: () => made.webhook! },
    changes: { paused_until: [expect.any(String), null], failures: [5, 0] },
  },
  {
    name: 'a webhook endpoint deleted',
    run: () => call('DELETE', `/api/admin/webhooks/${made.webhook}`),
    action: 'webhook.deleted',
    target: { type: 'webhook', id: () => made.webhook! },
    changes: { url: ['https://hooks.example.com/audit', null] },
  },
  {
    name: 'a refund',
    run: async () => {
      const { order, items } = await createPaidOrder(suite.ctx.db, { paymentProvider: 'local' });
      made.order = order.id;
      return call('POST', `/api/admin/orders/${order.id}/refunds`, {
        items: [{ order_item_id: items[0]!.id, quantity: 1 }],
        reason: 'Damaged',
      });
    },
    action: 'order.refunded',
    target: { type: 'order', id: () => made.order! },
    changes: { refunded_amount: [0, expect.any(Number)], reason: [null, 'Damaged'] },
  },
  {
    name: 'a discount created',
    run: async () => {
      const res = ok(
        await call('POST', '/api/admin/discounts', {
          title: 'Audit ten',
          code: 'AUDIT10',
          kind: 'percentage',
          percent_bps: 1000,
        }),
      );
      made.discount = res.json().id;
      return res;
    },
    action: 'discount.created',
    target: { type: 'discount', id: () => made.discount! },
    changes: { code: [null, 'AUDIT10'], percent_bps: [null, 1000] },
  },
  {
    name: 'a discount changed',
    run: () =>
      call('PUT', `/api/admin/discounts/${made.discount}`, {
        title: 'Audit twenty',
        code: 'AUDIT10',
        kind: 'percentage',
        percent_bps: 2000,
      }),
    action: 'discount.updated',
    target: { type: 'discount', id: () => made.discount! },
    changes: { title: ['Audit ten', 'Audit twenty'], percent_bps: [1000, 2000] },
  },
  {
    name: 'a discount deleted',
    run: () => call('DELETE', `/api/admin/discounts/${made.discount}`),
    action: 'discount.deleted',
    target: { type: 'discount', id: () => made.discount! },
    changes: { code: ['AUDIT10', null] },
  },
  {
    name: "the store's name changed",
    run: () => call('PATCH', '/api/admin/online-store', { name: 'Audited Goods' }),
    action: 'store.updated',
    target: { type: 'settings', id: () => 'store' },
    changes: { name: [expect.any(String), 'Audited Goods'] },
  },
  {
    name: 'checkout and payment settings changed',
    run: () => call('PATCH', '/api/admin/settings/checkout', { guest_enabled: false }),
    action: 'checkout_settings.updated',
    target: { type: 'settings', id: () => 'checkout' },
    changes: { guest_enabled: [true, false] },
  },
  {
    name: 'a shipping zone created',
    run: async () => {
      const res = ok(await call('POST', '/api/admin/shipping/zones', zone));
      made.zone = res.json().id;
      return res;
    },
    action: 'shipping_zone.created',
    target: { type: 'shipping_zone', id: () => made.zone! },
    changes: { name: [null, 'Audit zone'], countries: [null, ['NZ']] },
  },
  {
    name: 'a shipping zone changed',
    run: () => call('PUT', `/api/admin/shipping/zones/${made.zone}`, { ...zone, name: 'Audit zone 2' }),
    action: 'shipping_zone.updated',
    target: { type: 'shipping_zone', id: () => made.zone! },
    changes: { name: ['Audit zone', 'Audit zone 2'] },
  },
  {
    name: 'a shipping zone deleted',
    run: () => call('DELETE', `/api/admin/shipping/zones/${made.zone}`),
    action: 'shipping_zone.deleted',
    target: { type: 'shipping_zone', id: () => made.zone! },
    changes: { name: ['Audit zone 2', null] },
  },
  {
    name: "a place's taxes replaced",
    run: () => call('PUT', '/api/admin/shipping/taxes/ca-bc', { rates: [{ name: 'GST', rate_bps: 500 }] }),
    action: 'tax_place.updated',
    target: { type: 'tax_place', id: () => 'CA-BC' },
    changes: { rates: [expect.any(Array), [{ name: 'GST', rate_bps: 500, taxes_shipping: false }]] },
  },
  {
    name: 'a market created',
    run: async () => {
      const res = ok(await call('POST', '/api/admin/markets', market));
      made.market = res.json().id;
      return res;
    },
    action: 'market.created',
    target: { type: 'market', id: () => made.market! },
    changes: { handle: [null, 'audit'], currency: [null, 'AUD'] },
  },
  {
    name: 'a market changed',
    run: () => call('PUT', `/api/admin/markets/${made.market}`, { ...market, name: 'Audit market 2' }),
    action: 'market.updated',
    target: { type: 'market', id: () => made.market! },
    changes: { name: ['Audit market', 'Audit market 2'] },
  },
  {
    name: 'a market deleted',
    run: () => call('DELETE', `/api/admin/markets/${made.market}`),
    action: 'market.deleted',
    target: { type: 'market', id: () => made.market! },
    changes: { handle: ['audit', null] },
  },
  {
    name: 'an exchange rate set',
    run: () => call('PUT', '/api/admin/exchange-rates/JPY', { rate: '160' }),
    action: 'exchange_rate.set',
    target: { type: 'exchange_rate', id: () => 'JPY' },
    changes: { rate: [null, expect.stringMatching(/^160/)] },
  },
  {
    name: 'an exchange rate deleted',
    run: () => call('DELETE', '/api/admin/exchange-rates/JPY'),
    action: 'exchange_rate.deleted',
    target: { type: 'exchange_rate', id: () => 'JPY' },
    changes: { rate: [expect.stringMatching(/^160/), null] },
  },
  {
    name: 'the orders exported',
    run: () => call('GET', '/api/admin/orders/export?status=processing'),
    action: 'orders.exported',
    target: { type: 'orders', id: () => expect.stringContaining('status=processing') },
  },
  {
    name: 'the ledger exported',
    run: () => call('GET', '/api/admin/finances/ledger/export?from=2026-01-01&to=2026-02-01'),
    action: 'ledger.exported',
    target: { type: 'ledger', id: () => expect.stringContaining('from=2026-01-01') },
  },
];

describe('the audit log', () => {
  it.each(CASES)('records $name: one row with who, from where and what', async (row) => {
    const before = (await log()).total;
    ok(await row.run());
    const after = await log('?limit=10');
    expect(after.total).toBe(before + 1);
    const entry = after.items[0] as AuditEntry;
    expect(entry).toMatchObject({
      action: row.action,
      actor_id: suite.admin.id,
      actor_email: suite.admin.email,
      actor_role: 'admin',
      actor_kind: 'user',
      ip: IP,
      user_agent: AGENT,
      target_type: row.target.type,
      ...(row.target.id ? { target_id: row.target.id() } : {}),
      ...(row.changes ? { changes: expect.objectContaining(row.changes) } : {}),
    });
  });

  it('never stores a secret: no API key token or webhook secret in any row', async () => {
    const text = JSON.stringify((await log('?limit=50')).items);
    expect(made.token).toMatch(/^cwk_/);
    expect(text).not.toContain(made.token!);
    const rotated = await call('POST', '/api/admin/webhooks', {
      url: 'https://hooks.example.com/secret',
      events: ['order.paid'],
    });
    const secret: string = rotated.json().secret;
    expect(JSON.stringify((await log('?limit=50')).items)).not.toContain(secret);
  });

  it('records a request made with an API key as the key, on behalf of its creator', async () => {
    const key = ok(await call('POST', '/api/admin/api-keys', { name: 'Script', role: 'manager' })).json();
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/discounts',
      headers: { authorization: `Bearer ${key.token}` },
      payload: { title: 'By key', code: 'BYKEY', kind: 'percentage', percent_bps: 500 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = (await log('?action=discount.created')).items;
    expect(entry).toMatchObject({
      actor_kind: 'api_key',
      actor_api_key_id: key.key.id,
      actor_id: suite.admin.id,
      actor_role: 'manager',
    });
  });

  it('writes nothing for a change that is refused', async () => {
    const before = (await log()).total;
    const bad = await call('POST', '/api/admin/discounts', { title: '', kind: 'percentage' });
    expect(bad.statusCode).toBe(400);
    const missing = await call('DELETE', '/api/admin/discounts/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await log()).total).toBe(before);
  });

  it('filters by actor, action (or its prefix), target and date, a page at a time', async () => {
    const all = await log('?limit=50');
    const webhooks = await log('?action=webhook');
    expect(webhooks.items.map((e) => e.action)).toEqual(
      all.items.filter((e) => e.action.startsWith('webhook.')).map((e) => e.action),
    );
    expect(webhooks.total).toBeGreaterThanOrEqual(5);
    const exact = await log('?action=webhook.created');
    expect(exact.items.every((e) => e.action === 'webhook.created')).toBe(true);

    expect((await log(`?actor=${encodeURIComponent(suite.admin.email.toUpperCase())}`)).total).toBe(
      all.total,
    );
    expect((await log(`?actor=${suite.admin.id}`)).total).toBe(all.total);
    expect((await log('?actor=nobody-at-all')).total).toBe(0);

    const market = await log(`?target_type=market&target_id=${made.market}`);
    expect(market.items.map((e) => e.action)).toEqual(['market.deleted', 'market.updated', 'market.created']);

    expect((await log('?from=2000-01-01&to=2000-01-02')).total).toBe(0);
    expect((await log(`?from=${new Date(Date.now() - 3_600_000).toISOString()}`)).total).toBe(all.total);

    const first = await log('?limit=10&page=1');
    const second = await log('?limit=10&page=2');
    expect(first.items).toHaveLength(10);
    expect(second.items[0]!.id).toBe(all.items[10]!.id);

    const bad = await sendAs(suite.ctx.app, suite.admin.cookie, 'GET', '/api/admin/audit-log?from=yesterday');
    expect(bad.statusCode).toBe(400);
  });

  it.each(['staff', 'manager'] as const)('answers a %s with 403', async (role) => {
    const user: TestUser = await signUpAs(suite.ctx.app, suite.ctx.db, role);
    const res = await sendAs(suite.ctx.app, user.cookie, 'GET', '/api/admin/audit-log');
    expect(res.statusCode).toBe(403);
  });
});
