import { DEFAULT_PAGE_SIZE, MAX_CARD_CATEGORY_BADGES } from '@cartwheel/shared/constants';
import type { ProductCard } from '@cartwheel/shared/contracts/catalog';
import {
  type StorefrontSearchResult,
  storefrontSearchQuery,
} from '@cartwheel/shared/contracts/storefront-search';
import { CARD_IMAGE_SIZES, imageSrcSet, PRIORITY_CARDS } from '@cartwheel/shared/images';
import { formatMoney, isOnSale } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import type { FastifyInstance } from 'fastify';
import { sendRendered } from '../../../lib/read-cache.ts';
import { fillShell, type ShellRenderer, shellPage, shellTemplates } from '../../../lib/static-sites.ts';
import { injectHead } from '../../catalog/catalog.seo.ts';
import { brandShell, cachedSite, defaultHead, storeTitle } from '../../content/storefront-shell.ts';
import type { SearchProvider } from './search-provider.ts';

/** The cache tags of a catalog shell: it shows products, categories and the shop's look. */
export const CATALOG_SHELL_TAGS = ['catalog', 'products', 'categories', 'site'];

/** The first page of the catalog as the storefront asks for it without filters (or of one category). */
export function catalogFirstPage(
  provider: SearchProvider,
  category?: string,
): Promise<StorefrontSearchResult> {
  return provider.search(
    storefrontSearchQuery.parse({ limit: String(DEFAULT_PAGE_SIZE), ...(category ? { category } : {}) }),
  );
}

/** One product card from index.html's card templates, as product-card.tsx draws it. */
function cardHtml(templates: Map<string, string>, product: ProductCard, index: number): string {
  const fill = (name: string, fields: Record<string, string | undefined> = {}) =>
    fillShell(templates.get(name) ?? '', fields);
  const image = product.image;
  const priority = index < PRIORITY_CARDS;
  const shown = product.categories.slice(0, MAX_CARD_CATEGORY_BADGES);
  const hidden = product.categories.slice(MAX_CARD_CATEGORY_BADGES);
  const badges = [
    ...shown.map((category) => fill('badge', { name: category.name })),
    ...(hidden.length
      ? [fill('badge-more', { count: String(hidden.length), names: hidden.map((c) => c.name).join(', ') })]
      : []),
  ];
  return fill('card', {
    href: `/product/${encodeURIComponent(product.slug)}`,
    name: product.name,
    image_url: image?.url ?? '/placeholder.svg',
    image_alt: image?.alt_text || product.name,
    image_avif: image ? imageSrcSet(image, 'avif') : '',
    image_webp: image ? imageSrcSet(image, 'webp') : '',
    sizes: CARD_IMAGE_SIZES,
    loading: priority ? 'eager' : 'lazy',
    fetchpriority: priority ? 'high' : 'auto',
    price: isOnSale(product)
      ? fill('sale-price', { sale_price: formatMoney(product.sale_price), price: formatMoney(product.price) })
      : fill('price', { price: formatMoney(product.price) }),
    stock: product.inventory_level > 0 ? '' : fill('out-of-stock'),
    badges: badges.length ? fill('badges', { items: badges.join('') }) : '',
  });
}

/**
 * index.html with the catalog's first screen as the shell's main content: `title`, the product count
 * and the cards of `result`; a category page (`category`) keeps a breadcrumb's line above the title.
 */
export function catalogShell(
  index: string,
  { title, result, category = false }: { title: string; result: StorefrontSearchResult; category?: boolean },
): string {
  const templates = shellTemplates(index);
  return shellPage(index, 'catalog', {
    title,
    count: plural(result.total, 'product'),
    above: category ? fillShell(templates.get('breadcrumb-space') ?? '', {}) : '',
    cards: result.items.map((product, i) => cardHtml(templates, product, i)).join(''),
  });
}

/**
 * /products without filters in the address gets the shell with the catalog's first screen (the title,
 * the count and the first page's cards), so its images load with the HTML; with filters, the plain
 * shell, as every other page. Rendered once per catalog change, like the product pages.
 */
export function registerCatalogShell(
  app: FastifyInstance,
  index: string,
  renderShell: ShellRenderer,
  search: SearchProvider,
): void {
  app.get('/products', { schema: { hide: true } }, async (request, reply) => {
    const html = 'text/html; charset=utf-8';
    if (request.url.includes('?')) return sendRendered(request, reply, await renderShell(index), html);
    const rendered = await app.catalogCache.get('shell:catalog', async () => {
      const [site, first] = await Promise.all([cachedSite(app), catalogFirstPage(search)]);
      const page = brandShell(catalogShell(index, { title: 'Products', result: first }), site);
      const head = defaultHead(site, app.config.publicUrl, '');
      return {
        text: injectHead(page, { ...head, title: `Products | ${storeTitle(site)}` }),
        tags: CATALOG_SHELL_TAGS,
      };
    });
    return sendRendered(request, reply, rendered, html);
  });
}
