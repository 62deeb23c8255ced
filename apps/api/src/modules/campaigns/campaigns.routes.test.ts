import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createOrder, createProduct } from '../../../test/factories.ts';
import { sendAs } from '../../../test/requests.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { linkSignature } from './campaign-links.ts';
import { sendCampaignBatch } from './campaign-sending.ts';

const suite = appWithAdminPerFile();
const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  sendAs(suite.ctx.app, suite.admin.cookie, method, url, payload);

let productId = '';
beforeAll(async () => {
  productId = (await createProduct(suite.ctx.db, { name: 'Pebble Vase', slug: 'pebble-vase', price: 4200 }))
    .id;
});

/**
 * `count` customer accounts `<prefix>-<n>@example.com` tagged `prefix`, in two statements: those with
 * an even n consented to marketing email.
 */
async function bulkCustomers(prefix: string, count: number) {
  await suite.ctx.db.execute(sql`WITH made AS (
      INSERT INTO users (email, name)
      SELECT ${prefix} || '-' || g || '@example.com', 'Bulk ' || g FROM generate_series(1, ${count}::int) g
      RETURNING id, email)
    INSERT INTO profiles (id, first_name, marketing_opt_in)
    SELECT id, 'Bulk', split_part(split_part(email, '@', 1), '-', 2)::int % 2 = 0 FROM made`);
  await suite.ctx.db.execute(
    sql`INSERT INTO customer_tags (email, tag) SELECT email, ${prefix} FROM users WHERE email LIKE ${`${prefix}-%`}`,
  );
}

