import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { srcsetWidths, watchLayoutShift } from './layout-shift.ts';
import { signInAsAdmin } from './shop-helpers.ts';

// Content and Online Store (docs/product.md): an admin edits the home hero and adds a page, changes the
// shop's name and colour; the storefront shows all of it, the server-rendered shell included. The
// demo shop is shared with the specs running beside this one, so this changes nothing they look at
// (the hero's title and first button, the shop's name) and puts everything back at the end.
// The home page's content is written only by this file's tests (the hero upload among them), which run
// one after another in one worker: a test in another file saving the home page could undo their edits.

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

      const html = await (await page.request.get('/')).text();
      expect(html).toContain('<meta name="theme-color" content="#0f766e"/>');
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

  test('the hero uploaded in the back office is served in AVIF and WebP widths, in the first HTML and in the app, without layout shift', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await watchLayoutShift(page);
    await signInAsAdmin(page);
    const original = await (await page.request.get('/api/admin/content/home')).json();
    const headers = { origin: baseURL! };
    try {
      await page.goto('/admin/content');
      const png = await sharp({
        create: { width: 1200, height: 480, channels: 3, background: '#8a4b2f' },
      })
        .png()
        .toBuffer();
      // The copies are made inside the upload's request: when it answers, they exist.
      const answered = page.waitForResponse(
        (r) => r.url().endsWith('/api/admin/content/images') && r.request().method() === 'POST',
      );
      await page
        .getByLabel('Upload hero image')
        .setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: png });
      const upload = await answered;
      expect(upload.status(), await upload.text()).toBe(201);
      const stored = (await upload.json()) as { url: string; variants: Array<{ width: number }> };
      expect(stored.variants.map((v) => v.width)).toEqual([320, 640, 960, 1200]);
      await expect(page.getByText('Image uploaded')).toBeVisible();
      // The 40 px preview draws the smallest copy, not the 1200 px original.
      const preview = page.getByRole('form', { name: 'Home page' }).locator(`img[src="${stored.url}"]`);
      await expect(preview).toHaveAttribute('sizes', '40px');
      await expect
        .poll(() => preview.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(/-320\.(avif|webp)$/);
      await page.getByRole('button', { name: 'Save home page' }).click();
      await expect(page.getByText('Home page saved')).toBeVisible();

      // The server's first HTML: a <picture> of the copies, the box's size, loaded first. The page
      // is cached until the save's change notification empties it (docs/decisions/0012-read-caches.md),
      // so it is asked for until it has the new image, within the expect timeout.
      const uuid = stored.url.slice('/uploads/'.length, -'.webp'.length);
      let html = '';
      await expect
        .poll(async () => {
          html = await (await page.request.get('/')).text();
          return html;
        })
        .toContain(`<source type="image/avif" srcSet="/uploads/${uuid}-320.avif 320w`);
      expect(html).toMatch(
        new RegExp(
          `<img class="[^"]*" alt="" src="/uploads/${uuid}\\.webp" srcSet="[^"]*-1200\\.webp 1200w" sizes="[^"]+" width="1200" height="480" loading="eager" fetchPriority="high"`,
        ),
      );

      // The home page as shoppers get it: the server's page, then the app hydrating it.
      await page.goto('/');
      const hero = heroImage(page, uuid);
      await expectResponsiveHero(hero);
      await expect
        .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
        new RegExp(`${uuid}-\\d+\\.avif$`),
      );
      await page.waitForLoadState('networkidle');
      const shifted = await page.evaluate(() => window.__shifted);
      expect(await page.evaluate(() => window.__layoutShift), shifted.join('\n')).toBe(0);

      // Drawn by the app itself after a navigation.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await expect(page).toHaveURL(/\/products$/);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
      await expectResponsiveHero(heroImage(page, uuid));
    } finally {
      // Puts the hero image back as it was; the uploaded image and its copies are removed with it.
      const current = await (await page.request.get('/api/admin/content/home')).json();
      const data = { ...current, hero: { ...current.hero, image_url: original.hero.image_url } };
      await page.request.put('/api/admin/content/home', { data, headers });
    }
  });
});

/** The home hero's image showing the upload `uuid`. */
const heroImage = (page: Page, uuid: string) => page.locator(`main section img[src="/uploads/${uuid}.webp"]`);

async function expectResponsiveHero(hero: Locator) {
  await expect(hero).toBeVisible();
  expect(srcsetWidths(await hero.getAttribute('srcset'))).toEqual([320, 640, 960, 1200]);
  await expect(hero).toHaveAttribute('sizes', '(min-width: 800px) 768px, calc(100vw - 2rem)');
  await expect(hero).toHaveAttribute('width', '1200');
  await expect(hero).toHaveAttribute('height', '480');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).toHaveAttribute('loading', 'eager');
  const avif = hero.locator('xpath=preceding-sibling::source[@type="image/avif"]');
  expect(srcsetWidths(await avif.getAttribute('srcset'))).toEqual([320, 640, 960, 1200]);
}
