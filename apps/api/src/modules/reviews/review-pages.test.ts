import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithSitesPerFile, STOREFRONT_INDEX } from '../../../test/catalog-sites.ts';
import { createProduct } from '../../../test/factories.ts';

// The product page as search engines read it: published reviews in the server's render, and the
// product's JSON-LD with aggregateRating and review; the page stays shared (cacheable) with its tag.

const PUBLIC_URL = 'https://shop.example.com';
const suite = appWithSitesPerFile(
  { 'storefront/index.html': STOREFRONT_INDEX, 'admin/index.html': '<title>admin</title>' },
  { PUBLIC_URL },
);

function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'the page has a JSON-LD script').not.toBeNull();
  return JSON.parse(match![1]!);
}

async function addReview(
  productId: string,
  rating: number,
  status: 'pending' | 'published',
  fields: object = {},
) {
  const f = {
    email: `r${Math.random()}@example.com`,
    title: `Rated ${rating}`,
    body: 'Solid.',
    verified: true,
    ...fields,
  } as {
    email: string;
    title: string;
    body: string;
    verified: boolean;
  };
  await suite.ctx.db.execute(
    sql`INSERT INTO product_reviews (product_id, email, author_name, rating, title, body, verified, status, published_at)
      VALUES (${productId}, ${f.email}, 'Dana K.', ${rating}, ${f.title}, ${f.body}, ${f.verified}, ${status},
        CASE WHEN ${status} = 'published' THEN now() END)`,
  );
}

describe('the product page with reviews', () => {
  it('has no aggregateRating without published reviews', async () => {
    const product = await createProduct(suite.ctx.db, { name: 'Quiet Kettle', slug: 'quiet-kettle' });
    await addReview(product.id, 1, 'pending');
    const res = await suite.get('/product/quiet-kettle');
    expect(res.statusCode).toBe(200);
    const ld = jsonLdOf(res.body);
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('review');
    expect(res.body).toContain('No reviews yet.');
  });

  it('renders the published reviews as text with Verified buyer, and the JSON-LD has aggregateRating and review', async () => {
    const product = await createProduct(suite.ctx.db, { name: 'Linen Apron', slug: 'linen-apron' });
    await addReview(product.id, 5, 'published', { title: 'Best apron </script><b>ever</b>' });
    await addReview(product.id, 4, 'published', { verified: false });
    await addReview(product.id, 1, 'pending', { title: 'Not shown' });
    const res = await suite.get('/product/linen-apron');
    expect(res.statusCode).toBe(200);
    // Still the same page for everyone: shared caches keep it under the product's tag.
    expect(res.headers['cache-control']).toContain('s-maxage=');
    expect(String(res.headers['surrogate-key'])).toContain(`product-${product.id}`);
    const html = res.body;
    expect(html).toContain('Verified buyer');
    expect(html).toContain('Best apron &lt;/script&gt;&lt;b&gt;ever&lt;/b&gt;');
    expect(html).not.toContain('<b>ever</b>');
    expect(html).not.toContain('Not shown');
    expect(html).toContain('2 reviews');

    const ld = jsonLdOf(html);
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    const reviews = ld.review as Array<Record<string, unknown>>;
    expect(reviews).toHaveLength(2);
    expect(reviews[0]).toMatchObject({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Dana K.' },
      reviewRating: { '@type': 'Rating', ratingValue: expect.any(Number), bestRating: 5, worstRating: 1 },
    });
    expect(reviews.map((r) => r.name)).toContain('Best apron </script><b>ever</b>');
  });
});
