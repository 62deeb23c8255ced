import { expect, test } from '@playwright/test';
import { type ApiProduct, contextAs, expectInOutbox, money, placePaidOrder } from './shop-helpers.ts';

// Returns the shopper starts (docs/decisions/0086-returns.md): a shopper asks to return a delivered item
// from their order page; staff approve it and open its label, receive it back into stock, and a manager
// refunds it; the stock, the order's refunded amount and the emails agree.

const RETURN_ADDRESS = {
  name: 'Cartwheel Returns',
  address_line_1: '5 Dock Road',
  city: 'Portland',
  state_province: 'OR',
  postal_code: '97210',
  country: 'US',
};

test.describe('Returns', () => {
  // An order, its delivery, then four people in turn: slower than 30 s on a loaded machine.
  test.setTimeout(180_000);

  test('a shopper returns a delivered item; staff approve, receive with restock, and a manager refunds it', async ({
    browser,
    page,
    baseURL,
  }) => {
    const origin = { origin: baseURL! };
    const admin = await contextAs(browser, baseURL!, 'admin@example.com');
    const settings = await admin.request.put('/api/admin/settings/returns', {
      headers: origin,
      data: { window_days: 30, address: RETURN_ADDRESS },
    });
    expect(settings.ok(), await settings.text()).toBe(true);
    await admin.close();

    const { orderId, products } = await placePaidOrder(page, baseURL!);
    const lamp = products[0]!;
    const stockOf = async () =>
      ((await (await page.request.get(`/api/products/${lamp.slug}`)).json()) as ApiProduct).inventory_level;
    const staff = await contextAs(browser, baseURL!, 'staff@example.com');
    const manager = await contextAs(browser, baseURL!, 'manager@example.com');
    try {
      for (const step of ['fulfil', 'deliver']) {
        const res = await staff.request.post(`/api/admin/orders/${orderId}/${step}`, {
          headers: origin,
          data: {},
        });
        expect(res.ok(), await res.text()).toBe(true);
      }
      const stockBefore = await stockOf();

      await page.goto(`/account/orders/${orderId}`);
      // The storefront's first page load of this browser context: slow on a loaded machine.
      const heading = page.getByRole('heading', { name: /^Order #\d+$/ });
      await expect(heading).toBeVisible({ timeout: 30_000 });
      const orderNumber = Number((await heading.innerText()).slice(7));
      await page.getByRole('button', { name: 'Return items' }).click();
      await page.getByLabel(`Units of ${lamp.name} to return`).fill('1');
      await page.getByLabel(`Reason for returning ${lamp.name}`).selectOption({ label: 'Too small' });
      await page.getByLabel('Note (optional)').fill('One size up would fit.');
      await page.getByRole('button', { name: 'Request return' }).click();
      await expect(page.getByTestId('return-status')).toHaveText('Return requested');
      const rma = (await page.getByTestId('order-return').innerText()).match(/R\d+/)![0];

      const desk = await staff.newPage();
      await desk.goto('/admin/returns?status=requested');
      await desk
        .getByTestId('return-row')
        .filter({ hasText: `#${orderNumber}` })
        .getByRole('link', { name: rma })
        .click();
      await expect(desk.getByRole('heading', { name: `Return ${rma}` })).toBeVisible();
      await desk.getByRole('button', { name: 'Approve' }).click();
      await expect(desk.getByText(`Return ${rma} approved`)).toBeVisible();
      const labelLink = desk.getByTestId('return-label').getByRole('link', { name: 'Open return label' });
      const label = await staff.request.get((await labelLink.getAttribute('href'))!);
      expect(label.headers()['content-type']).toBe('application/pdf');
      expect((await label.body()).subarray(0, 4).toString()).toBe('%PDF');

      await expect(desk.getByRole('checkbox', { name: `Return ${lamp.name} to stock` })).toBeChecked();
      await desk.getByRole('button', { name: 'Mark received' }).click();
      await expect(desk.getByText(`Return ${rma} received`)).toBeVisible();
      expect(await stockOf()).toBe(stockBefore + 1);

      const office = await manager.newPage();
      await office.goto(desk.url());
      await office.getByRole('button', { name: 'Refund return' }).click();
      await expect(office.getByTestId('return-refund')).toContainText('to the original payment');
      const detail = await (
        await manager.request.get(`/api/admin/returns/${desk.url().split('/').pop()}`)
      ).json();
      const order = await (await manager.request.get(`/api/admin/orders/${orderId}`)).json();
      expect(detail.status).toBe('refunded');
      expect(order.refunded_amount).toBe(detail.refund.amount);
      expect(order.payment_status).toBe('partially_refunded');
      // Receiving restocked; the refund did not restock again.
      expect(await stockOf()).toBe(stockBefore + 1);

      await page.reload();
      await expect(page.getByTestId('return-status')).toHaveText('Return refunded');

      const mail = (kind: string, subject: string, text: string) =>
        expectInOutbox(browser, baseURL!, kind, subject, text);
      await mail(
        'Return requested',
        `Your return request ${rma} for order #${orderNumber}`,
        `Your return number is ${rma}`,
      );
      await mail('Return approved', `Your return ${rma} is approved`, 'Print your return label: http');
      await mail('Return received', `We received your return ${rma}`, `${lamp.name} × 1`);
      await mail(
        'Return refunded',
        `Your refund for return ${rma}`,
        `We have refunded ${money(detail.refund.amount)} for your return ${rma}`,
      );
    } finally {
      await staff.close();
      await manager.close();
    }
  });
});
