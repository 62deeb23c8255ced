import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './shop-helpers.ts';

// Content and Online Store (docs/product.md): an admin edits the home hero and adds a page, changes the
// shop's name and colour; the storefront shows all of it, the server-rendered shell included. The
// demo shop is shared with the specs running beside this one, so this changes nothing they look at
// (the hero's title and first button, the shop's name) and puts everything back at the end.

test.describe('Content and Online Store', () => {
  test('an admin edits the hero and creates a page; the storefront shows both', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const original = await (await page.request.get('/api/admin/content/home')).json();
    const stamp = Date.now().toString(36);
    const heroText = `Autumn sale ${stamp}`;
    const pageTitle = `Gift cards ${stamp}`;
    let pageId: string | undefined;
    try {
      await page.goto('/admin/content');
      await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
      await page.getByLabel('Subtitle').fill(heroText);
      await page.getByLabel('Second button label').fill('Shop the sale');
      await page.getByLabel('Second button link').fill('/products?sort=newest');
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
      expect(shell).toContain(heroText);

      await page.goto('/');
      await expect(page.getByText(heroText)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Shop the sale' })).toHaveAttribute(
        'href',
        '/products?sort=newest',
      );
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
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const original = await (await page.request.get('/api/admin/online-store')).json();
    try {
      await page.goto('/admin/channels/online-store');
      // Too light for white text: the form warns, and the server refuses it.
      await page.getByLabel('Primary colour', { exact: true }).fill('#ffd700');
      await expect(page.getByRole('alert').filter({ hasText: 'WCAG AA' })).toBeVisible();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(/Primary colour is too light for white text/).last()).toBeVisible();
      await page.getByLabel('Primary colour', { exact: true }).fill('#0f766e');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Online Store saved')).toBeVisible();

      const shell = await (await page.request.get('/')).text();
      expect(shell).toContain('<meta name="theme-color" content="#0f766e" />');
      await page.goto('/');
      await page.reload();
      await expect(page.getByRole('link', { name: 'Shop Now' })).toBeVisible();
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
      );
      expect(primary).toBe('#0f766e');
      // The primary button is painted in it.
      await expect(page.getByRole('link', { name: 'Shop Now' })).toHaveCSS(
        'background-color',
        'rgb(15, 118, 110)',
      );
    } finally {
      const restored = await page.request.patch('/api/admin/online-store', {
        data: original,
        headers: { origin: baseURL! },
      });
      expect(restored.ok(), await restored.text()).toBe(true);
    }
  });
});
