import { expect, type Page, test } from '@playwright/test';
import { simpleProducts } from './shop-helpers.ts';

// A discounted line in the back office shows its price, its discount and what it comes to, and the
// lines and totals add up on the page: the draft being made at Point of Sale and the order it becomes.

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function signIn(page: Page, email: string) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'demo1234' } });
  expect(res.ok()).toBe(true);
}

test('a discounted draft and its order show each line at its price, its discount and its total, adding up', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'manager@example.com');
  const headers = { origin: baseURL ?? '' };
  const code = `LINES${Date.now().toString(36).toUpperCase()}`;
  const discount = await page.request.post('/api/admin/discounts', {
    headers,
    data: { title: 'Ten off', code, kind: 'percentage', target: 'order', percent_bps: 1000 },
  });
  expect(discount.ok(), await discount.text()).toBe(true);
  const [product] = await simpleProducts(page.request, 1);
  const body = {
    lines: [{ product_id: product!.id, variant_id: null, quantity: 2 }],
    email: `lines-${Date.now()}@example.com`,
    first_name: 'Lena',
    last_name: 'Lines',
    shipping_address: {
      first_name: 'Lena',
      last_name: 'Lines',
      address_line_1: '5 Market Street',
      city: 'Albany',
      state_province: 'NY',
      postal_code: '12207',
      country: 'US',
    },
    discount_code: code,
  };
  const quote = await (
    await page.request.post('/api/admin/draft-orders/quote', { headers, data: body })
  ).json();
  const created = await page.request.post('/api/admin/draft-orders', {
    headers,
    data: { ...body, shipping_method_id: quote.shipping_methods[0].id },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const draft = await created.json();
  const line = draft.quote.priced.lines[0];
  expect(line.discount).toBeGreaterThan(0);

  await page.goto(`/admin/channels/pos/${draft.id}`);
  const draftLines = page.getByRole('table', { name: 'Order lines' });
  await expect(draftLines.getByRole('cell', { name: money(line.unit_price), exact: true })).toBeVisible();
  await expect(draftLines.getByTestId('line-total')).toContainText(money(line.subtotal));
  await expect(draftLines.getByTestId('line-discount')).toHaveText(`−${money(line.discount)} discount`);
  await expect(draftLines.getByTestId('line-after-discount')).toHaveText(
    `${money(line.total)} after discount`,
  );
  // The lines at their price make the subtotal; the discount row is what the lines' discounts take off.
  await expect(page.getByText(money(line.subtotal), { exact: true }).last()).toBeVisible();

  const paid = await page.request.post(`/api/admin/draft-orders/${draft.id}/mark-paid`, {
    headers,
    data: { payment_method: 'cash', version: draft.version },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const { order_id } = await paid.json();
  const order = await (await page.request.get(`/api/admin/orders/${order_id}`)).json();
  const item = order.items[0];
  await page.goto(`/admin/orders/${order_id}`);
  const orderLine = page.getByTestId('order-line');
  await expect(orderLine.getByRole('cell', { name: money(item.price_per_item), exact: true })).toBeVisible();
  await expect(orderLine.getByTestId('line-discount')).toHaveText(`−${money(item.discount_amount)} discount`);
  await expect(orderLine.getByTestId('line-after-discount')).toHaveText(
    `${money(item.total_amount)} after discount`,
  );
  expect(item.price_per_item * item.quantity - item.discount_amount).toBe(item.total_amount);
  // Subtotal = Σ lines at their price; subtotal − discount + shipping + tax = total, all on the page.
  const totals = page.getByTestId('order-totals');
  await expect(totals).toContainText(`Subtotal${money(order.subtotal_amount)}`);
  await expect(totals).toContainText(`Discount (${code})−${money(order.discount_amount)}`);
  await expect(totals).toContainText(`Total${money(order.total_amount)}`);
  expect(order.subtotal_amount).toBe(item.price_per_item * item.quantity);
});
