import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { emailOutbox, profiles } from '../../db/schema.ts';

// The account emails are written in the language of the shop page the account was opened from.
const suite = appPerFile();
let address = 0;

async function signUpFrom(email: string, headers: Record<string, string>) {
  const res = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password: 'correct-horse-battery', name: email, firstName: 'Lena' },
    headers: { origin: suite.ctx.config.publicUrl, ...headers },
    remoteAddress: `10.71.0.${++address}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [profile] = await suite.ctx.db
    .select({ locale: profiles.locale })
    .from(profiles)
    .where(eq(profiles.id, res.json().user.id));
  return profile?.locale;
}

async function emailTo(to: string, kind: string) {
  const [email] = await suite.ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));
  if (!email) throw new Error(`no ${kind} email to ${to}`);
  return email;
}

describe("the account emails in the account's language", () => {
  it('confirms, welcomes and resets in German for an account opened on a German page', async () => {
    const shop = suite.ctx.config.publicUrl;
    expect(await signUpFrom('lena@example.com', { referer: `${shop}/de/auth?mode=signup` })).toBe('de');
    const verify = await emailTo('lena@example.com', 'verify_email');
    expect(verify.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse für Cartwheel');
    expect(verify.text).toContain('Willkommen bei Cartwheel!');
    const link = /(\/api\/auth\/verify-email\?[^\s\]]+)/.exec(verify.text)?.[1];
    if (!link) throw new Error(`no verification link in ${verify.text}`);
    const confirmed = await suite.ctx.app.inject({ method: 'GET', url: link });
    expect(confirmed.headers.location).toBe('/de/account?verified=1');

    const welcome = await emailTo('lena@example.com', 'welcome');
    expect(welcome.subject).toBe('Willkommen bei Cartwheel');
    expect(welcome.text).toContain('Hallo Lena,');
    expect(welcome.text).toContain(`${shop}/de/account`);
    expect(welcome.html).toContain(`href="${shop}/de/products"`);

    const asked = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'lena@example.com' },
      headers: { origin: shop },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const reset = await emailTo('lena@example.com', 'password_reset');
    expect(reset.subject).toBe('Ihr Passwort bei Cartwheel zurücksetzen');
    expect(reset.text).toContain(`${shop}/de/auth?mode=reset&token=`);
  });

  it('takes the cookie, then Accept-Language, when the page is not known; English on an English page', async () => {
    const shop = suite.ctx.config.publicUrl;
    expect(await signUpFrom('kenji@example.com', { cookie: 'cw_locale=ja', 'accept-language': 'de' })).toBe(
      'ja',
    );
    expect((await emailTo('kenji@example.com', 'verify_email')).subject).toBe(
      '【Cartwheel】メールアドレスのご確認',
    );
    expect(await signUpFrom('camille@example.com', { 'accept-language': 'fr-CA,fr;q=0.9' })).toBe('fr');
    expect(await signUpFrom('sam@example.com', { referer: `${shop}/auth`, 'accept-language': 'es' })).toBe(
      'en',
    );
    expect((await emailTo('sam@example.com', 'verify_email')).subject).toBe(
      'Confirm your email for Cartwheel',
    );
  });
});
