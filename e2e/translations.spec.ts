import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './shop-helpers.ts';

// Content translations (decision 0071): a merchant opens a product's Translate view in the back
// office, writes its German name beside the English one and saves; the German storefront (/de/) shows
// it at once, the English API keeps the original. The translation is put back at the end: the demo
// shop is shared with the other specs.

test.describe('Translations', () => {
  test('the back office translates a product and /de/ shows it', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const list = await (await page.request.get('/api/products?limit=1&sort=name')).json();
    const product = list.items[0] as { id: string; name: string; slug: string };
    const view = await (
      await page.request.get(`/api/admin/translations/product/${product.id}?language=de`)
    ).json();
    const before: string | null = view.groups[0].fields.find(
      (f: { field: string }) => f.field === 'name',
    ).translation;
    const german = `Übersetzt ${Date.now().toString(36)}`;
    try {
      await page.goto('/admin/translations?type=product');
      await expect(page.getByRole('heading', { name: 'Translations', level: 1 })).toBeVisible();
      await page.getByLabel('Search by name').fill(product.name);
      await page.getByRole('link', { name: product.name, exact: true }).click();
      await expect(page.getByRole('heading', { name: `Translate: ${product.name}` })).toBeVisible();
      await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
      // The original stands beside its translation.
      const form = page.getByRole('form', { name: 'Translations' });
      await expect(form.getByText(product.name, { exact: true }).first()).toBeVisible();
      await form.getByLabel('Name (de)').first().fill(german);
      await form.getByRole('button', { name: 'Save translations' }).click();
      await expect(page.getByText('Translations saved')).toBeVisible();

      // The offline AI provider says it cannot translate, in the form.
      await form.getByRole('button', { name: 'Translate with AI' }).click();
      await expect(form.getByRole('alert')).toContainText('cannot translate');

      await page.goto(`/de/product/${product.slug}`);
      await expect(page.getByRole('heading', { name: german, level: 1 })).toBeVisible();
      const english = await (await page.request.get(`/api/products/${product.slug}`)).json();
      expect(english.name).toBe(product.name);
    } finally {
      await page.request.put('/api/admin/translations', {
        headers: { origin: baseURL! },
        data: {
          language: 'de',
          items: [{ type: 'product', key: product.id, field: 'name', value: before ?? '' }],
        },
      });
    }
  });
});
