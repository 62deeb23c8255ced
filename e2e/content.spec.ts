import { expect, type Page, test } from '@playwright/test';

// Content and Online Store (docs/product.md): an admin edits the home hero and adds a page, changes the
// shop's name and colour; the storefront shows all of it, the server-rendered shell included. The
// demo shop is shared with the other specs, so everything changed here is put back at the end.

async function signInAsAdmin(page: Page) {
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'admin@example.com', password: 'demo1234' },
  });
  expect(signIn.ok()).toBe(true);
}

test.describe('Content and Online Store', () => {
  test('an admin edits the hero and creates a page; the storefront shows both', async ({ page, baseURL }) => {
    await signInAsAdmin(page);
    const original = await (await page.request.get('/api/admin/content/home')).json();
    const stamp = Date.now().toString(36);
    const heroTitle = `Autumn sale ${stamp}`;
    const pageTitle = `Gift cards ${stamp}`;
    let pageId: string | undefined;
    try {
      await page.goto('/admin/content');
      await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
      await page.getByLabel('Title', { exact: true }).fill(heroTitle);
      await page.getByLabel('First button label').fill('Shop the sale');
      await page.getByRole('button', { name: 'Save home page' }).click();
      await expect(page.getByText('Home page saved')).toBeVisible();

      await page.getByRole('button', { name: 'Add page' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add page' });
      await dialog.getByLabel('Title', { exact: true }).fill(pageTitle);
      await dialog.getByLabel('Body (Markdown)').fill('## How they work\n\nBuy **one** for a friend.');
      await dialog.getByLabel('Published').click();
      await dialog.getByRole('button', { name: 'Save page' }).click();
      await expect(page.getByText('Page created')).toBeVisible();
      const list = (await (await page.request.get('/api/admin/content/pages')).json()).items as {
        id: string;
        title: string;
        slug: string;
      }[];
      const created = list.find((p) => p.title === pageTitle);
      expect(created?.slug).toBe(`gift-cards-${stamp}`);
      pageId = created?.id;

      // The server's HTML already has the new hero, before any script runs.
      const shell = await (await page.request.get('/')).text();
      expect(shell).toContain(heroTitle);

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Shop the sale' })).toHaveAttribute('href', '/products');
      const footer = page.getByRole('navigation', { name: 'Footer' });
      await expect(footer.getByRole('link', { name: 'About us' })).toBeVisible();
      await footer.getByRole('link', { name: pageTitle }).click();
      await expect(page).toHaveURL(new RegExp(`/pages/gift-cards-${stamp}$`));
      await expect(page.getByRole('heading', { level: 1, name: pageTitle })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'How they work' })).toBeVisible();
      await expect(page.locator('article strong')).toHaveText('one');
      await expect(page).toHaveTitle(`${pageTitle} | Cartwheel Store`);

      const served = await page.request.get(`/pages/gift-cards-${stamp}`);
      expect(served.status()).toBe(200);
      expect(await served.text()).toContain(`<title>${pageTitle} | Cartwheel Store</title>`);

      const missing = await page.request.get('/pages/no-such-page');
      expect(missing.status()).toBe(404);
      await page.goto('/pages/no-such-page');
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    } finally {
      const headers = { origin: baseURL! };
      await page.request.put('/api/admin/content/home', { data: original, headers });
      if (pageId) await page.request.delete(`/api/admin/content/pages/${pageId}`, { headers });
    }
  });

  test('an Online Store change shows on the storefront after a reload', async ({ page, baseURL }) => {
    await signInAsAdmin(page);
    const original = await (await page.request.get('/api/admin/online-store')).json();
    try {
      await page.goto('/admin/channels/online-store');
      await page.getByLabel('Shop name').fill('Harbor Goods');
      // Too light for white text: the form warns, and the server refuses it.
      await page.getByLabel('Primary colour', { exact: true }).fill('#ffd700');
      await expect(page.getByRole('alert').filter({ hasText: 'WCAG AA' })).toBeVisible();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(/Primary colour is too light for white text/).last()).toBeVisible();
      await page.getByLabel('Primary colour', { exact: true }).fill('#0f766e');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Online Store saved')).toBeVisible();

      await page.goto('/');
      await page.reload();
      const header = page.getByRole('banner');
      await expect(header.getByText('Harbor Goods', { exact: true })).toBeVisible();
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
      );
      expect(primary).toBe('#0f766e');
      await expect(page.getByRole('contentinfo')).toContainText('Harbor Goods. All rights reserved.');
    } finally {
      const restored = await page.request.patch('/api/admin/online-store', {
        data: original,
        headers: { origin: baseURL! },
      });
      expect(restored.ok(), await restored.text()).toBe(true);
    }
  });
});
