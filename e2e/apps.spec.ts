import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, request, test } from '@playwright/test';

// Add apps (docs/webhooks.md): an admin creates an API key, which a program then uses without a
// browser session, and a webhook endpoint whose deliveries show in the back office.

async function signIn(page: Page, email: string) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'demo1234' } });
  expect(res.ok(), await res.text()).toBe(true);
}

// Each journey signs in, loads a few screens and waits for a job: slow on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function openApps(page: Page) {
  await signIn(page, 'admin@example.com');
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Add apps', exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/apps$/);
  await expect(page.getByRole('heading', { name: 'Apps', level: 1 })).toBeVisible();
}

test('an admin creates an API key (shown once), a program uses it, and revoking it locks the program out', async ({
  page,
  baseURL,
}) => {
  await openApps(page);
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByLabel('Name').fill('ERP sync');
  await page.getByLabel('Role').selectOption('manager');
  await page.getByRole('button', { name: 'Create key' }).click();
  const token = await page.getByTestId('revealed-secret').inputValue();
  expect(token).toMatch(/^cwk_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('api-key-row').filter({ hasText: 'ERP sync' });
  await expect(row).toContainText(`${token.slice(0, 12)}…`);
  expect(await page.content()).not.toContain(token);

  // From the page's own fetch without its cookies, and from a program with no browser (no Origin).
  const fromFetch = (auth: string) =>
    page.evaluate(
      async (authorization) =>
        (await fetch('/api/admin/orders', { credentials: 'omit', headers: { authorization } })).status,
      auth,
    );
  expect(await fromFetch(`Bearer ${token}`)).toBe(200);
  const program = await request.newContext({ baseURL });
  const bearer = { authorization: `Bearer ${token}` };
  const [product] = (await (await program.get('/api/admin/products', { headers: bearer })).json()).items;
  const write = await program.put(`/api/admin/products/${product.id}/sales-channels`, {
    headers: bearer,
    data: { included: true },
  });
  expect(write.status(), await write.text()).toBe(200);
  // A manager's key does not reach admin-only routes.
  expect((await program.get('/api/admin/team', { headers: bearer })).status()).toBe(403);

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(row).toContainText('Revoked');
  expect(await fromFetch(`Bearer ${token}`)).toBe(401);
  const refused = await program.get('/api/admin/orders', { headers: bearer });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.message).toBe('This API key has been revoked.');
  await program.dispose();
});

test('an admin adds a webhook endpoint and sees a signed delivery in its log', async ({ page, baseURL }) => {
  const received: IncomingHttpHeaders[] = [];
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(req.headers);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    await openApps(page);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel('Description').fill('Warehouse');
    await page.getByRole('checkbox', { name: 'product.updated' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).last().click();
    const secret = await page.getByTestId('revealed-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: url });
    await expect(endpoint).toContainText('product.updated');

    // A product is saved: the endpoint hears of it.
    const products = (await (await page.request.get('/api/admin/products')).json()).items;
    const save = async (product: { id: string; is_featured: boolean }) => {
      const saved = await page.request.patch(`/api/admin/products/${product.id}`, {
        headers: { origin: baseURL! },
        data: { is_featured: product.is_featured },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    };
    await save(products[0]);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(received[0]!['cartwheel-event-type']).toBe('product.updated');
    expect(received[0]!['cartwheel-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const first = received[0]!['cartwheel-event-id'] as string;

    // Another change lists above it (as one from a file running beside this one would): the row is
    // found by its event id, which the log shows.
    await save(products[1]);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(1);
    await endpoint.getByRole('button', { name: 'Deliveries' }).click();
    const delivery = endpoint.getByTestId('webhook-delivery').filter({ hasText: first });
    await expect(delivery).toContainText('product.updated', { timeout: 15_000 });
    await expect(delivery).toContainText('Delivered', { timeout: 15_000 });
    await expect(delivery).toContainText('HTTP 200');

    // The same event again.
    await delivery.getByRole('button', { name: 'Resend' }).click();
    const sameEvent = () => received.filter((h) => h['cartwheel-event-id'] === first).length;
    await expect.poll(sameEvent, { timeout: 20_000 }).toBe(2);

    // Deleted: no retry of this test's endpoint outlives the test.
    await endpoint.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(endpoint).toHaveCount(0);
  } finally {
    receiver.close();
  }
});

test('a manager opens Shop and sees both feeds with their item counts', async ({ page }) => {
  await signIn(page, 'manager@example.com');
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Shop', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  const google = page.getByTestId('feed').filter({ hasText: 'Google Merchant Center' });
  await expect(google).toContainText('/feeds/google.xml');
  const items = Number((await google.getByRole('cell').last().textContent()) ?? '0');
  expect(items).toBeGreaterThan(0);
  const feed = await page.request.get('/feeds/google.xml');
  expect(feed.headers()['content-type']).toContain('application/xml');
  expect((await feed.text()).match(/<item>/g)?.length).toBe(items);
});
