import { expect, type Page, test } from '@playwright/test';

// The job queue's health in the back office: an admin opens Settings → Jobs and sees each queue's
// counts and the checkout expiry schedule, which the server (ROLE=all) has already run once.

async function signIn(page: Page, email: string) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'demo1234' } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('an admin sees the queues, the expiry schedule with its last and next run, and no failed jobs', async ({
  page,
}) => {
  await signIn(page, 'admin@example.com');
  await page.goto('/admin/settings');
  await page.getByRole('link', { name: /Jobs/ }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/jobs$/);
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();

  const queues = page.getByTestId('job-queue');
  await expect(queues.filter({ hasText: 'Email delivery' })).toBeVisible();
  await expect(queues.filter({ hasText: 'Expired checkouts' })).toBeVisible();
  await expect(queues.filter({ hasText: 'Abandoned-checkout emails' })).toBeVisible();

  const schedule = page.getByTestId('job-schedule').filter({ hasText: 'Expired checkouts' });
  // The e2e server checks every 5 seconds (playwright.config.ts); a shop's default is every minute.
  await expect(schedule).toContainText('Every 5 s');
  // Its first run happens when the server starts; the page refreshes itself every 10 seconds.
  await expect(schedule).not.toContainText('Never', { timeout: 30_000 });
  await expect(page.getByText('No failed jobs.')).toBeVisible();
});

test('a staff member cannot open the jobs page, and the API refuses them', async ({ page }) => {
  await signIn(page, 'staff@example.com');
  const res = await page.request.get('/api/admin/jobs');
  expect(res.status()).toBe(403);
  await page.goto('/admin/settings/jobs');
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toHaveCount(0);
});
