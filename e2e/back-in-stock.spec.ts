import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';

// Back in stock (decision 0091): a shopper asks to be emailed about a sold-out variant; the back
// office's Waiting for stock shows them; staff add stock; the email arrives once, and a later restock
// sends them nothing more (while a shopper who asked since is emailed, so the job did run again).

interface OutboxEmail {
  to: string;
  kind: string;
  subject: string;
  text: string;
}

/** A browser context signed in as the demo admin (its pages and its request share the cookies). */
async function adminContext(browser: Browser) {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ extraHTTPHeaders: { origin: baseURL } });
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email: 'admin@example.com', password: 'demo1234' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return context;
}

async function backInStockEmailsTo(api: APIRequestContext, to: string): Promise<OutboxEmail[]> {
  const res = await api.get('/api/admin/emails', { params: { page: 1, limit: 50 } });
  expect(res.ok(), await res.text()).toBe(true);
  const { items } = (await res.json()) as { items: OutboxEmail[] };
  return items.filter((item) => item.to === to && item.kind === 'back_in_stock');
}

/** A product of its own with sizes S (in stock) and M (sold out), so no other journey's stock moves. */
async function teeWithSoldOutSize(api: APIRequestContext) {
  const stamp = Date.now();
  const created = await api.post('/api/admin/products', {
    data: { name: `Restock Tee ${stamp}`, sku: `RESTOCK-${stamp}`, price: 2400, is_visible: true },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const product = (await created.json()) as { id: string; slug: string; name: string };
  const option = await api.post(`/api/admin/products/${product.id}/options`, {
    data: { name: 'Size', values: [{ label: 'S' }, { label: 'M' }] },
  });
  expect(option.ok(), await option.text()).toBe(true);
  const { values } = (await option.json()) as { values: Array<{ id: string; label: string }> };
  const variant = async (label: string, stock: number) => {
    const res = await api.post(`/api/admin/products/${product.id}/variants`, {
      data: {
        sku: `RESTOCK-${stamp}-${label}`,
        price: 2400,
        inventory_level: stock,
        option_value_ids: [values.find((v) => v.label === label)!.id],
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as { id: string };
  };
  await variant('S', 5);
  const medium = await variant('M', 0);
  const setMediumStock = async (level: number) => {
    const res = await api.patch(`/api/admin/products/${product.id}/variants/${medium.id}`, {
      data: { inventory_level: level },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  return { product, setMediumStock };
}

/** A guest opens the product page and asks to be emailed when size M is back. */
async function askAsGuest(browser: Browser, slug: string, email: string) {
  const guest = await browser.newContext();
  const page = await guest.newPage();
  await page.goto(`/product/${slug}`);
  // The form works once the page has hydrated.
  await page.waitForLoadState('networkidle');
  // S is in stock and chosen; the sold-out M is offered behind the disclosure.
  await page.getByText("Is the option you want sold out? Email me when it's back").click();
  const form = page.getByTestId('back-in-stock-form');
  await form.getByLabel('Your email address').fill(email);
  await form.getByRole('button', { name: "Email me when it's back" }).click();
  await expect(page.getByTestId('back-in-stock-done')).toContainText(email);
  await guest.close();
}

test('a shopper waiting for a sold-out size is emailed once when staff add stock, and not again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await adminContext(browser);
  const { product, setMediumStock } = await teeWithSoldOutSize(admin.request);
  const first = `waiting-${Date.now()}@example.com`;
  await askAsGuest(browser, product.slug, first);

  // The back office shows who is waiting for what.
  const office = await admin.newPage();
  await office.goto('/admin/stock-alerts');
  await expect(office.getByRole('heading', { name: 'Waiting for stock' })).toBeVisible();
  const row = office.getByTestId('waiting-item').filter({ hasText: product.name });
  await expect(row.getByTestId('waiting-count')).toHaveText('1');
  await row.getByRole('button', { name: 'Show shoppers' }).click();
  await expect(office.getByTestId('waiting-subscribers')).toContainText(first);

  // Staff add stock: the stock-alerts job (every 5 s here) emails the shopper once.
  await setMediumStock(3);
  await expect
    .poll(async () => (await backInStockEmailsTo(admin.request, first)).length, { timeout: 30_000 })
    .toBe(1);
  const [email] = await backInStockEmailsTo(admin.request, first);
  expect(email!.subject).toContain(product.name);
  expect(email!.text).toContain(`/product/${product.slug}`);
  expect(email!.text).toContain('/unsubscribe?token=');

  // It sells out and comes back: a shopper who asked since is emailed; the first is not again.
  await setMediumStock(0);
  const second = `waiting-again-${Date.now()}@example.com`;
  await askAsGuest(browser, product.slug, second);
  await setMediumStock(4);
  await expect
    .poll(async () => (await backInStockEmailsTo(admin.request, second)).length, { timeout: 30_000 })
    .toBe(1);
  expect(await backInStockEmailsTo(admin.request, first)).toHaveLength(1);
  await admin.close();
});
