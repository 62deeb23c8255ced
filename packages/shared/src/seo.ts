import type { Product } from './contracts/catalog.ts';
import type { ProductReviews } from './contracts/reviews.ts';
import { toMajorString, unitPrice } from './money.ts';

// What search engines and link previews read of the storefront's pages, shared by the storefront's
// head tags (rendered on the server) and the API's feeds and sitemaps.

/**
 * JSON that is safe inside a <script> element: `<`, `>` and `&` become \u escapes (so "</script>" in
 * a product name cannot close the element), as do the two JavaScript line breaks.
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

export function categoryUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/categories/${encodeURIComponent(slug)}`;
}

export function pageUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/pages/${encodeURIComponent(slug)}`;
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

const CONDITIONS: Record<Product['condition'], string> = {
  New: 'https://schema.org/NewCondition',
  Used: 'https://schema.org/UsedCondition',
  Refurbished: 'https://schema.org/RefurbishedCondition',
};

/** The product's description for search engines: its own listing's, its text's, or a sentence. */
export function productDescription(product: Product, siteName: string): string {
  return (
    summarize(product.seo_description) ||
    summarize(product.description) ||
    `Buy ${product.name} at ${siteName}.`
  );
}

/** Reviews a page's JSON-LD lists: the first few of those it shows, as Google reads no more. */
const JSON_LD_REVIEWS = 5;

/**
 * The product's rating and reviews as schema.org data: `aggregateRating` from the published
 * reviews' average and count, `review` from the ones the page shows. Nothing without reviews.
 */
function ratingJsonLd(reviews: Pick<ProductReviews, 'summary' | 'items'> | undefined) {
  if (!reviews || reviews.summary.count === 0 || reviews.summary.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.summary.average,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.items.slice(0, JSON_LD_REVIEWS).map((review) => ({
      '@type': 'Review',
      name: review.title,
      reviewBody: review.body,
      datePublished: review.published_at.slice(0, 10),
      author: { '@type': 'Person', name: review.author_name },
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/** The schema.org Product data of a product page (JSON-LD), with its rating when it has reviews. */
export function productJsonLd(
  product: Product,
  publicUrl: string,
  siteName: string,
  currency: string,
  reviews?: Pick<ProductReviews, 'summary' | 'items'>,
) {
  const url = productUrl(publicUrl, product.slug);
  const images = product.images.map((image) => absoluteUrl(publicUrl, image.url));
  const offer = offerOf(product);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    description: productDescription(product, siteName),
    url,
    ...(images.length ? { image: images } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: toMajorString(offer.price, currency),
      priceCurrency: currency,
      availability: offer.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: CONDITIONS[product.condition],
    },
    ...ratingJsonLd(reviews),
  };
}
