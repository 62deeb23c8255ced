import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './shop-helpers.ts';

// An app in the back office (docs/apps.md): an admin adds examples/app, whose sidebar link and order
// panel then draw in sandboxed frames that verify the signed token they receive.

test.describe.configure({ timeout: 90_000 });

const server = fileURLToPath(new URL('../examples/app/server.mjs', import.meta.url));

/** A port nothing listens on now, for the example app (its URL is registered before it starts). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts examples/app and resolves once it listens. */
function startExampleApp(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [server], { env: { ...process.env, ...env }, stdio: 'pipe' });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('example app on')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`the example app stopped (${code})`)));
  });
}

test("the example app's sidebar link and order panel appear in the back office", async ({
  page,
  baseURL,
}) => {
  const port = await freePort();
  await signInAsAdmin(page);
  await page.goto('/admin/apps');
  await page.getByRole('button', { name: 'Add app' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Order notes');
  await dialog.getByLabel('App URL').fill(`http://127.0.0.1:${port}/`);
  await dialog.getByLabel('Role').selectOption('staff');
  await dialog.getByLabel('Sidebar link (optional)').fill('Order notes');
  await dialog.getByLabel('Orders').check();
  await dialog.getByRole('button', { name: 'Add app' }).click();
  const secretDialog = page.getByRole('dialog', { name: "The app's signing secret" });
  const secret = await secretDialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^cws_/);
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  const keyDialog = page.getByRole('dialog', { name: "The app's API key" });
  const apiKey = await keyDialog.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(apiKey).toMatch(/^cwk_/);
  await keyDialog.getByRole('button', { name: 'Done' }).click();

  const app = await startExampleApp({
    APP_SECRET: secret,
    APP_API_KEY: apiKey,
    SHOP_URL: baseURL ?? '',
    PORT: String(port),
  });
  try {
    const link = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Order notes' });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/admin\/apps\/[0-9a-f-]{36}$/);
    await expect(page.frameLocator('[data-testid="app-frame"]').getByTestId('example-app-text')).toHaveText(
      'The app’s own page seen by admin@example.com',
    );

    const orders = await page.request.get('/api/admin/orders');
    const [order] = (await orders.json()).items as { id: string; order_number: number }[];
    if (!order) throw new Error('the demo shop has no orders');
    await page.goto(`/admin/orders/${order.id}`);
    const panel = page.getByTestId('app-panel');
    await expect(panel).toContainText('Order notes');
    const frame = panel.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
    expect(await frame.getAttribute('src')).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`),
    );
    // The app checked the token with its secret and read the order with its API key.
    await expect(panel.frameLocator('iframe').getByTestId('example-app-text')).toHaveText(
      `Order #${order.order_number} seen by admin@example.com`,
    );
  } finally {
    app.kill();
    const list = await page.request.get('/api/admin/apps');
    for (const added of (await list.json()).items as { id: string; name: string }[]) {
      if (added.name === 'Order notes') await page.request.delete(`/api/admin/apps/${added.id}`);
    }
  }
});
