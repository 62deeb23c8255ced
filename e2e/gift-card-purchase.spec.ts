import { expect, test } from '@playwright/test';
import { contextAs, expectInOutbox, money } from './shop-helpers.ts';

// Gift cards sold as products (docs/decisions/0094-gift-cards-sold-as-products.md): a guest buys the
// demo shop's $50 Cartwheel Gift Card for someone, to be sent today; nothing ships, so the checkout
// asks for no shipping method; once paid, the recipient's email carries a code whose balance is $50.00.

test('a guest buys a $50 gift card for a recipient; the recipient gets its code, worth $50.00', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const recipient = `rosa-${stamp}@example.com`;

  await page.goto('/product/cartwheel-gift-card');
  // The page's script has loaded and hydrated the form (a loaded machine takes a while).
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Amount').selectOption({ label: '$50' });
  await expect(page.getByTestId('product-price')).toContainText(money(5000));
  const fields = page.getByTestId('gift-card-fields');
  await fields.getByLabel("Recipient's name").fill('Rosa Diaz');
  await fields.getByLabel("Recipient's email").fill(recipient);
  await fields.getByLabel('Message (optional)').fill('Happy birthday, Rosa! <3');
  // The send date is today unless the buyer picks another day.
  await expect(fields.getByLabel('Send on')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto('/cart');
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('gift-card-note')).toContainText(`For Rosa Diaz (${recipient})`);
  await expect(line.getByTestId('gift-card-note')).toContainText('Happy birthday, Rosa! <3');
  await page.getByTestId('cart-page-totals').getByRole('link', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  const form = page.getByRole('main');
  await form.getByLabel('Email', { exact: true }).fill(`buyer-${stamp}@example.com`);
  await form.getByLabel('First Name').fill('Gina');
  await form.getByLabel('Last Name').fill('Linetti');
  await form.getByLabel('Address', { exact: true }).fill('99 Precinct Plaza');
  await form.getByLabel('City').fill('Brooklyn');
  await form.getByLabel('State', { exact: true }).selectOption('NY');
  await form.getByLabel('Postal Code').fill('11201');
  const summary = page.getByTestId('checkout-summary');
  await expect(summary.getByTestId('summary-line')).toContainText(`For Rosa Diaz (${recipient})`);
  await expect(summary.getByTestId('summary-total').locator('dd')).toHaveText(money(5000));
  // Nothing ships: no method to choose, nothing charged for shipping.
  await expect(form.getByTestId('shipping-methods')).toHaveCount(0);
  await form.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page).toHaveURL(/\/pay\/cs_local_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?receipt=/);
  await expect(page.getByTestId('order-number')).toHaveText(/^Order Number: #\d+$/);

  // Sent today: the recipient's email is in the outbox with the code.
  await expectInOutbox(
    browser,
    baseURL!,
    'Gift card received',
    'Gina Linetti sent you a $50.00 gift card',
    'Happy birthday, Rosa! <3',
  );
  const admin = await contextAs(browser, baseURL!, 'admin@example.com');
  let code = '';
  try {
    const outbox = await admin.request.get('/api/admin/emails?limit=50');
    const emails = (await outbox.json()).items as Array<{ to: string; kind: string; text: string }>;
    const email = emails.find((e) => e.to === recipient && e.kind === 'gift_card_received');
    code = /GIFT-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(email?.text ?? '')?.[0] ?? '';
  } finally {
    await admin.close();
  }
  expect(code).not.toBe('');

  await page.goto('/gift-cards');
  // The form works once the page has hydrated.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Check Balance' }).click();
  await expect(page.getByTestId('gift-card-balance')).toContainText(`Balance: ${money(5000)}`);
});
