import { expect, test } from '@playwright/test';
import { signInAsAdmin, signUpShopper } from './shop-helpers.ts';

// Segments and campaigns (docs/decisions/0092-segments-and-campaigns.md): staff tag a customer who
// agreed to marketing email, build a segment of that tag (its live count shows them), write a campaign
// in blocks, preview it, send it, and the report counts the email sent through the job queue.

test('a tagged, consenting customer gets a campaign built from blocks; the report shows it sent', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = `spring-${Date.now()}`;
  const shopper = await browser.newPage();
  const email = await signUpShopper(shopper, 'Cora');
  // Outside a page, the request says which page it comes from, as the shop's own pages do.
  const consent = await shopper.request.put('/api/account/marketing', {
    headers: { origin: baseURL! },
    data: { marketing_opt_in: true },
  });
  expect(consent.ok(), await consent.text()).toBe(true);
  await shopper.close();

  await signInAsAdmin(page);
  const found = await page.request.get('/api/admin/customers', { params: { search: email } });
  const [customer] = (await found.json()).items as Array<{ id: string }>;

  // The customer page: add the tag.
  await page.goto(`/admin/customers/${customer!.id}`);
  await page.getByLabel('New tag').fill(tag);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText(tag);

  // A segment of that tag, with its live count.
  await page.goto('/admin/segments');
  await page.getByRole('button', { name: 'New segment' }).click();
  await page.getByLabel('Name').fill(`Spring ${tag}`);
  await page.getByLabel('Tags').fill(tag);
  await expect(page.getByTestId('segment-count')).toHaveText('1 customer, 1 agreed to marketing email');
  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(page.getByRole('list', { name: 'Segments' })).toContainText(`Spring ${tag}`);

  // A campaign in blocks: text and a button; saved, previewed, then sent.
  await page.goto('/admin/campaigns/new');
  await page.getByLabel('Name').fill(`Spring sale ${tag}`);
  await page.getByLabel('Subject').fill('Spring has arrived');
  await page.getByLabel('Segment').selectOption({ label: `Spring ${tag} (1 reachable)` });
  await page.getByRole('button', { name: 'Add text' }).click();
  await page.getByLabel('Text', { exact: true }).fill('New <vases> for the season.');
  await page.getByRole('button', { name: 'Add button' }).click();
  await page.getByLabel('Button text').fill('Shop now');
  await page.getByLabel('Links to').fill('/products');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\/[0-9a-f-]{36}$/);

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByText('New <vases> for the season.')).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Shop now' })).toBeVisible();

  await page.getByRole('button', { name: 'Send campaign' }).click();
  // One recipient, said in the singular.
  await expect(page.getByRole('dialog')).toContainText(`It goes to the 1 customer of Spring ${tag} who`);
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('report-sent')).toHaveText('1', { timeout: 60_000 });
});
