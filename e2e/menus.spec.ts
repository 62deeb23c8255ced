import { expect, test } from '@playwright/test';
import { settle } from './layout-check.ts';
import { signInAsAdmin } from './shop-helpers.ts';

// The navigation editor (docs/decisions/0085-navigation-menus.md): a new page gets its slug from its
// title and says it is a draft; added to the footer menu and moved to the top from the keyboard (the
// sortable list's keyboard sensor), the back office warns while it is a draft, and the storefront's
// footer shows it first once it is published. The menus are put back as they were at the end (other
// specs read the footer: the "every published page" item stays in it throughout).

test('a page added to the footer menu and moved to the top shows first in the footer once published', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const headers = { origin: baseURL! };
  const original = await (await page.request.get('/api/admin/menus')).json();
  const stamp = Date.now().toString(36);
  const title = `Our Story ${stamp}`;
  let pageId: string | undefined;
  try {
    await page.goto('/admin/content');
    await page.getByRole('button', { name: 'Add page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add page' });
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    // The slug follows the title as it is typed, and the page says it is a draft.
    await expect(dialog.getByLabel('Slug')).toHaveValue(`our-story-${stamp}`);
    await expect(dialog.getByTestId('page-state')).toContainText('Draft: not in the store yet');
    await dialog.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText('Page created')).toBeVisible();
    const pages = (await (await page.request.get('/api/admin/content/pages')).json()).items as {
      id: string;
      title: string;
    }[];
    pageId = pages.find((p) => p.title === title)?.id;
    expect(pageId).toBeTruthy();

    // Added to the footer menu: the editor warns that shoppers will not see it yet.
    const adder = page.getByTestId('menu-adder-footer');
    await adder.getByLabel('Links to').selectOption('page');
    await adder.getByLabel('Page', { exact: true }).selectOption({ label: `${title} (draft)` });
    await adder.getByRole('button', { name: 'Add to footer menu' }).click();
    const footerItems = page.getByTestId('menu-item-footer');
    const added = footerItems.filter({ hasText: title });
    await expect(added.getByTestId('menu-item-warning')).toContainText('Draft page');

    // Moved to the top from the keyboard: Space picks it up, the arrows move it, Space drops it.
    // One place per move, each checked before the next: a key pressed while the list is still
    // measuring is lost on a busy machine.
    const handle = added.getByRole('button', { name: `Move ${title}`, exact: true });
    for (let place = (await footerItems.count()) - 2; place >= 0; place--) {
      await expect(async () => {
        if (!(await footerItems.nth(place).textContent())?.includes(title)) {
          await handle.focus();
          for (const key of ['Space', 'ArrowUp', 'Space']) {
            await page.keyboard.press(key);
            // The sortable list has measured and moved the item before the next key.
            await settle(page);
          }
        }
        await expect(footerItems.nth(place)).toContainText(title, { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
    }
    await page.getByRole('button', { name: 'Save menus' }).click();
    await expect(page.getByText('Menus saved')).toBeVisible();

    // A draft is left out of the storefront's footer...
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await page.goto('/');
    await expect(footer.getByRole('link', { name: 'About us' })).toBeVisible();
    await expect(footer.getByRole('link', { name: title })).toHaveCount(0);

    // ...and the page editor says a menu links to it until it is published.
    await page.goto('/admin/content');
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit page' });
    await expect(editor.getByTestId('page-menu-draft')).toContainText('The footer menu links to this page');
    await editor.getByLabel('Published').click();
    await expect(editor.getByTestId('page-menu-draft')).toHaveCount(0);
    await editor.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText('Page saved')).toBeVisible();

    // Published: first in the footer, in the server's HTML too.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain(title);
    await page.goto('/');
    const links = footer.getByRole('link');
    await expect(links.first()).toHaveText(title);
    await links.first().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  } finally {
    const strip = (items: { type: string; target: string; label: string }[]) =>
      items.map(({ type, target, label }) => ({ type, target, label }));
    await page.request.put('/api/admin/menus', {
      data: { header: strip(original.header), footer: strip(original.footer) },
      headers,
    });
    if (pageId) await page.request.delete(`/api/admin/content/pages/${pageId}`, { headers });
  }
});
