import { type Browser, expect, type Page, test } from '@playwright/test';
import { type ApiProduct, addToServerCart, signUpShopper, simpleProducts } from './shop-helpers.ts';

// After the sale, on orders of their own: staff ship with a tracking number and the shopper can follow
// it; a manager refunds a line with restock, and stock, the dashboard and the outbox follow.

interface OrderDetail {
  id: string;
  order_number: number;
  items: Array<{ id: string; product_id: string | null; product_name: string; quantity: number }>;
  refunds: Array<{ amount: number; shipping_amount: number; tax_amount: number }>;
}

async function contextAs(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'demo1234' },
  });
  expect(res.ok()).toBe(true);
  return context;
}

/** A new shopper buys two units of one product and one of another, paying on the local test page. */
async function placePaidOrder(
  page: Page,
  baseURL: string,
): Promise<{ orderId: string; products: ApiProduct[] }> {
  const email = await signUpShopper(page, 'Tracy');
  const products = await simpleProducts(page.request, 2);
  await addToServerCart(page, baseURL, products[0]!.id, 2);
  await addToServerCart(page, baseURL, products[1]!.id, 1);
  const session = await page.request.post('/api/checkout/sessions', {
    headers: { origin: baseURL },
    data: {
      customer_info: {
        email,
        firstName: 'Tracy',
        lastName: 'Tester',
        address: '12 Analytical Row',
        city: 'Portland',
        state: 'OR',
        postalCode: '97201',
        country: 'US',
      },
    },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const sessionId = decodeURIComponent(new URL((await session.json()).url).pathname.split('/').pop()!);
  const pay = await page.request.post(`/pay/${encodeURIComponent(sessionId)}`, {
    headers: { origin: baseURL },
    form: {
      card_number: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      name: 'Tracy Tester',
      action: 'pay',
    },
    maxRedirects: 0,
  });
  expect(pay.status(), await pay.text()).toBeLessThan(400);
  const done = await page.request.post('/api/checkout/complete', {
    headers: { origin: baseURL },
    data: { session_id: sessionId },
  });
  expect(done.ok(), await done.text()).toBe(true);
  const number = (await done.json()).order_number as number;
  const mine = await page.request.get('/api/account/orders');
  const order = ((await mine.json()).items as OrderDetail[]).find((o) => o.order_number === number);
  expect(order).toBeDefined();
  return { orderId: order!.id, products };
}

/** The outbox (admins) shows one email of `kind` (as it reads there) whose subject has `subject`, and its text contains `text`. */
async function expectInOutbox(
  browser: Browser,
  baseURL: string,
  kind: string,
  subject: string,
  text: string,
) {
  const admin = await contextAs(browser, baseURL, 'admin@example.com');
  try {
    const page = await admin.newPage();
    await page.goto('/admin/emails');
    const row = page.getByTestId('outbox-email').filter({ hasText: subject }).filter({ hasText: kind });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^View email to / }).click();
    // The dialog shows the HTML as sent; the text version below it holds the same words.
    await expect(page.getByRole('dialog').getByTestId('email-text')).toContainText(text);
  } finally {
    await admin.close();
  }
}

test.describe('After the sale', () => {
  // Each journey places its own order, then acts in two or three browser contexts: slower than 30 s on a
  // loaded machine.
  test.setTimeout(120_000);

  test('staff fulfil with a tracking number; the shopper follows it and the shipped email has the link', async ({
    browser,
    page,
    baseURL,
  }) => {
    const { orderId } = await placePaidOrder(page, baseURL!);
    const staff = await contextAs(browser, baseURL!, 'staff@example.com');
    let orderNumber = 0;
    try {
      const admin = await staff.newPage();
      await admin.goto(`/admin/orders/${orderId}`);
      orderNumber = Number((await admin.getByRole('heading', { name: /^Order #\d+$/ }).innerText()).slice(7));
      await admin.getByRole('button', { name: 'Fulfil items' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Fulfil items' });
      await dialog.getByLabel('Carrier').selectOption({ label: 'UPS' });
      await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
      await dialog.getByRole('button', { name: 'Fulfil 3 items' }).click();
      await expect(admin.getByText(`Order #${orderNumber} fulfilled`)).toBeVisible();
      await expect(
        admin.getByTestId('order-timeline').getByText(/tracking number 1Z999AA10123456784/),
      ).toBeVisible();
      await expect(
        admin.getByTestId('shipment').getByRole('link', { name: '1Z999AA10123456784' }),
      ).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    } finally {
      await staff.close();
    }

    await page.goto(`/account/orders/${orderId}`);
    // The storefront's first page load of this browser context: slow on a loaded machine.
    await expect(page.getByRole('heading', { name: /^Order #\d+$/ })).toBeVisible({ timeout: 30_000 });
    const track = page.getByTestId('shipments').getByRole('link', { name: 'Track package' });
    await expect(track).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    await expect(page.getByTestId('shipments')).toContainText('UPS: 1Z999AA10123456784');

    await expectInOutbox(
      browser,
      baseURL!,
      'Order shipped',
      `order #${orderNumber} has shipped`,
      'Track your package: https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
  });

  test('a manager refunds one line with restock: stock, the dashboard and the outbox follow', async ({
    browser,
    page,
    baseURL,
  }) => {
    const { orderId, products } = await placePaidOrder(page, baseURL!);
    const stockOf = async () => {
      const res = await page.request.get(`/api/products/${products[0]!.slug}`);
      return ((await res.json()) as ApiProduct).inventory_level;
    };
    const manager = await contextAs(browser, baseURL!, 'manager@example.com');
    try {
      const today = new Date().toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const netSales = async () => {
        const res = await manager.request.get(`/api/admin/dashboard?from=${today}&to=${tomorrow}`);
        return (await res.json()).current.net_sales as number;
      };
      const stockBefore = await stockOf();
      const salesBefore = await netSales();

      const admin = await manager.newPage();
      await admin.goto(`/admin/orders/${orderId}`);
      const orderNumber = Number(
        (await admin.getByRole('heading', { name: /^Order #\d+$/ }).innerText()).slice(7),
      );
      await admin.getByRole('button', { name: 'Refund' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Refund' });
      await dialog.getByLabel(`Units of ${products[0]!.name} to refund`).fill('1');
      await expect(dialog.getByLabel('Return the items to stock')).toBeChecked();
      await dialog.getByLabel('Reason').fill('Arrived damaged');
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      await expect(
        admin.getByText(new RegExp(`^Refunded \\$[\\d.]+ on order #${orderNumber}$`)),
      ).toBeVisible();
      await expect(admin.getByText('Partially refunded').first()).toBeVisible();
      await expect(admin.getByTestId('order-timeline').getByText(/Arrived damaged/)).toBeVisible();

      const detail = (await (
        await manager.request.get(`/api/admin/orders/${orderId}`)
      ).json()) as OrderDetail;
      const [refund] = detail.refunds;
      expect(await stockOf()).toBe(stockBefore + 1);
      expect(await netSales()).toBe(
        salesBefore - (refund!.amount - refund!.shipping_amount - refund!.tax_amount),
      );

      const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
        refund!.amount / 100,
      );
      await expectInOutbox(
        browser,
        baseURL!,
        'Order refunded',
        `order #${orderNumber}`,
        `We have refunded ${amount}`,
      );
    } finally {
      await manager.close();
    }
  });
});
