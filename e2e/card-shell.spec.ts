import { expect, type Page, test } from '@playwright/test';

// A catalog page's first screen comes from the server (index.html's card templates, filled by
// apps/api/src/modules/search/storefront/catalog-shells.ts) until the app draws the same cards
// (features/catalog/components/product-card.tsx). The card is written twice, by hand: this compares the
// two, so that a change to one without the other fails here instead of showing as a jump on screen.

/** A demo category no other test adds products to (see images.spec.ts). */
const PAGE = '/categories/lighting';

/**
 * Each product card of the page as text: every element with its tag, its classes (sorted; without the
 * ones that only apply on hover, focus, motion or to children the card does not have, which the
 * server's copy leaves out: nothing can be hovered or focused before the app runs) and the attributes
 * that change what is drawn, and its text.
 */
function cardsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const interactive =
      /^((group-)?hover|focus(-visible|-within)?|has-focus-visible|motion-safe|motion-reduce|active|\[[^\]]*\]):|^(transition|duration-|ease-|outline-)/;
    const attributes = [
      'href',
      'alt',
      'src',
      'srcset',
      'sizes',
      'width',
      'height',
      'loading',
      'fetchpriority',
      'decoding',
      'type',
      'aria-label',
      'aria-hidden',
      'title',
    ];
    const describe = (node: Node): string => {
      if (!(node instanceof Element)) return '';
      const tag = node.tagName.toLowerCase();
      const classes = [...node.classList].filter((c) => !interactive.test(c)).sort();
      const attrs = attributes
        .filter((name) => node.hasAttribute(name))
        .map((name) => ` ${name}="${node.getAttribute(name)}"`)
        .join('');
      // Adjacent text nodes (React writes `{count} more` as two) count as one text, trimmed: the line
      // breaks between the template's tags are not drawn.
      let inner = '';
      let text = '';
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) {
          text += child.textContent ?? '';
          continue;
        }
        inner += text.replace(/\s+/g, ' ').trim() + describe(child);
        text = '';
      }
      inner += text.replace(/\s+/g, ' ').trim();
      return `<${tag} class="${classes.join(' ')}"${attrs}>${inner}</${tag}>`;
    };
    return [...document.querySelectorAll('li:has(> div > a[href^="/product/"])')].map(describe);
  });
}

test('the server-drawn product cards of a catalog page are the cards the app draws', async ({ page }) => {
  test.setTimeout(60_000);
  // The server's first screen, with the app's scripts held back so that it stays on the page.
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    (route) => route.abort(),
  );
  await page.goto(PAGE);
  const fromServer = await cardsOf(page);
  expect(fromServer.length).toBeGreaterThan(1);
  expect(fromServer[0]).toContain('srcset="/');

  await page.unrouteAll();
  await page.goto(PAGE);
  await expect(page.getByTestId('product-card')).toHaveCount(fromServer.length, { timeout: 20_000 });
  // The app's images settle their loading attributes once drawn: compare what is on screen then.
  await expect(page.getByTestId('product-card').first().locator('img')).toBeVisible();
  expect(await cardsOf(page)).toEqual(fromServer);
});
