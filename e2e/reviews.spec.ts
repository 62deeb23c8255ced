import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { placeGuestOrder } from './shop-helpers.ts';

// Product reviews (docs/decisions/0090-product-reviews.md): with review requests on and a delay of
// 0 days, a guest whose order is delivered gets the review request email; its link opens the form
// without signing in; the review waits until staff approve it on the Reviews screen; then the product
// page shows it with "Verified buyer" and the page's JSON-LD has aggregateRating.

const DEMO_PASSWORD = 'demo1234';
/** A one-pixel PNG: the buyer attaches it to the review. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** A fresh browser context signed in as `email` (its pages and its request share the cookies). */
async function signedIn(browser: Browser, email: string) {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ extraHTTPHeaders: { origin: baseURL } });
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return context;
}

/** The path of the first link in the newest `kind` email to `to` that matches `pattern`. */
async function linkFromOutbox(api: APIRequestContext, to: string, kind: string, pattern: RegExp) {
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await api.get('/api/admin/emails', { params: { page: 1, limit: 50 } });
        const { items } = (await response.json()) as {
          items: Array<{ to: string; kind: string; text: string }>;
        };
        link = items.find((item) => item.to === to && item.kind === kind)?.text.match(pattern)?.[0] ?? '';
        return link;
      },
      { message: `a ${kind} email to ${to}`, timeout: 60_000, intervals: [2_000] },
    )
    .not.toBe('');
  return new URL(link).pathname;
}

test('a buyer reviews from the email link, staff approve it, and the product page shows it as a verified buyer', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const baseURL = test.info().project.use.baseURL!;
  const admin = await signedIn(browser, 'admin@example.com');
  const settings = await admin.request.patch('/api/admin/reviews/settings', {
    data: { request_enabled: true, request_delay_days: 0 },
  });
  expect(settings.ok(), await settings.text()).toBe(true);

  // A guest buys one product; staff ship it and mark it delivered.
  const email = `reviewer-${Date.now()}@example.com`;
  const buyer = await browser.newContext();
  const orderNumber = await placeGuestOrder(buyer.request, baseURL, {
    firstName: 'Nora',
    lastName: 'Field',
    email,
  });
  await buyer.close();
  const list = await admin.request.get('/api/admin/orders', { params: { search: email } });
  const order = ((await list.json()).items as Array<{ id: string; order_number: number }>).find(
    (o) => o.order_number === orderNumber,
  )!;
  expect((await admin.request.post(`/api/admin/orders/${order.id}/fulfil`, { data: {} })).ok()).toBe(true);
  expect((await admin.request.post(`/api/admin/orders/${order.id}/deliver`, { data: {} })).ok()).toBe(true);
  const detail = await (await admin.request.get(`/api/admin/orders/${order.id}`)).json();
  const productId = detail.items[0].product_id as string;
  const products = (await (await admin.request.get('/api/products?limit=100')).json()).items as Array<{
    id: string;
    slug: string;
    name: string;
  }>;
  const product = products.find((p) => p.id === productId)!;

  // The request email's link opens the form in a browser that is not signed in.
  const reviewPath = await linkFromOutbox(
    admin.request,
    email,
    'review_request',
    /https?:\/\/\S+\/review\/[A-Za-z0-9_.%-]+/,
  );
  const guest = await browser.newContext();
  const page = await guest.newPage();
  await page.goto(reviewPath);
  const form = page.getByRole('form', { name: `Review ${product.name}` });
  // The stars are the radio buttons' labels: a shopper clicks the fourth star.
  await form.locator('label', { hasText: '4 stars' }).click();
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await form.getByLabel('Title', { exact: true }).fill('Sturdy and good looking');
  await form
    .getByLabel('Your review', { exact: true })
    .fill('Arrived quickly and well packed.\nIt has held up to daily use for a week now.');
  await expect(form.getByLabel('Name shown with your review')).toHaveValue('Nora F.');
  await form
    .getByLabel('Photos (optional)')
    .setInputFiles({ name: 'on-the-shelf.png', mimeType: 'image/png', buffer: PHOTO });
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your review' })).toBeVisible();

  // Not on the product page until staff approve it.
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { name: 'Customer reviews' })).toBeVisible();
  await expect(page.getByText('Sturdy and good looking')).toHaveCount(0);

  const staff = await signedIn(browser, 'staff@example.com');
  const staffPage = await staff.newPage();
  await staffPage.goto('/admin/reviews');
  const card = staffPage.getByTestId('review-card').filter({ hasText: 'Sturdy and good looking' });
  await expect(card).toContainText('Verified buyer');
  await expect(card).toContainText(email);
  await expect(card.getByRole('img', { name: 'From Nora F. (1 of 1)' })).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(staffPage.getByText('Review published')).toBeVisible();

  // The product page (a fresh read: its cache was purged) shows the review as a verified buyer's.
  await page.goto(`/product/${product.slug}`);
  const shown = page.getByTestId('review').filter({ hasText: 'Sturdy and good looking' });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('Verified buyer');
  await expect(shown).toContainText('Nora F.');
  await expect(shown.getByRole('img', { name: "From Nora F.'s review (1 of 1)" })).toBeVisible();
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  );
  expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', bestRating: 5 });
  expect(ld.aggregateRating.reviewCount).toBeGreaterThanOrEqual(1);

  await admin.request.patch('/api/admin/reviews/settings', { data: { request_enabled: false } });
  await Promise.all([guest.close(), staff.close(), admin.close()]);
});
