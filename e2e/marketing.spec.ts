import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { simpleProducts } from './shop-helpers.ts';

// Abandoned-checkout recovery (docs/product.md#marketing-managers): with recovery on and a one-minute
// delay, a guest who consented and left a checkout unpaid gets the email in the outbox; its link puts
// the items back in the cart of a fresh browser, signed out or signed in; the checkout is on the
// Marketing page; and the email's unsubscribe link unsubscribes in one click.

const DEMO_PASSWORD = 'demo1234';

interface OutboxEmail {
  to: string;
  kind: string;
  text: string;
}

/** A fresh browser context signed in as `email` (its pages and its request share the cookies). */
async function signedIn(browser: Browser, email: string) {
  const baseURL = test.info().project.use.baseURL!;
  // Pages send their own Origin; the API calls made outside a page say which page they come from.
  const context = await browser.newContext();
  const res = await context.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return context;
}

/** The path and query of the first link in the newest `kind` email to `to` that matches `pattern`. */
async function linkFromOutbox(
  api: APIRequestContext,
  to: string,
  kind: string,
  pattern: RegExp,
  timeout: number,
) {
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await api.get('/api/admin/emails', { params: { page: 1, limit: 50 } });
        const { items } = (await response.json()) as { items: OutboxEmail[] };
        link = items.find((item) => item.to === to && item.kind === kind)?.text.match(pattern)?.[0] ?? '';
        return link;
      },
      { message: `a ${kind} email to ${to}`, timeout, intervals: [2_000] },
    )
    .not.toBe('');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test('an abandoned checkout gets one email after the delay; its link restores the cart; unsubscribe works', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL!;
  const admin = await signedIn(browser, 'admin@example.com');
  const settings = await admin.request.patch('/api/admin/marketing/settings', {
    headers: { origin: baseURL },
    data: { abandoned_enabled: true, abandoned_delay_minutes: 1, abandoned_discount_code: null },
  });
  expect(settings.ok(), await settings.text()).toBe(true);

  // A guest consents to news and offers, starts a checkout for two units and never pays.
  const [product] = await simpleProducts(admin.request, 1);
  const email = `left-${Date.now()}@example.com`;
  const guest = await browser.newContext({ extraHTTPHeaders: { origin: baseURL } });
  const started = await guest.request.post('/api/checkout/sessions', {
    data: {
      customer_info: {
        email,
        firstName: 'Rita',
        lastName: 'Returner',
        address: '1 Main Street',
        city: 'Springfield',
        postalCode: '62701',
        state: 'IL',
        country: 'US',
        marketing_opt_in: true,
      },
      guest: {
        checkout_key: randomUUID(),
        lines: [{ product_id: product!.id, variant_id: null, quantity: 2 }],
      },
    },
  });
  expect(started.ok(), await started.text()).toBe(true);
  await guest.close();

  const recoverPath = await linkFromOutbox(
    admin.request,
    email,
    'abandoned_checkout',
    /https?:\/\/\S+\/cart\/recover\/[A-Za-z0-9_-]+/,
    180_000,
  );

  // A fresh browser, signed out: the link fills the cart.
  const fresh = await browser.newContext();
  const page = await fresh.newPage();
  await page.goto(recoverPath);
  // The cart opens with the items; behind it the page says what happened.
  const cartPanel = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(cartPanel.getByRole('link', { name: product!.name })).toBeVisible();
  await expect(cartPanel.getByRole('textbox', { name: `Quantity of ${product!.name}` })).toHaveValue('2');
  await cartPanel.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
  await fresh.close();

  // A fresh browser signed in as a customer: the items join that customer's own cart.
  const shopper = await signedIn(browser, 'shopper@example.com');
  const shopperPage = await shopper.newPage();
  await shopperPage.goto(recoverPath);
  await expect(shopperPage.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
  await expect
    .poll(async () => {
      const cart = await (await shopper.request.get('/api/cart')).json();
      const items = (cart.items ?? []) as Array<{ product_id: string; quantity: number }>;
      return items.find((item) => item.product_id === product!.id)?.quantity ?? 0;
    })
    .toBeGreaterThanOrEqual(2);
  await shopper.close();

  // The Marketing page lists the checkout with its email sent.
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin/marketing');
  const row = adminPage.getByTestId('abandoned-checkout').filter({ hasText: email });
  await expect(row).toContainText('Rita Returner');
  await expect(row).toContainText(product!.name);
  await expect(row).toContainText('Sent');

  // The unsubscribe link in the same email: one click, and the page says so.
  const unsubscribePath = await linkFromOutbox(
    admin.request,
    email,
    'abandoned_checkout',
    /https?:\/\/\S+\/unsubscribe\?token=\S+/,
    10_000,
  );
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto(unsubscribePath);
  await expect(readerPage.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(readerPage.getByText(email)).toBeVisible();
  await reader.close();
  await admin.close();
});

test('an admin previews a template with sample data and changes its subject and intro', async ({
  browser,
}) => {
  // Two page loads, a debounced preview per edit and two saves: more than 30 s on a loaded machine.
  test.setTimeout(90_000);
  const admin = await signedIn(browser, 'admin@example.com');
  const page = await admin.newPage();
  await page.goto('/admin/emails/templates');
  await page.getByRole('navigation', { name: 'Templates' }).getByRole('button', { name: 'Welcome' }).click();
  const form = page.getByRole('form', { name: 'Welcome template' });
  await expect(form.getByLabel('Subject')).toHaveValue('Welcome to {shop_name}');
  await expect(page.getByTestId('preview-subject')).toHaveText('Welcome to Cartwheel');
  // The sample email renders inside a sandboxed frame.
  const preview = page.locator('iframe[title="Welcome preview"]');
  await expect(preview).toHaveAttribute('sandbox', '');
  await expect(preview).toHaveAttribute('srcdoc', /<p[^>]*>Hi Alex,<\/p>/);
  await expect(page.frameLocator('iframe[title="Welcome preview"]').locator('body')).toContainText(
    'Hi Alex,',
  );

  await form.getByLabel('Subject').fill('Glad you joined {shop_name}');
  await form.getByLabel('Intro paragraph').fill('Hello <b>there</b>, {greeting}');
  await expect(page.getByTestId('preview-subject')).toHaveText('Glad you joined Cartwheel');
  // Shop text is text in the email: the tags are escaped, never markup.
  await expect(preview).toHaveAttribute('srcdoc', /Hello &lt;b&gt;there&lt;\/b&gt;, Hi Alex,/);
  await expect(preview).not.toHaveAttribute('srcdoc', /<b>there/);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template saved')).toBeVisible();

  await page.reload();
  await page.getByRole('navigation', { name: 'Templates' }).getByRole('button', { name: 'Welcome' }).click();
  await expect(form.getByLabel('Subject')).toHaveValue('Glad you joined {shop_name}');
  await form.getByRole('button', { name: 'Reset to default' }).click();
  await expect(form.getByLabel('Subject')).toHaveValue('Welcome to {shop_name}');
  await admin.close();
});
