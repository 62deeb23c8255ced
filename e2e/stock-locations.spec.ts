import { expect, test } from '@playwright/test';
import { simpleProducts } from './shop-helpers.ts';

// Stock in several locations (decision 0095): a manager adds a pop-up, moves stock to it with a
// transfer (sent, then received), and sees the stock there and both moves in the product's history.

test('a manager adds a location, transfers stock to it and sees both moves in the history', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'manager@example.com', password: 'demo1234' },
  });
  expect(signIn.ok()).toBe(true);
  const [product] = await simpleProducts(page.request, 1);
  const name = `Pop-up ${Date.now()}`;

  await page.goto('/admin/settings/locations');
  await expect(page.getByRole('heading', { name: 'Locations', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Main warehouse/ })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Kind').selectOption('pop_up');
  await page.getByLabel('City').fill('Albany');
  await page.getByLabel('Country (two-letter code)').fill('US');
  await page.getByRole('button', { name: 'Add location' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Pop-up');

  await page.goto('/admin/transfers');
  await expect(page.getByRole('heading', { name: 'Transfers', level: 1 })).toBeVisible();
  await page.getByLabel('From').selectOption({ label: 'Main warehouse' });
  await page.getByLabel('To', { exact: true }).selectOption({ label: name });
  await page.getByLabel('Find a product').fill(product!.name);
  await page
    .getByRole('list', { name: 'Products found' })
    .getByRole('button', { name: product!.name, exact: true })
    .click();
  await page.getByLabel(`Quantity of ${product!.name}`).fill('2');
  await page.getByRole('button', { name: `Add ${product!.name}`, exact: true }).click();
  await expect(page.getByRole('list', { name: 'Items to transfer' })).toContainText(`${product!.name} × 2`);
  await page.getByRole('button', { name: 'Create transfer' }).click();

  const row = page.getByRole('row', { name: new RegExp(name) }).first();
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: 'Send' }).click();
  await expect(row).toContainText('In transit');
  await row.getByRole('button', { name: 'Receive' }).click();
  await expect(row).toContainText('Received');

  await page.goto(`/admin/products/${product!.id}`);
  const stock = page.getByRole('table', { name: 'Stock by location' });
  await expect(stock.getByLabel(`${product!.name} at ${name}`)).toHaveValue('2');
  await stock.getByRole('button', { name: `History of ${product!.name}` }).click();
  const history = page.getByRole('region', { name: `Stock history of ${product!.name}` });
  await expect(history.getByRole('row', { name: new RegExp(`${name}.*Transfer in.*\\+2`) })).toBeVisible();
  await expect(history.getByRole('row', { name: /Main warehouse.*Transfer out.*-2/ })).toBeVisible();
});
