import { type APIRequestContext, expect, test } from '@playwright/test';
import { contextAs, payForCart, signUpShopper } from './shop-helpers.ts';

// Exchanges (docs/decisions/0086-returns.md, amendment): a signed-in shopper asks to exchange a
// delivered tee for the next size from their order page; staff approve (the new size is held: its
// stock falls) and receive the parcel; the new size joins the order, the buyer pays the price
// difference through the emailed payment link with the test card, and then it ships.

const RETURN_ADDRESS = {
  name: 'Cartwheel Returns',
  address_line_1: '5 Dock Road',
  city: 'Portland',
  state_province: 'OR',
  postal_code: '97210',
  country: 'US',
};

/** A tee of its own in sizes S ($24.00) and L ($28.00), five of each, so no other journey's stock moves. */
async function teeInTwoSizes(api: APIRequestContext, origin: { origin: string }) {
  const stamp = Date.now();
  const created = await api.post('/api/admin/products', {
    headers: origin,
    data: { name: `Exchange Tee ${stamp}`, sku: `EXCH-${stamp}`, price: 2400, is_visible: true },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const product = (await created.json()) as { id: string; name: string };
  const option = await api.post(`/api/admin/products/${product.id}/options`, {
    headers: origin,
    data: { name: 'Size', values: [{ label: 'S' }, { label: 'L' }] },
  });
  expect(option.ok(), await option.text()).toBe(true);
  const { values } = (await option.json()) as { values: Array<{ id: string; label: string }> };
  const variant = async (label: string, price: number) => {
    const res = await api.post(`/api/admin/products/${product.id}/variants`, {
      headers: origin,
      data: {
        sku: `EXCH-${stamp}-${label}`,
        price,
        inventory_level: 5,
        option_value_ids: [values.find((v) => v.label === label)!.id],
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as { id: string };
  };
  return { product, small: await variant('S', 2400), large: await variant('L', 2800) };
}

interface OutboxEmail {
  to: string;
  kind: string;
  text: string;
}

/** The text of the "order updated" email to `to` with a payment link, read from the outbox. */
async function paymentLinkEmail(api: APIRequestContext, to: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const response = await api.get('/api/admin/emails', { params: { page: 1, limit: 50 } });
        if (!response.ok()) return '';
        const { items } = (await response.json()) as { items: OutboxEmail[] };
        text =
          items.find((m) => m.to === to && m.kind === 'order_updated' && m.text.includes('/order-payments/'))
            ?.text ?? '';
        return text;
      },
      { message: `an order updated email with a payment link to ${to}` },
    )
    .not.toBe('');
  return text;
}

test.describe('Exchanges', () => {
  // An order, its delivery, then the shopper, staff and the buyer's payment in turn.
  test.setTimeout(180_000);

  test('a shopper exchanges a delivered tee for another size; staff approve and receive it; the buyer pays the difference and it ships', async ({
    browser,
    page,
    baseURL,
  }) => {
    const origin = { origin: baseURL! };
    const admin = await contextAs(browser, baseURL!, 'admin@example.com');
    const staff = await contextAs(browser, baseURL!, 'staff@example.com');
    try {
      const settings = await admin.request.put('/api/admin/settings/returns', {
        headers: origin,
        data: { window_days: 30, address: RETURN_ADDRESS },
      });
      expect(settings.ok(), await settings.text()).toBe(true);
      const { product, small, large } = await teeInTwoSizes(admin.request, origin);
      const stockOf = async (variantId: string) => {
        const res = await admin.request.get(`/api/admin/products/${product.id}/variants`);
        const { items } = (await res.json()) as { items: Array<{ id: string; inventory_level: number }> };
        return items.find((v) => v.id === variantId)!.inventory_level;
      };

      const email = await signUpShopper(page, 'Xena');
      const add = await page.request.post('/api/cart/items', {
        headers: origin,
        data: { product_id: product.id, variant_id: small.id, quantity: 1 },
      });
      expect(add.ok(), await add.text()).toBe(true);
      const { orderId, orderNumber } = await payForCart(page, baseURL!, email, 'Xena');
      for (const step of ['fulfil', 'deliver']) {
        const res = await staff.request.post(`/api/admin/orders/${orderId}/${step}`, {
          headers: origin,
          data: {},
        });
        expect(res.ok(), await res.text()).toBe(true);
      }
      const largeBefore = await stockOf(large.id);

      // The shopper asks for size L instead of their money back.
      await page.goto(`/account/orders/${orderId}`);
      // The storefront's first page load of this browser context: slow on a loaded machine.
      await expect(page.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible({
        timeout: 30_000,
      });
      const name = `${product.name} (S)`;
      await page.getByRole('button', { name: 'Return items' }).click();
      await page.getByLabel(`Units of ${name} to return`).fill('1');
      await page.getByLabel(`Reason for returning ${name}`).selectOption({ label: 'Too small' });
      await page.getByLabel('Exchange for another size/variant').selectOption({ label: 'L' });
      await page.getByRole('button', { name: 'Request return' }).click();
      await expect(page.getByTestId('return-status')).toHaveText('Return requested');
      await expect(page.getByTestId('order-return')).toContainText('exchanged for L');
      const rma = (await page.getByTestId('order-return').innerText()).match(/R\d+/)![0];

      // Staff approve: the L is held for the shopper.
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
      expect(await stockOf(large.id)).toBe(largeBefore - 1);
      const smallBefore = await stockOf(small.id);

      // The parcel comes back: the S goes back to stock, the L joins the order.
      await desk.getByRole('button', { name: 'Mark received' }).click();
      await expect(desk.getByText(`Return ${rma} received`)).toBeVisible();
      expect(await stockOf(small.id)).toBe(smallBefore + 1);
      expect(await stockOf(large.id)).toBe(largeBefore - 1);
      await page.reload();
      await expect(page.getByTestId('return-status')).toHaveText('Return received');
      const lines = page.getByTestId('order-item').filter({ hasText: product.name });
      await expect(lines.filter({ has: page.getByText('L', { exact: true }) })).toHaveCount(1);

      // The L costs more: it waits for the difference, paid through the emailed link.
      const blocked = await staff.request.post(`/api/admin/orders/${orderId}/fulfil`, {
        headers: origin,
        data: {},
      });
      expect(blocked.status()).toBe(409);
      const text = await paymentLinkEmail(admin.request, email);
      expect(text).toContain(`${product.name} (L) × 1`);
      const link = new URL(text.match(/https?:\/\/\S+\/order-payments\/[\w.-]+/)![0]);
      const buyer = await browser.newPage({ baseURL });
      await buyer.goto(link.pathname);
      const pay = buyer.getByRole('button', { name: /^Pay \$/ });
      const due = (await pay.innerText()).replace('Pay ', '');
      // $4.00 more, and the tax on it where the shop charges tax in Oregon.
      expect(Number(due.replace(/[$,]/g, ''))).toBeGreaterThanOrEqual(4);
      await pay.click();
      await buyer.getByLabel('Card number').fill('4242 4242 4242 4242');
      await buyer.getByLabel('Expiry').fill('12 / 34');
      await buyer.getByLabel('CVC').fill('123');
      await buyer.getByRole('button', { name: `Pay ${due}` }).click();
      await expect(buyer.getByRole('status')).toHaveText('Thank you: your order is paid in full.');
      await buyer.close();

      // Paid: the L ships like any line.
      const shipped = await staff.request.post(`/api/admin/orders/${orderId}/fulfil`, {
        headers: origin,
        data: {},
      });
      expect(shipped.ok(), await shipped.text()).toBe(true);
      const order = await (await staff.request.get(`/api/admin/orders/${orderId}`)).json();
      const replacement = (
        order.items as Array<{ variant_id: string; quantity: number; fulfilled_quantity: number }>
      ).find((i) => i.variant_id === large.id);
      expect(replacement).toMatchObject({ quantity: 1, fulfilled_quantity: 1 });
      await desk.goto(`/admin/orders/${orderId}`);
      await expect(desk.getByTestId('order-timeline').getByText(/to ship in exchange/)).toBeVisible();
    } finally {
      await admin.close();
      await staff.close();
    }
  });
});
