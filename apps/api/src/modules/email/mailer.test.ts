import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { signUp } from '../../../test/sessions.ts';
import { startSmtpServer } from '../../../test/smtp-capture.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { emailOutbox } from './email.schema.ts';
import { listOutbox } from './email.service.ts';
import { deliverEmail, recordEmail } from './email-delivery.ts';
import { createMailer } from './mailer.ts';

/** The message's text: quoted-printable undone when the message uses it (a long line), as is otherwise. */
const bodyText = (raw: string) =>
  /^Content-Transfer-Encoding: quoted-printable/im.test(raw)
    ? raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : raw;

describe('the SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({
      MAILER: 'smtp',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Cartwheel Shop <shop@cartwheel.test>',
      JOB_POLL_SECONDS: '0.5',
    });
    // This process delivers (ROLE=all): the email-deliver job runs here.
    await ctx.app.jobs.start();
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('delivers a password reset email with the reset link to the SMTP server', async () => {
    const user = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);

    // Sign-up sent its verification email first; the reset email is the second.
    const message = (await smtp.waitFor(2)).find((m) => /^Subject: Reset/m.test(bodyText(m.raw)));
    expect(message!.from).toBe('shop@cartwheel.test');
    expect(message!.to).toEqual([user.email]);
    const body = bodyText(message!.raw);
    expect(body).toMatch(/^Subject: Reset your Cartwheel password/m);
    const link = body.match(/http:\/\/localhost:3000\/auth\?mode=reset&token=[A-Za-z0-9%_-]+/)?.[0];
    expect(link, body).toBeDefined();

    // The same message is in the outbox, marked sent once the server took it.
    const resetRow = async () =>
      (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email))).find(
        (r) => r.kind === 'password_reset',
      );
    await expect.poll(resetRow).toMatchObject({ kind: 'password_reset', status: 'sent', error: null });
    const row = await resetRow();
    expect(row!.text).toContain(link!);
  });

  const delivery = (port: number) => ({
    db: ctx.db,
    transport: nodemailer.createTransport(`smtp://127.0.0.1:${port}`),
    from: 'shop@cartwheel.test',
    claimSeconds: 60,
  });
  const queued = (to: string) =>
    recordEmail(ctx.db, { to, subject: 'Hello', text: 'Hi', kind: 'test' }, 'queued');
  const outboxRow = async (id: string) =>
    (await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

  it('keeps a message the server cannot take queued with the error, and marks it failed on the last try', async () => {
    const id = await queued('nobody@example.com');
    await expect(deliverEmail(delivery(1), id, { lastAttempt: false })).rejects.toThrow(
      /ECONNREFUSED|connect/i,
    );
    expect(await outboxRow(id)).toMatchObject({ status: 'queued', claimedUntil: null, attempts: 1 });
    expect((await outboxRow(id))!.error).toMatch(/ECONNREFUSED|connect/i);

    await expect(deliverEmail(delivery(1), id, { lastAttempt: true })).rejects.toThrow();
    expect(await outboxRow(id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('sends a message once however often its job runs (a worker died after sending)', async () => {
    const port = smtp.port;
    const before = smtp.received.length;
    const id = await queued('once@example.com');
    expect(await deliverEmail(delivery(port), id, { lastAttempt: false })).toBe('sent');
    expect(await deliverEmail(delivery(port), id, { lastAttempt: false })).toBe('already_done');
    const messages = smtp.received.slice(before).filter((m) => m.to.includes('once@example.com'));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.raw).toContain(`Message-ID: <${id}@cartwheel.outbox>`);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1, claimedUntil: null });
  });

  it('does not send a message another run has claimed, and asks for a retry instead', async () => {
    const port = smtp.port;
    const id = await queued('claimed@example.com');
    await ctx.db
      .update(emailOutbox)
      .set({ claimedUntil: new Date(Date.now() + 60_000) })
      .where(eq(emailOutbox.id, id));
    await expect(deliverEmail(delivery(port), id, { lastAttempt: false })).rejects.toThrow(/in progress/);
    expect(smtp.received.some((m) => m.to.includes('claimed@example.com'))).toBe(false);
    expect(await outboxRow(id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('is the provider createMailer picks for MAILER=smtp: the message goes out through the job queue', async () => {
    const mailer = createMailer(ctx.config, ctx.db, ctx.app.jobs);
    await mailer.send({ to: 'picked@example.com', subject: 'Picked', text: 'Body', kind: 'test' });
    const messages = await smtp.waitFor(smtp.received.length + 1);
    expect(messages.at(-1)!.to).toEqual(['picked@example.com']);
  });
});

describe('the outbox in the back office', () => {
  const suite = appWithAdminPerFile();

  const list = (query = '') =>
    suite.ctx.app.inject({
      method: 'GET',
      url: `/api/admin/emails${query}`,
      headers: { cookie: suite.admin.cookie },
    });

  it('lists emails newest first, a page at a time, with the total', async () => {
    // Only the messages of this test (signing the admin up sent a verification email).
    await suite.ctx.db.delete(emailOutbox);
    const base = Date.now() - 60_000;
    await suite.ctx.db.insert(emailOutbox).values(
      Array.from({ length: 12 }, (_, i) => ({
        to: `reader${i}@example.com`,
        subject: `Message ${i}`,
        text: `Body ${i}`,
        kind: 'test',
        status: 'sent' as const,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const first = await list();
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.total).toBe(12);
    expect(page1.items).toHaveLength(10);
    expect(page1.items[0]).toMatchObject({
      to: 'reader11@example.com',
      subject: 'Message 11',
      text: 'Body 11',
      kind: 'test',
      status: 'sent',
    });
    expect(new Date(page1.items[0].created_at).toISOString()).toBe(page1.items[0].created_at);

    const page2 = (await list('?page=2&limit=10')).json();
    expect(page2.items.map((m: { subject: string }) => m.subject)).toEqual(['Message 1', 'Message 0']);
  });

  it('shows the reset email a shopper asked for', async () => {
    const user = await signUp(suite.ctx.app);
    await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email },
    });
    const [newest] = (await list()).json().items;
    expect(newest).toMatchObject({ to: user.email, kind: 'password_reset', status: 'sent' });
    expect(newest.text).toContain('/auth?mode=reset&token=');
    // The HTML part too, for the back office's sandboxed view.
    expect(newest.subject).not.toBe('');
    expect(newest.html).toContain('<html');
    expect(newest.html).toMatch(/href="[^"]*\/auth\?mode=reset&amp;token=/);
  });

  it("hides the links' secrets in the text and the HTML when the outbox does not show them", async () => {
    await suite.ctx.db.insert(emailOutbox).values({
      to: 'secret@example.com',
      subject: 'Your link',
      text: 'Open https://shop.example/auth?mode=reset&token=abcDEF123 now',
      html: '<p><a href="https://shop.example/auth?mode=reset&amp;token=abcDEF123">Reset</a></p>',
      kind: 'password_reset',
      status: 'sent' as const,
    });
    const { items } = await listOutbox(suite.ctx.db, { page: 1, limit: 50, showSecrets: false });
    const mail = items.find((m) => m.to === 'secret@example.com')!;
    expect(mail.text).toBe('Open https://shop.example/auth?mode=reset&token=[hidden] now');
    expect(mail.html).toBe(
      '<p><a href="https://shop.example/auth?mode=reset&amp;token=[hidden]">Reset</a></p>',
    );
  });

  it('refuses a page size outside 10 to 50 with a 400', async () => {
    const res = await list('?limit=500');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/limit/);
  });
});
