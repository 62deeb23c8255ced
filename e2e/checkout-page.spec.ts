import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addOneToCart, hold, settledTotal } from './shop-helpers.ts';

// Checkout as a page (docs/decisions/0072-checkout-as-a-page.md): a guest buys without any tab
// opening, the payment page and the receipt in the same tab; Back after paying shows the order again
// (the pay form posts and redirects, so the browser never resends it); the receipt's link opens in
// another browser without a session.

async function fillGuestCheckout(page: Page, email: string) {
  const form = page.getByRole('main');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('First Name').fill('Paige');
  await form.getByLabel('Last Name').fill('Turner');
  await form.getByLabel('Address', { exact: true }).fill('9 Receipt Road');
  await form.getByLabel('City').fill('Portland');
  // The state field uses the country's word: a province in Canada, a state in the United States.
  await form.getByLabel('Country').selectOption('CA');
  await expect(form.getByLabel('Province', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Province', { exact: true }).locator('option').first()).toHaveText(
    'Select a province',
  );
  await form.getByLabel('Country').selectOption('US');
  await form.getByLabel('State', { exact: true }).selectOption('OR');
  await form.getByLabel('Postal Code').fill('97201');
  await expectCheapestMethodChosen(form);
  return form;
}

/** The cheapest shipping method offered is the one chosen. */
async function expectCheapestMethodChosen(form: Locator) {
  const radios = form.getByTestId('shipping-methods').getByRole('radio');
  await expect(radios.first()).toBeVisible();
  await expect(form.getByTestId('shipping-methods').getByRole('radio', { checked: true })).toHaveCount(1);
  const cents = async (label: string) => {
    if (/free/i.test(label)) return 0;
    const amount = /\$([\d,]+\.\d{2})/.exec(label)?.[1];
    return amount ? Math.round(Number(amount.replace(/,/g, '')) * 100) : Number.POSITIVE_INFINITY;
  };
  const labels = await form.getByTestId('shipping-methods').locator('label').allTextContents();
  const checked =
    (await form
      .getByTestId('shipping-methods')
      .locator('label', { has: form.page().getByRole('radio', { checked: true }) })
      .textContent()) ?? '';
  const all = await Promise.all(labels.map(cents));
  expect(await cents(checked)).toBe(Math.min(...all));
}

async function payOnTheTestPage(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** What a receipt shows: the order's number, its line, the address, the method, the payment and the total. */
async function expectReceipt(page: Page, orderNumber: string, productName: string, total: string) {
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(`Order Number: #${orderNumber}`);
  await expect(page.getByTestId('order-item')).toHaveCount(1);
  await expect(page.getByTestId('order-item')).toContainText(productName);
  await expect(page.getByTestId('shipping-address')).toContainText('9 Receipt Road');
  await expect(page.getByTestId('shipping-method')).not.toBeEmpty();
  await expect(page.getByText('Card', { exact: true })).toBeVisible();
  await expect(page.getByTestId('order-total-row')).toContainText(total);
}

test('a guest buys in one tab, presses Back after paying, and opens the receipt in another browser', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const opened: Page[] = [];
  page.context().on('page', (other) => opened.push(other));
  const product = await addOneToCart(page);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('cart-page-totals').getByRole('link', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  const email = `receipt-${Date.now()}@example.com`;
  const form = await fillGuestCheckout(page, email);
  const summary = page.getByTestId('checkout-summary');
  await expect(summary.getByTestId('summary-line')).toContainText(product.name);
  const total = await settledTotal(summary);
  await form.getByRole('button', { name: 'Continue to Payment' }).click();

  // The payment page in this tab; a declined card answers with the page again, not a POST's answer.
  await expect(page).toHaveURL(/\/pay\/cs_local_/);
  await payOnTheTestPage(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL(/\/pay\/cs_local_[^?]+\?error=declined$/);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please try another card.');
  await payOnTheTestPage(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/checkout\/success\?receipt=/);
  const receiptUrl = page.url();
  await expect(page.getByTestId('order-number')).toHaveText(/^Order Number: #\d+$/);
  const orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').replace(/\D/g, '');
  await expectReceipt(page, orderNumber, product.name, total);
  // A guest is offered an account with the email used.
  const offer = page.getByTestId('create-account-offer');
  await expect(offer).toContainText(email);
  await expect(offer.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    `/auth?mode=signup&email=${encodeURIComponent(email)}`,
  );
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // Back: the paid payment page sends the browser on to the same receipt, no error page.
  await page.goBack();
  await expect(page).toHaveURL(receiptUrl);
  await expectReceipt(page, orderNumber, product.name, total);
  expect(opened).toHaveLength(0);

  // The receipt's link in a browser with no session at all.
  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await other.goto(receiptUrl);
  await expectReceipt(other, orderNumber, product.name, total);
  await fresh.close();
});

test('the receipt link tampered with says something went wrong, never the thanks', async ({ page }) => {
  await page.goto('/checkout/success?receipt=00000000-0000-4000-8000-000000000000.zzzzzz.forged');
  await expect(page.getByRole('heading', { name: "We couldn't confirm your order" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toHaveCount(0);
});

test("the state field is the country's list of states while the countries the shop ships to load", async ({
  page,
}) => {
  await addOneToCart(page);

  const release = await hold(page, '**/api/shipping/countries');
  await page.goto('/checkout');
  const form = page.getByRole('main');
  await expect(form.getByLabel('Country')).toHaveValue('US');
  // A shopper (or a test) choosing a state now chooses from a list that stays a list.
  const state = form.getByLabel('State', { exact: true });
  await expect(state.locator('option', { hasText: 'Washington' })).toHaveCount(1);
  await state.selectOption('WA');
  release();
  await expect(form.getByLabel('Country')).toBeEnabled();
  await expect(state).toHaveValue('WA');
});

test("the form's checks load when the buyer starts filling it in, not with the page, and still refuse a bad email", async ({
  page,
}) => {
  // The chunks of the checks (zod and the contracts), from the storefront build's manifest.
  const manifest = JSON.parse(
    readFileSync(new URL('../apps/storefront/dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string; imports?: string[] }>;
  const schema = manifest['src/features/checkout/checkout-schema.ts'];
  expect(schema, 'the checks are a chunk of their own').toBeDefined();
  const checks = [schema!.file, ...(schema!.imports ?? []).map((key) => manifest[key]!.file)];
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname.slice(1)));

  await addOneToCart(page);
  await page.goto('/checkout');
  const form = page.getByRole('main');
  await expect(form.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(
    fetched.filter((file) => checks.includes(file)),
    'no check code with the page',
  ).toEqual([]);

  await form.getByLabel('Email', { exact: true }).fill('not-an-email');
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  expect(fetched).toContain(schema!.file);
  await expect(page).toHaveURL(/\/checkout$/);
});
