import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

const DEMO_PASSWORD = 'demo1234';
const ADMIN_EMAIL = 'admin@example.com';

/** A fresh address per test and run: the tests never depend on each other's accounts. */
function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Creates an account through the API (as the sign-up form does) and returns its user id. */
async function signUpThroughApi(
  request: APIRequestContext,
  email: string,
  password: string,
  firstName = 'Test',
  lastName = 'User',
): Promise<string> {
  const response = await request.post('/api/auth/sign-up/email', {
    data: { email, password, name: `${firstName} ${lastName}`, firstName, lastName },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const me = await (await request.get('/api/me')).json();
  return me.user.id as string;
}

/** A request context signed in as the demo admin, for set-up and for reading the mail outbox. */
async function adminApi(browser: Browser): Promise<{ api: APIRequestContext; close: () => Promise<void> }> {
  // A context for API calls only: its writes say which page they come from, as the shop's pages do.
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ extraHTTPHeaders: baseURL ? { origin: baseURL } : {} });
  const response = await context.request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN_EMAIL, password: DEMO_PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { api: context.request, close: () => context.close() };
}

interface OutboxEmail {
  to: string;
  kind: string;
  text: string;
  created_at: string;
}

/** The path of the newest password-reset link mailed to `email`, read from the outbox as an admin. */
async function readResetLink(api: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await api.get('/api/admin/emails', { params: { page: 1, limit: 50 } });
        if (!response.ok()) return '';
        const { items } = (await response.json()) as { items: OutboxEmail[] };
        const mail = items.find((item) => item.to === email && item.kind === 'password_reset');
        const match = mail?.text.match(/https?:\/\/\S+\/auth\?mode=reset&token=\S+/);
        link = match ? match[0] : '';
        return link;
      },
      { message: `a reset email to ${email} in the outbox` },
    )
    .not.toBe('');
  // The link carries the shop's public URL; the test server may answer on another host name.
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function signInOnStorefront(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOutOnStorefront(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
}

async function signInOnAdmin(page: Page, email: string, password: string) {
  await page.goto('/admin/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The current code for a base32 secret, with Better Auth's defaults (SHA-1, 6 digits, 30 s). */
function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

test.describe('Accounts and access', () => {
  // Whole journeys with several sign-ins each; the shared 2-core machine can be slow.
  test.describe.configure({ timeout: 90_000 });

  test('a shopper signs up, signs out, signs in, resets the password from the emailed link and signs in with it', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('shopper');
    const password = 'first-pass-123';
    const newPassword = 'second-pass-456';

    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByText('Sign in to your account or create a new one')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: 'Back to Store' })).toHaveAttribute('href', '/');

    // Sign up: differing passwords are refused on the page, before anything is sent.
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByText('At least 8 characters')).toBeVisible();
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Lane');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(`${password}-typo`);
    let signUpCalls = 0;
    page.on('request', (req) => {
      if (req.url().includes('/api/auth/sign-up/email')) signUpCalls += 1;
    });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();
    expect(signUpCalls).toBe(0);

    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByText('Account created! Please check your email to verify your account.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
    // Greeted by the first name given at sign-up, not the email.
    await expect(page.getByText('Welcome back, Robin', { exact: true })).toBeVisible();
    await expect(page.getByText(`Welcome back, ${email}`)).toHaveCount(0);

    // Signed in: the header shows the account menu instead of the Sign In link.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Order History' })).toBeVisible();
    await page.keyboard.press('Escape');
    await signOutOnStorefront(page);

    // A signed-in visitor of /auth goes to /account.
    await signInOnStorefront(page, email, password);
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/account$/);
    await signOutOnStorefront(page);

    // Forgot password: needs the email, then always the same answer.
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText('Enter your email address, then choose Forgot password?')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText('Password reset email sent!')).toBeVisible();

    const admin = await adminApi(browser);
    const resetPath = await readResetLink(admin.api, email);
    await admin.close();

    await page.goto(resetPath);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await signOutOnStorefront(page);

    // The old password is gone; the new one works.
    await signInOnStorefront(page, email, password);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
  });

  test('signing up with a taken email says so once, in the form, and the sign-up email is real', async ({
    page,
    browser,
  }) => {
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Email').fill('shopper@example.com');
    await page.getByLabel('Password', { exact: true }).fill('any-password-123');
    await page.getByLabel('Confirm Password').fill('any-password-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('This email is already registered. Please sign in instead.')).toHaveCount(1);
    // No second message (the server's own words in a toast).
    await expect(page.getByText(/already exists/i)).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);

    // A new account gets the confirmation email the toast promises.
    const email = uniqueEmail('verify');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByText('Account created! Please check your email to verify your account.'),
    ).toBeVisible();
    const admin = await adminApi(browser);
    await expect
      .poll(async () => {
        const { items } = (await (
          await admin.api.get('/api/admin/emails', { params: { page: 1, limit: 50 } })
        ).json()) as {
          items: OutboxEmail[];
        };
        return items.some(
          (m) =>
            m.to === email && m.kind === 'verify_email' && m.text.includes('/api/auth/verify-email?token='),
        );
      })
      .toBe(true);
    await admin.close();
  });

  test('staff signs in to the back office and sees the shell with their name and role', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/auth$/);

    // Forgot password needs an email entered first.
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText('Enter your email address, then choose Forgot password?')).toBeVisible();

    await signInOnAdmin(page, 'staff@example.com', DEMO_PASSWORD);
    await expect(page.getByTestId('admin-shell')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders', exact: true }),
    ).toBeVisible();
    // Team and the outbox are for admins only.
    await expect(page.getByRole('link', { name: 'Team' })).toHaveCount(0);

    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-menu-name')).toHaveText('Sam Okafor');
    await expect(page.getByTestId('user-menu-email')).toHaveText('staff@example.com');
    await expect(page.getByTestId('user-menu-role')).toHaveText('Staff');
    await page.keyboard.press('Escape');

    // Staff below admin: the team page says so.
    await page.goto('/admin/team');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      page.getByText(
        "You don't have permission to access this page. Required role: admin, your role: staff.",
      ),
    ).toBeVisible();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/admin\/auth$/);
    await expect(page.getByText('Signed out successfully!')).toBeVisible();
  });

  test('a customer who signs in at /admin sees Access Denied', async ({ page, request }) => {
    const email = uniqueEmail('customer');
    await signUpThroughApi(request, email, 'customer-pass-1');

    await signInOnAdmin(page, email, 'customer-pass-1');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      page.getByText(
        "You don't have permission to access this page. Required role: staff, your role: customer.",
      ),
    ).toBeVisible();
    await expect(page.getByTestId('admin-shell')).toHaveCount(0);
  });

  test('an admin promotes a user on the team page and that user reaches /admin', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('promoted');
    const password = 'promoted-pass-1';
    await signUpThroughApi(request, email, password, 'Pat', 'Promoted');

    await signInOnAdmin(page, ADMIN_EMAIL, DEMO_PASSWORD);
    await expect(page.getByTestId('admin-shell')).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Team' }).click();
    await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
    await expect(page.getByTestId('team-member').filter({ hasText: ADMIN_EMAIL })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const result = page.getByTestId('user-result').filter({ hasText: email });
    await expect(result).toBeVisible();
    await result.getByRole('combobox').selectOption('staff');
    await result.getByRole('button', { name: 'Grant role' }).click();
    await expect(page.getByText(`${email} is now Staff`)).toBeVisible();
    const row = page.getByTestId('team-member').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row.getByRole('combobox')).toHaveValue('staff');

    // The server's refusal is shown as it is: the shop's only admin cannot be removed.
    await page
      .getByTestId('team-member')
      .filter({ hasText: ADMIN_EMAIL })
      .getByRole('button', { name: /Revoke/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke access' }).click();
    await expect(page.getByText('The last admin cannot be demoted or removed')).toBeVisible();
    await page.keyboard.press('Escape');

    const context = await browser.newContext();
    const userPage = await context.newPage();
    await signInOnAdmin(userPage, email, password);
    await expect(userPage.getByTestId('admin-shell')).toBeVisible();
    await userPage.getByTestId('user-menu').click();
    await expect(userPage.getByTestId('user-menu-name')).toHaveText('Pat Promoted');
    await expect(userPage.getByTestId('user-menu-role')).toHaveText('Staff');
    await context.close();
  });

  test('a staff member enables two-factor from the user menu and then signs in with a code', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('twofactor');
    const password = 'two-factor-pass-1';
    const userId = await signUpThroughApi(request, email, password, 'Tess', 'Factor');
    const admin = await adminApi(browser);
    const grant = await admin.api.put(`/api/admin/team/${userId}`, { data: { role: 'staff' } });
    expect(grant.ok(), await grant.text()).toBe(true);
    await admin.close();

    await signInOnAdmin(page, email, password);
    await expect(page.getByTestId('admin-shell')).toBeVisible();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /Two-factor authentication/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-factor authentication' });
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).not.toHaveCount(0);
    const secret = (await dialog.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);

    await dialog.getByLabel(/6-digit code/).fill(totpCode(secret));
    await dialog.getByRole('button', { name: 'Verify and enable' }).click();
    await expect(page.getByText('Two-factor authentication enabled')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/admin\/auth$/);

    // Signing in now asks for a code, computed here from the secret the dialog showed.
    await signInOnAdmin(page, email, password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await page.getByLabel('Authentication code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByTestId('admin-shell')).toBeVisible();
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: /Two-factor authentication/ })).toContainText('On');
  });
});
