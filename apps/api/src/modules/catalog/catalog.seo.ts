import type { Product } from '@cartwheel/shared/contracts/catalog';
import { centsToDollarString, unitPrice } from '@cartwheel/shared/money';
import { escapeHtml } from '../../lib/html.ts';

// What search engines and link previews see of the storefront: the product page's <head>
// (title, description, canonical, Open Graph, JSON-LD), the sitemap and robots.txt.

export interface SiteInfo {
  /** The shop's public origin, without a trailing slash (config.publicUrl). */
  publicUrl: string;
  /** The storefront's title suffix, as the SPA writes it ("Cartwheel Store"). */
  siteName: string;
}

/**
 * JSON that is safe inside <script type="application/ld+json">: `<`, `>` and `&` become \u escapes
 * (so "</script>" in a product name cannot close the element), as do the two JavaScript line breaks.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** An absolute URL on the shop's origin for a stored path; absolute URLs are kept as they are. */
export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

export function productUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/product/${encodeURIComponent(slug)}`;
}

/** The description in one line of at most `max` characters, cut at a word. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * The offer a search engine shows: the product's price by the one price rule, or for a product with
 * variants the lowest price among variants in stock (among all when none is in stock).
 */
export function offerOf(product: Product): { price: number; inStock: boolean } {
  if (product.variants.length === 0) {
    return { price: unitPrice(product), inStock: product.inventory_level > 0 };
  }
  const inStock = product.variants.filter((v) => v.inventory_level > 0);
  const candidates = inStock.length ? inStock : product.variants;
  const price = Math.min(...candidates.map((v) => unitPrice(product, v)));
  return { price, inStock: inStock.length > 0 };
}

export interface PageHead {
  title: string;
  description: string;
  /** Extra tags for the <head>, already escaped. */
  tags: string;
}

const CONDITIONS: Record<Product['condition'], string> = {
  New: 'https://schema.org/NewCondition',
  Used: 'https://schema.org/UsedCondition',
  Refurbished: 'https://schema.org/RefurbishedCondition',
};

/** The <head> of a product page: canonical link, Open Graph tags and JSON-LD Product data. */
export function productHead(product: Product, site: SiteInfo): PageHead {
  // The product's own search engine listing when it has one (docs/product.md#product-rules).
  const title = `${product.seo_title || product.name} | ${site.siteName}`;
  const description =
    summarize(product.seo_description) ||
    summarize(product.description) ||
    `Buy ${product.name} at ${site.siteName}.`;
  const url = productUrl(site.publicUrl, product.slug);
  const images = product.images.map((image) => absoluteUrl(site.publicUrl, image.url));
  const offer = offerOf(product);
  const price = centsToDollarString(offer.price);
  const availability = offer.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    description,
    url,
    ...(images.length ? { image: images } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: 'USD',
      availability,
      itemCondition: CONDITIONS[product.condition],
    },
  };

  const meta = (attr: 'property' | 'name', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', site.siteName),
    meta('property', 'og:title', product.seo_title || product.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(images[0] ? [meta('property', 'og:image', images[0])] : []),
    meta('property', 'product:price:amount', price),
    meta('property', 'product:price:currency', 'USD'),
    meta('name', 'twitter:card', images[0] ? 'summary_large_image' : 'summary'),
    `<script type="application/ld+json">${scriptSafeJson(jsonLd)}</script>`,
  ].join('\n    ');
  return { title, description, tags };
}

/**
 * Puts a page's title, description and extra tags into the SPA's index.html: the shell's own
 * <title> and description are replaced where they stand, the other tags go just before </head>.
 */
export function injectHead(html: string, head: PageHead): string {
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(head.description)}" />`;
  const titleRe = /<title\b[^>]*>[\s\S]*?<\/title>/i;
  const descriptionRe = /<meta\s+name=["']description["'][^>]*>/i;
  if (!/<\/head>/i.test(html)) {
    // A shell without a <head> (HTML allows leaving it out): one goes right after the doctype.
    const rest = html.replace(titleRe, '').replace(descriptionRe, '');
    const doctype = /^\s*<!doctype html>/i.exec(rest)?.[0] ?? '';
    return `${doctype}<head>${[title, description, head.tags].join('')}</head>${rest.slice(doctype.length)}`;
  }
  const missing: string[] = [];
  let out = html;
  if (titleRe.test(out)) out = out.replace(titleRe, () => title);
  else missing.push(title);
  if (descriptionRe.test(out)) out = out.replace(descriptionRe, () => description);
  else missing.push(description);
  const block = [...missing, head.tags].join('\n    ');
  return out.replace(/<\/head>/i, () => `  ${block}\n  </head>`);
}

/** Most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  loc: string;
  lastmod?: string | undefined;
}

export function urlsetXml(entries: SitemapEntry[]): string {
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeHtml(e.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function sitemapIndexXml(locs: string[]): string {
  const maps = locs.map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps}\n</sitemapindex>\n`;
}

/** robots.txt: everything may be crawled but the back office and the API; points at the sitemap. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
