import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { type ApiProduct, addToServerCart, signUpShopper, simpleProducts } from './shop-helpers.ts';

// Editing a placed order: a manager adds an item to an unfulfilled order, the buyer gets the payment
// link of the difference by email and pays it on the shop's pages without signing in; removing the
// item again refunds the difference.

async function contextAs(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'demo1234' },
  });
  expect(res.ok()).toBe(true);
  return context;
}

/** A new shopper buys one unit of a product, paying on the local test page; answers the order's id and email. */
async function placePaidOrder(page: Page, baseURL: string, product: ApiProduct) {
  const email = await signUpShopper(page, 'Edith');
  await addToServerCart(page, baseURL, product.id, 1);
  const session = await page.request.post('/api/checkout/sessions', {
    headers: { origin: baseURL },
    data: {
      customer_info: {
        email,
        firstName: 'Edith',
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
    form: { card_number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Edith', action: 'pay' },
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
  const order = ((await mine.json()).items as Array<{ id: string; order_number: number }>).find(
    (o) => o.order_number === number,
  );
  expect(order).toBeDefined();
  return { orderId: order!.id, email };
}

interface OutboxEmail {
  to: string;
  kind: string;
  text: string;
}

/** The text of the newest "order updated" email to `to` whose text matches `pattern`, read from the outbox. */
async function updatedEmail(api: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const response = await api.get('/api/admin/emails', { params: { page: 1, limit: 50 } });
        if (!response.ok()) return '';
        const { items } = (await response.json()) as { items: OutboxEmail[] };
        text =
          items.find((m) => m.to === to && m.kind === 'order_updated' && pattern.test(m.text))?.text ?? '';
        return text;
      },
      { message: `an order updated email to ${to}` },
    )
    .not.toBe('');
  return text;
}

test.describe('Editing a placed order', () => {
  test.setTimeout(120_000);

  test('staff add an item, the buyer pays the difference by the emailed link; removing it refunds the difference', async ({
    browser,
    page,
    baseURL,
  }) => {
    const [bought, added] = await simpleProducts(page.request, 2);
    const { orderId, email } = await placePaidOrder(page, baseURL!, bought!);
    const manager = await contextAs(browser, baseURL!, 'manager@example.com');
    const admin = await contextAs(browser, baseURL!, 'admin@example.com');
    try {
      const staff = await manager.newPage();
      await staff.goto(`/admin/orders/${orderId}`);
      await staff.getByRole('link', { name: 'Edit order' }).click();
      await expect(staff.getByRole('heading', { name: /^Edit order #\d+$/ })).toBeVisible();
      await staff.getByLabel('Add product').fill(added!.name);
      await staff
        .getByRole('list', { name: 'Product results' })
        .getByRole('button', { name: `Add ${added!.name}`, exact: true })
        .first()
        .click();
      const summary = staff.getByRole('status').filter({ hasText: 'Amount due from the customer' });
      await expect(summary).toBeVisible();
      const due = (await summary.innerText()).replace('Amount due from the customer: ', '').trim();
      await staff.getByRole('button', { name: 'Send payment link' }).click();
      await expect(staff).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
      await expect(staff.getByText(`Amount due from the customer: ${due}`)).toBeVisible();

      // The buyer opens the link of the email (no sign-in) and pays on the test payment page.
      const text = await updatedEmail(admin.request, email, /order-payments/);
      expect(text).toContain(`Added: ${added!.name} × 1`);
      const link = new URL(text.match(/https?:\/\/\S+\/order-payments\/[\w.-]+/)![0]);
      const buyer = await browser.newPage({ baseURL });
      await buyer.goto(link.pathname);
      await buyer.getByRole('button', { name: `Pay ${due}` }).click();
      await buyer.getByLabel('Card number').fill('4242 4242 4242 4242');
      await buyer.getByLabel('Expiry').fill('12 / 34');
      await buyer.getByLabel('CVC').fill('123');
      await buyer.getByRole('button', { name: `Pay ${due}` }).click();
      await expect(buyer.getByRole('status')).toHaveText('Thank you: your order is paid in full.');
      await buyer.close();

      await staff.reload();
      await expect(staff.getByTestId('order-timeline').getByText(/paid the amount due/)).toBeVisible();
      await expect(staff.getByText('Amount due from the customer')).toHaveCount(0);

      // Removing the added item again gives the difference back.
      await staff.getByRole('link', { name: 'Edit order' }).click();
      await staff.getByRole('button', { name: `Remove ${added!.name}` }).click();
      const refund = staff.getByRole('status').filter({ hasText: 'Refund to the customer' });
      await expect(refund).toBeVisible();
      const back = (await refund.innerText()).replace('Refund to the customer: ', '').trim();
      await staff.getByRole('button', { name: 'Update order' }).click();
      await expect(staff).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
      await expect(
        staff.getByTestId('order-timeline').getByText(`Refunded ${back}: Order edited.`),
      ).toBeVisible();
      expect(await updatedEmail(admin.request, email, /refunding/)).toContain(`We are refunding ${back}`);
    } finally {
      await manager.close();
      await admin.close();
    }
  });
});