async function segmentOf(tag: string) {
  const res = await admin('POST', '/api/admin/segments', { name: `Tagged ${tag}`, filters: { tags: [tag] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; customer_count: number; consented_count: number };
}

const BLOCKS = [
  { type: 'text', text: 'Spring is here.\n\nOur new vases <b>arrived</b>.' },
  { type: 'image', url: 'https://images.example.com/spring.jpg', alt: 'Vases', link: '/collections/spring' },
  { type: 'products', product_ids: [] as string[] },
  { type: 'button', label: 'Shop now', url: '/products' },
];

async function draft(segmentId: string | null, name = 'Spring') {
  const blocks = BLOCKS.map((b) => (b.type === 'products' ? { ...b, product_ids: [productId] } : b));
  const res = await admin('POST', '/api/admin/campaigns', {
    name,
    subject: 'Spring at {shop_name}',
    segment_id: segmentId,
    blocks,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string> | string | null;
}
const campaignMails = (where = sql`TRUE`) =>
  queryRows<Mail>(
    suite.ctx.db,
    sql`SELECT "to", subject, text, html, headers FROM email_outbox WHERE kind = 'campaign' AND ${where} ORDER BY "to"`,
  );
const report = async (id: string) => (await admin('GET', `/api/admin/campaigns/${id}`)).json();
const setRate = async (rate: number) =>
  expect(
    (await admin('PATCH', '/api/admin/campaigns/settings', { send_rate_per_minute: rate })).statusCode,
  ).toBe(200);
const unsubscribeTokenIn = (mail: Mail) =>
  decodeURIComponent(/\/unsubscribe\?token=([^\s&"\]]+)/.exec(mail.text)![1]!);
const jobCtx = () => ({ ...suite.ctx.app.checkout.ctx, jobs: suite.ctx.app.jobs });

describe('sending a campaign', () => {
  it('sends at the shop rate per run, queues the next run a minute on, and never twice; an unsubscribe mid-way skips', async () => {
    await bulkCustomers('few', 6);
    await setRate(2);
    const segment = await segmentOf('few');
    expect(segment).toMatchObject({ customer_count: 6, consented_count: 3 });
    const campaign = await draft(segment.id, 'Throttled');
    const sent = await admin('POST', `/api/admin/campaigns/${campaign.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sending', report: { recipients: 3, sent: 0 } });
    // The job queue is not running in this test: nothing went out with the request.
    expect(await campaignMails(sql`"to" LIKE 'few-%'`)).toHaveLength(0);

    const signal = new AbortController().signal;
    expect(await sendCampaignBatch(jobCtx(), campaign.id, { signal })).toBe(2);
    const [next] = await queryRows<{ n: number }>(
      suite.ctx.db,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'campaign-send' AND state = 'created'
        AND data->>'campaignId' = ${campaign.id} AND start_after > now() + interval '30 seconds'`,
    );
    expect(next!.n).toBe(1);
    // The last recipient unsubscribes before the next run: they are skipped.
    const [left] = await queryRows<{ email: string }>(
      suite.ctx.db,
      sql`SELECT email FROM campaign_recipients WHERE campaign_id = ${campaign.id} AND status = 'queued'`,
    );
    await suite.ctx.db.execute(sql`INSERT INTO marketing_unsubscribes (email) VALUES (${left!.email})`);
    expect(await sendCampaignBatch(jobCtx(), campaign.id, { signal })).toBe(0);
    // A retried run after the end sends nothing more.
    expect(await sendCampaignBatch(jobCtx(), campaign.id, { signal })).toBe(0);
    expect(await campaignMails(sql`"to" LIKE 'few-%'`)).toHaveLength(2);
    expect(await report(campaign.id)).toMatchObject({ status: 'sent', report: { recipients: 3, sent: 2 } });
  });

  it('to a segment of 2,000 customers goes through the queue to the 1,000 who consented, once each, and the report counts them', async () => {
    await bulkCustomers('bulk', 2000);
    await setRate(5000);
    const segment = await segmentOf('bulk');
    expect(segment).toMatchObject({ customer_count: 2000, consented_count: 1000 });
    const campaign = await draft(segment.id);
    const sent = await admin('POST', `/api/admin/campaigns/${campaign.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    const [audit] = await queryRows<{ n: number }>(
      suite.ctx.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'campaign.sent' AND target_id = ${campaign.id}`,
    );
    expect(audit!.n).toBe(1);
    expect(await campaignMails(sql`"to" LIKE 'bulk-%'`)).toHaveLength(0);

    await suite.ctx.app.jobs.start();
    await vi.waitFor(async () => expect((await report(campaign.id)).status).toBe('sent'), {
      timeout: 120_000,
      interval: 250,
    });
    const mails = await campaignMails(sql`"to" LIKE 'bulk-%'`);
    expect(mails).toHaveLength(1000);
    expect(new Set(mails.map((m) => m.to)).size).toBe(1000);
    expect(mails.every((m) => Number(/bulk-(\d+)@/.exec(m.to)![1]) % 2 === 0)).toBe(true);
    expect((await report(campaign.id)).report).toMatchObject({
      recipients: 1000,
      sent: 1000,
      opened: 0,
      clicked: 0,
    });

    const [mail] = mails;
    expect(mail!.subject).toBe('Spring at Cartwheel');
    expect(mail!.html).toContain('Our new vases &lt;b&gt;arrived&lt;/b&gt;.');
    expect(mail!.html).toContain('Pebble Vase');
    const headers = typeof mail!.headers === 'string' ? JSON.parse(mail!.headers) : mail!.headers;
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/\S+\/api\/marketing\/unsubscribe\?token=\S+>$/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).not.toContain('cwrecipientmarker');
    expect(mail!.html).not.toContain('unsubscribe.invalid');

    // Sending again is refused and adds nobody.
    const again = await admin('POST', `/api/admin/campaigns/${campaign.id}/send`);
    expect(again.statusCode).toBe(409);
    expect((await report(campaign.id)).report.recipients).toBe(1000);
    expect(
      (
        await admin('PUT', `/api/admin/campaigns/${campaign.id}`, {
          name: 'x',
          subject: 'x',
          segment_id: null,
          blocks: [],
        })
      ).statusCode,
    ).toBe(409);
  });

  it('counts opens and clicks from the tracking links, orders within 7 days, and refuses foreign redirects', async () => {
    const campaigns = (await admin('GET', '/api/admin/campaigns')).json().items;
    const campaign = campaigns.find((c: { name: string }) => c.name === 'Spring');
    const [mail] = await campaignMails(sql`"to" = 'bulk-10@example.com'`);
    const pixel = /src="(http:\/\/[^"]+\/api\/campaigns\/open\/[^"]+)"/.exec(mail!.html)![1]!;
    const opened = await suite.ctx.app.inject({ method: 'GET', url: new URL(pixel).pathname });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/gif');

    const button = /href="(http:\/\/[^"]+\/api\/campaigns\/click\/[^"]+)"[^>]*>Shop now/
      .exec(mail!.html)![1]!
      .replaceAll('&amp;', '&');
    const link = new URL(button);
    const clicked = await suite.ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(clicked.statusCode).toBe(302);
    expect(clicked.headers.location).toBe(`${suite.ctx.config.publicUrl}/products`);

    // Another site, in place of the signed target or even signed with the shop's own key: refused.
    for (const target of [
      'https://evil.example/',
      '//evil.example/x',
      `${suite.ctx.config.publicUrl}@evil.example/`,
    ]) {
      for (const signature of [
        link.searchParams.get('s')!,
        linkSignature(suite.ctx.config, campaign.id, target),
      ]) {
        const forged = new URL(link);
        forged.searchParams.set('u', target);
        forged.searchParams.set('s', signature);
        const res = await suite.ctx.app.inject({ method: 'GET', url: `${forged.pathname}${forged.search}` });
        expect(res.statusCode, target).toBe(400);
        expect(res.headers.location).toBeUndefined();
      }
    }

    const buyer = 'bulk-10@example.com';
    const [user] = await queryRows<{ id: string }>(
      suite.ctx.db,
      sql`SELECT id FROM users WHERE email = ${buyer}`,
    );
    const paid = {
      status: 'processing',
      paymentStatus: 'paid',
      customerId: user!.id,
      customerEmail: buyer,
    } as const;
    const { order } = await createOrder(suite.ctx.db, paid, [{ pricePerItem: 4200 }]);
    // Before the send, and more than 7 days after the click: not the campaign's.
    await createOrder(suite.ctx.db, { ...paid, createdAt: new Date(Date.now() - 86_400_000) }, [
      { pricePerItem: 999 },
    ]);
    await createOrder(suite.ctx.db, { ...paid, createdAt: new Date(Date.now() + 8 * 86_400_000) }, [
      { pricePerItem: 999 },
    ]);
    expect((await report(campaign.id)).report).toMatchObject({
      opened: 1,
      clicked: 1,
      orders: 1,
      revenue: order.totalAmount,
    });
  });

  it('stops after the recipient unsubscribes from it: the next campaign leaves them out', async () => {
    const [mail] = await campaignMails(sql`"to" = 'bulk-4@example.com'`);
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/marketing/unsubscribe',
      payload: { token: unsubscribeTokenIn(mail!) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const segment = (await admin('GET', '/api/admin/segments'))
      .json()
      .items.find((s: { name: string }) => s.name === 'Tagged bulk');
    expect(segment.consented_count).toBe(999);
    const next = await draft(segment.id, 'Summer');
    expect((await admin('POST', `/api/admin/campaigns/${next.id}/send`)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await report(next.id)).status).toBe('sent'), {
      timeout: 60_000,
      interval: 250,
    });
    expect((await report(next.id)).report).toMatchObject({ recipients: 999, sent: 999 });
    expect(await campaignMails(sql`"to" = 'bulk-4@example.com'`)).toHaveLength(1);
    expect(await campaignMails(sql`"to" = 'bulk-6@example.com'`)).toHaveLength(2);
  });
});

describe('writing a campaign', () => {
  it('previews the blocks as text, links untracked, and sends a test to the staff member only', async () => {
    const preview = await admin('POST', '/api/admin/campaigns/preview', {
      subject: 'Hello <script>',
      blocks: [
        { type: 'text', text: '<script>alert(1)</script>' },
        { type: 'button', label: 'Go', url: '/products' },
      ],
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().html).not.toContain('<script>');
    expect(preview.json().html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(preview.json().html).toContain(`href="${suite.ctx.config.publicUrl}/products"`);
    expect(preview.json().html).not.toContain('/api/campaigns/open/');

    const campaign = await draft(null, 'Test only');
    const test = await admin('POST', `/api/admin/campaigns/${campaign.id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toEqual({ sent_to: suite.admin.email });
    const [mail] = await queryRows<Mail>(
      suite.ctx.db,
      sql`SELECT "to", subject, text, html, headers FROM email_outbox WHERE kind = 'campaign_test'`,
    );
    expect(mail).toMatchObject({ to: suite.admin.email, subject: '[Test] Spring at Cartwheel' });
    expect((await report(campaign.id)).status).toBe('draft');
  });

  it('refuses foreign links, unknown products and segments, and sending without a segment, with 400, writing nothing', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM campaigns`))[0]!.n;
    const before = await count();
    const base = { name: 'Bad', subject: 'Bad', segment_id: null };
    const bad = [
      { ...base, blocks: [{ type: 'button', label: 'Go', url: 'https://evil.example/' }] },
      { ...base, blocks: [{ type: 'button', label: 'Go', url: '//evil.example/' }] },
      { ...base, blocks: [{ type: 'button', label: 'Go', url: 'javascript:alert(1)' }] },
      { ...base, blocks: [{ type: 'image', url: 'http://images.example.com/x.jpg', alt: '' }] },
      { ...base, blocks: [{ type: 'products', product_ids: ['00000000-0000-4000-8000-000000000000'] }] },
      { ...base, blocks: [{ type: 'html', html: '<b>x</b>' }] },
      { ...base, segment_id: '00000000-0000-4000-8000-000000000000', blocks: [] },
      { ...base, subject: '', blocks: [] },
    ];
    for (const body of bad) {
      const res = await admin('POST', '/api/admin/campaigns', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect(await count()).toBe(before);

    const noSegment = await draft(null, 'No segment');
    const send = await admin('POST', `/api/admin/campaigns/${noSegment.id}/send`);
    expect(send.statusCode).toBe(400);
    expect(send.json().error.message).toBe('Choose a segment to send the campaign to');
    expect(await report(noSegment.id)).toMatchObject({ status: 'draft', report: { recipients: 0 } });
    const rate = await admin('PATCH', '/api/admin/campaigns/settings', { send_rate_per_minute: 0 });
    expect(rate.statusCode).toBe(400);
    expect((await admin('GET', '/api/admin/campaigns/settings')).json().send_rate_per_minute).toBe(5000);
  });

  it('is for those with the campaign permissions: staff are refused, a drafting role cannot send', async () => {
    const staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    const drafts = await admin('POST', '/api/admin/roles', {
      name: 'Copywriter',
      permissions: ['campaigns.manage'],
    });
    expect(drafts.statusCode, drafts.body).toBe(201);
    const writer = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    await admin('PUT', `/api/admin/team/${writer.id}`, { role: 'staff', staff_role_id: drafts.json().id });
    const segment = (await admin('GET', '/api/admin/segments')).json().items[0];
    expect((await sendAs(suite.ctx.app, staff.cookie, 'GET', '/api/admin/campaigns')).statusCode).toBe(403);
    const mine = await sendAs(suite.ctx.app, writer.cookie, 'POST', '/api/admin/campaigns', {
      name: 'Draft by writer',
      subject: 'Hi',
      segment_id: segment.id,
      blocks: [{ type: 'text', text: 'Hi' }],
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const send = await sendAs(
      suite.ctx.app,
      writer.cookie,
      'POST',
      `/api/admin/campaigns/${mine.json().id}/send`,
    );
    expect(send.statusCode).toBe(403);
    expect(await report(mine.json().id)).toMatchObject({ status: 'draft', report: { recipients: 0 } });
  });
});
