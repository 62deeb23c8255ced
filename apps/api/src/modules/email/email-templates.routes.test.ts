import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { type Method, sendAs } from '../../../test/requests.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { composeEmail } from './email-templates.ts';

const suite = appWithAdminPerFile();

const call = (method: Method, url: string, payload?: unknown, cookie = suite.admin.cookie) =>
  sendAs(suite.ctx.app, cookie, method, url, payload);

const storedRows = async () =>
  (await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM email_templates`))[0]!.n;

describe('email templates', () => {
  it('lists one template per email, each with its default subject and intro', async () => {
    const res = await call('GET', '/api/admin/email-templates');
    expect(res.statusCode, res.body).toBe(200);
    const kinds = res.json().items.map((t: { kind: string }) => t.kind);
    expect(kinds).toEqual([
      'order_confirmation',
      'order_shipped',
      'order_delivered',
      'order_cancelled',
      'order_refunded',
      'return_requested',
      'return_approved',
      'return_declined',
      'return_received',
      'return_refunded',
      'order_updated',
      'guest_order_link',
      'draft_order_invoice',
      'payment_reminder',
      'gift_card',
      'gift_card_received',
      'password_reset',
      'verify_email',
      'welcome',
      'account_invite',
      'abandoned_checkout',
      'back_in_stock',
      'review_request',
      'webhook_paused',
    ]);
    const abandoned = res.json().items.find((t: { kind: string }) => t.kind === 'abandoned_checkout');
    expect(abandoned).toMatchObject({ marketing: true, customized: false });
  });

  it('previews every template with sample data: the shop name and logo, an HTML and a text part', async () => {
    const kinds = (await call('GET', '/api/admin/email-templates'))
      .json()
      .items.map((t: { kind: string }) => t.kind);
    for (const kind of kinds) {
      const res = await call('POST', `/api/admin/email-templates/${kind}/preview`, {});
      expect(res.statusCode, res.body).toBe(200);
      const { html, text, subject } = res.json();
      expect(subject).not.toContain('{');
      expect(html).toContain(suite.ctx.config.shopName);
      expect(html).toContain(suite.ctx.config.shopLogoUrl);
      expect(text).toContain(suite.ctx.config.shopName);
      expect(text).not.toContain('<');
    }
    const marketing = (
      await call('POST', '/api/admin/email-templates/abandoned_checkout/preview', {})
    ).json();
    expect(marketing.text).toMatch(/Unsubscribe http:\/\/\S+\/unsubscribe\?token=/);
  });

  it('stores the subject and intro, fills placeholders, escapes the intro and uses them in sent email', async () => {
    const intro = 'Hello <b>friend</b> & welcome to {shop_name}';
    const res = await call('PUT', '/api/admin/email-templates/password_reset', {
      subject: 'New password for {shop_name}',
      intro,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ customized: true, intro, subject: 'New password for {shop_name}' });

    const email = await composeEmail(suite.ctx.db, suite.ctx.config, 'password_reset', 'a@example.com', {
      url: 'http://localhost:3000/auth?mode=reset&token=t',
    });
    const shop = suite.ctx.config.shopName;
    expect(email.subject).toBe(`New password for ${shop}`);
    expect(email.html).toContain(`Hello &lt;b&gt;friend&lt;/b&gt; &amp; welcome to ${shop}`);
    expect(email.html).not.toContain('<b>friend');
    expect(email.text).toContain(`Hello <b>friend</b> & welcome to ${shop}`);

    // null goes back to the template's own text.
    const reset = await call('PUT', '/api/admin/email-templates/password_reset', {
      subject: null,
      intro: null,
    });
    expect(reset.json()).toMatchObject({ customized: false, subject: 'Reset your {shop_name} password' });
  });

  it('previews a draft without storing it', async () => {
    const before = await storedRows();
    const res = await call('POST', '/api/admin/email-templates/welcome/preview', {
      subject: 'Draft subject',
      intro: 'Draft intro <script>alert(1)</script>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subject).toBe('Draft subject');
    expect(res.json().html).not.toContain('<script>alert');
    expect(await storedRows()).toBe(before);
  });

  it('rejects a two-line or empty subject and an unknown template with a 4xx, writing nothing', async () => {
    const before = await storedRows();
    const twoLines = await call('PUT', '/api/admin/email-templates/welcome', {
      subject: 'a\r\nBcc: x@example.com',
    });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().error.message).toContain('Subject must be one line');
    const empty = await call('PUT', '/api/admin/email-templates/welcome', { subject: '  ' });
    expect(empty.statusCode).toBe(400);
    const unknown = await call('PUT', '/api/admin/email-templates/nope', { subject: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('email_template_not_found');
    expect(await storedRows()).toBe(before);
  });

  it('is for admins only: a manager gets 403 and changes nothing', async () => {
    const manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    expect((await call('GET', '/api/admin/email-templates', undefined, manager.cookie)).statusCode).toBe(403);
    const put = await call(
      'PUT',
      '/api/admin/email-templates/welcome',
      { subject: 'Hacked' },
      manager.cookie,
    );
    expect(put.statusCode).toBe(403);
    expect(
      (await call('POST', '/api/admin/email-templates/welcome/preview', {}, manager.cookie)).statusCode,
    ).toBe(403);
    const list = (await call('GET', '/api/admin/email-templates')).json();
    expect(list.items.find((t: { kind: string }) => t.kind === 'welcome').subject).not.toBe('Hacked');
  });
});

describe('order update emails', () => {
  it('shipped: carrier, tracking number and links read the same in the text part; names are escaped', async () => {
    const email = await composeEmail(suite.ctx.db, suite.ctx.config, 'order_shipped', 'a@example.com', {
      to: 'a@example.com',
      first_name: 'Ada',
      order_number: 1001,
      link: 'http://localhost:3000/orders/view/abc',
      guest_link: true,
      items: [{ name: 'Lamp <b>', quantity: 2 }],
      carrier_name: 'UPS',
      tracking_number: '1Z9',
      tracking_url: 'https://www.ups.com/track?tracknum=1Z9',
      complete: false,
    });
    expect(email.subject).toBe(`Your ${suite.ctx.config.shopName} order #1001 has shipped`);
    expect(email.text).toContain('Part of your order #1001 is on its way.');
    expect(email.text).toContain('Carrier: UPS. Tracking number: 1Z9.');
    expect(email.text).toContain('Track your package: https://www.ups.com/track?tracknum=1Z9');
    expect(email.text).toContain('View your order: http://localhost:3000/orders/view/abc');
    expect(email.text).toContain('Keep it private.');
    expect(email.html).toContain('href="https://www.ups.com/track?tracknum=1Z9"');
    expect(email.html).toContain('Lamp &lt;b&gt; × 2');
  });
});
