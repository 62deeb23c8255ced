import { REVIEWS_PAGE_SIZE } from '@cartwheel/shared/contracts/reviews';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createOrder, createProduct } from '../../../test/factories.ts';
import { sendAs } from '../../../test/requests.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { fulfilments } from '../orders/after-sale.schema.ts';
import { reviewToken } from './review-links.ts';
import { sendReviewRequests } from './review-requests.ts';
import { REVIEW_SUBMITS_PER_HOUR } from './reviews.routes.ts';

const suite = appWithAdminPerFile();
let staff: TestUser;

beforeAll(async () => {
  staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
});

const review = (overrides: object = {}) => ({
  rating: 4,
  title: 'Warm and well made',
  body: 'Wore it all winter. The cuffs are a little tight.',
  author_name: 'Rita R.',
  ...overrides,
});

/** Each request from an address of its own, so the submit route's per-address limit never trips by accident. */
let address = 0;
const from = () => `10.90.${Math.floor(++address / 250)}.${address % 250}`;

const post = (url: string, payload: unknown, cookie = '') =>
  suite.ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
    remoteAddress: from(),
  });
const get = (url: string) => suite.ctx.app.inject({ method: 'GET', url });
const moderate = (reviewId: string, change: object, cookie = staff.cookie) =>
  sendAs(suite.ctx.app, cookie, 'PATCH', `/api/admin/reviews/${reviewId}`, change);

const countReviews = async (productId: string) =>
  (
    await queryRows<{ n: number }>(
      suite.ctx.db,
      sql`SELECT count(*)::int AS n FROM product_reviews WHERE product_id = ${productId}`,
    )
  )[0]!.n;

/** A paid order of `product` delivered `daysAgo` days ago, to `email` (and the account, when given). */
async function deliveredOrder(
  product: Awaited<ReturnType<typeof createProduct>>,
  email: string,
  daysAgo = 0,
  customerId?: string,
) {
  const { order } = await createOrder(
    suite.ctx.db,
    {
      status: 'delivered',
      paymentStatus: 'paid',
      customerEmail: email,
      customerFirstName: 'Rita',
      customerLastName: 'Returner',
      ...(customerId ? { customerId } : {}),
    },
    [{ product }],
  );
  await suite.ctx.db
    .insert(fulfilments)
    .values({ orderId: order.id, deliveredAt: sql`now() - make_interval(days => ${daysAgo})` as never });
  return order;
}

describe('submitting a review', () => {
  it("marks a signed-in buyer's review Verified buyer; it waits as pending and the page does not show it", async () => {
    const product = await createProduct(suite.ctx.db, { slug: 'wool-scarf' });
    const buyer = await signUp(suite.ctx.app);
    await deliveredOrder(product, buyer.email, 0, buyer.id);
    const res = await post('/api/products/wool-scarf/reviews', review(), buyer.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', verified: true });
    const page = await get('/api/products/wool-scarf/reviews');
    expect(page.json()).toMatchObject({ summary: { count: 0, average: null }, items: [] });
  });

  it('refuses a shopper who did not buy the product with a 403 unless the shop allows others, and writes nothing', async () => {
    const product = await createProduct(suite.ctx.db, { slug: 'not-bought' });
    const shopper = await signUp(suite.ctx.app);
    const refused = await post('/api/products/not-bought/reviews', review(), shopper.cookie);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.code).toBe('not_a_buyer');
    expect(await countReviews(product.id)).toBe(0);

    // An unpaid or cancelled order does not make a buyer either.
    await createOrder(suite.ctx.db, { customerEmail: shopper.email, paymentStatus: 'unpaid' }, [{ product }]);
    await createOrder(
      suite.ctx.db,
      { customerEmail: shopper.email, paymentStatus: 'paid', status: 'cancelled' },
      [{ product }],
    );
    expect((await post('/api/products/not-bought/reviews', review(), shopper.cookie)).statusCode).toBe(403);

    const allow = await sendAs(suite.ctx.app, suite.admin.cookie, 'PATCH', '/api/admin/reviews/settings', {
      allow_unverified: true,
    });
    expect(allow.statusCode, allow.body).toBe(200);
    try {
      const allowed = await post('/api/products/not-bought/reviews', review(), shopper.cookie);
      expect(allowed.statusCode, allowed.body).toBe(201);
      expect(allowed.json()).toMatchObject({ status: 'pending', verified: false });
    } finally {
      await sendAs(suite.ctx.app, suite.admin.cookie, 'PATCH', '/api/admin/reviews/settings', {
        allow_unverified: false,
      });
    }
  });

  it('takes one review per buyer per product: a second one, signed in or by link, is a 409 and writes nothing', async () => {
    const product = await createProduct(suite.ctx.db, { slug: 'one-each' });
    const buyer = await signUp(suite.ctx.app);
    const order = await deliveredOrder(product, buyer.email, 0, buyer.id);
    expect((await post('/api/products/one-each/reviews', review(), buyer.cookie)).statusCode).toBe(201);
    const again = await post('/api/products/one-each/reviews', review({ rating: 1 }), buyer.cookie);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.code).toBe('already_reviewed');
    const token = reviewToken(suite.ctx.config, order.id, product.id, new Date());
    expect((await post(`/api/reviews/links/${token}`, review())).statusCode).toBe(409);
    expect(await countReviews(product.id)).toBe(1);
  });

  it('answers bad input with a 400 naming the field and writes nothing', async () => {
    const product = await createProduct(suite.ctx.db, { slug: 'bad-input' });
    const buyer = await signUp(suite.ctx.app);
    await deliveredOrder(product, buyer.email, 0, buyer.id);
    const cases = [
      review({ rating: 6 }),
      review({ rating: 0 }),
      review({ rating: 3.5 }),
      review({ title: '   ' }),
      review({ body: 'x'.repeat(5001) }),
      review({ author_name: '' }),
      review({ body: 'Cheap at https://a.example and https://b.example and http://c.example' }),
      { rating: 5 },
    ];
    for (const body of cases) {
      const res = await post('/api/products/bad-input/reviews', body, buyer.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
    expect(await countReviews(product.id)).toBe(0);
  });

  it('stores text as plain text: control characters and direction overrides removed, markup kept as text', async () => {
    const product = await createProduct(suite.ctx.db, { slug: 'sanitized' });
    const buyer = await signUp(suite.ctx.app);
    await deliveredOrder(product, buyer.email, 0, buyer.id);
    const res = await post(
      '/api/products/sanitized/reviews',
      review({
        title: '  <b>Great</b>\u202E lamp\u0007 ',
        body: 'Line one\r\n\r\n\r\n\r\nLine two <script>alert(1)</script>\u200B',
      }),
      buyer.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const published = await moderate(res.json().id, { status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    const [shown] = (await get('/api/products/sanitized/reviews')).json().items;
    expect(shown.title).toBe('<b>Great</b> lamp');
    expect(shown.body).toBe('Line one\n\nLine two <script>alert(1)</script>');
  });

  it('limits submissions per address: past the hourly limit a 429, and nothing more is written', async () => {
    await createProduct(suite.ctx.db, { slug: 'limited' });
    const shopper = await signUp(suite.ctx.app);
    const send = () =>
      suite.ctx.app.inject({
        method: 'POST',
        url: '/api/products/limited/reviews',
        payload: review(),
        headers: { cookie: shopper.cookie },
        remoteAddress: '10.91.0.1',
      });
    for (let i = 0; i < REVIEW_SUBMITS_PER_HOUR; i++) expect((await send()).statusCode).toBe(403);
    const limited = await send();
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });
});

describe('moderation', () => {
  it('publishes, replies and hides: the page shows only published reviews, with the summary, and every change is audited', async () => {
    const product = await createProduct(suite.ctx.db, { slug: 'moderated' });
    const ids: string[] = [];
    for (const [i, rating] of [5, 3, 4].entries()) {
      const buyer = await signUp(suite.ctx.app);
      await deliveredOrder(product, buyer.email, 0, buyer.id);
      const res = await post(
        '/api/products/moderated/reviews',
        review({ rating, title: `Review ${i}` }),
        buyer.cookie,
      );
      ids.push(res.json().id);
    }
    // Read (and cache) the page before moderating: the cache must not keep what was there.
    expect((await get('/api/products/moderated/reviews')).json().summary.count).toBe(0);

    const queue = await sendAs(suite.ctx.app, staff.cookie, 'GET', '/api/admin/reviews?status=pending');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().items.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(ids));

    for (const id of ids) expect((await moderate(id, { status: 'published' })).statusCode).toBe(200);
    const replied = await moderate(ids[1]!, { reply: 'Sorry it ran small: we have sent you the next size.' });
    expect(replied.json()).toMatchObject({
      status: 'published',
      reply: 'Sorry it ran small: we have sent you the next size.',
    });

    let page = (await get('/api/products/moderated/reviews?sort=lowest')).json();
    expect(page.summary).toEqual({ average: 4, count: 3, histogram: [0, 0, 1, 1, 1] });
    expect(page.items.map((r: { rating: number }) => r.rating)).toEqual([3, 4, 5]);
    expect(page.items[0]).toMatchObject({
      verified: true,
      reply: 'Sorry it ran small: we have sent you the next size.',
    });
    // Published reviews are anonymous: no email, order or account.
    expect(Object.keys(page.items[0]).sort()).toEqual(
      [
        'author_name',
        'body',
        'id',
        'photos',
        'published_at',
        'rating',
        'replied_at',
        'reply',
        'title',
        'verified',
      ].sort(),
    );
    const cached = await get('/api/products/moderated/reviews');
    expect(cached.headers['cache-control']).toContain('s-maxage=');
    expect(String(cached.headers['surrogate-key'])).toContain(`product-${product.id}`);

    expect((await moderate(ids[0]!, { status: 'hidden' })).statusCode).toBe(200);
    page = (await get('/api/products/moderated/reviews?sort=highest')).json();
    expect(page.summary).toEqual({ average: 3.5, count: 2, histogram: [0, 0, 1, 1, 0] });

    const audited = await queryRows<{ action: string }>(
      suite.ctx.db,
      sql`SELECT action FROM audit_log WHERE target_type = 'review' AND target_id = ${ids[0]!} ORDER BY at, id`,
    );
    expect(audited.map((a) => a.action)).toEqual(['review.published', 'review.hidden']);
  });

  it(`pages the published reviews ${REVIEWS_PAGE_SIZE} at a time, in each sort order, and refuses a bad page or sort`, async () => {
    const product = await createProduct(suite.ctx.db, { slug: 'paged' });
    // Twelve published reviews, one a day: the newest is n = 12; ratings cycle 1-5.
    await suite.ctx.db.execute(
      sql`INSERT INTO product_reviews (product_id, email, author_name, rating, title, body, verified, status, published_at)
        SELECT ${product.id}, 'paged-' || n || '@example.com', 'Dana K.', (n - 1) % 5 + 1, 'Review ' || n, 'Solid.',
          false, 'published', now() - make_interval(days => 12 - n)
        FROM generate_series(1, 12) n`,
    );
    const titles = async (query: string) => {
      const res = await get(`/api/products/paged/reviews?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ pages: 2, summary: { count: 12 } });
      return body.items.map((r: { title: string }) => r.title);
    };
    const newest = Array.from({ length: 12 }, (_, i) => `Review ${12 - i}`);
    expect(await titles('page=1')).toEqual(newest.slice(0, REVIEWS_PAGE_SIZE));
    expect(await titles('page=2')).toEqual(newest.slice(REVIEWS_PAGE_SIZE));
    // Highest first, the newest first among equal ratings: 5 stars are n = 10 and 5.
    expect((await titles('sort=highest&page=1')).slice(0, 3)).toEqual(['Review 10', 'Review 5', 'Review 9']);
    expect(await titles('sort=lowest&page=2')).toEqual(['Review 10', 'Review 5']);
    for (const query of ['page=0', 'page=x', 'sort=random']) {
      expect((await get(`/api/products/paged/reviews?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('answers an unknown review with a 404, and an empty change with a 400', async () => {
    const unknown = await moderate('00000000-0000-4000-8000-000000000000', { status: 'published' });
    expect(unknown.statusCode).toBe(404);
    const empty = await moderate('00000000-0000-4000-8000-000000000000', {});
    expect(empty.statusCode).toBe(400);
  });

  it('is for members with reviews.moderate: customers get a 403, staff moderate, and only admins change the settings', async () => {
    const customer = await signUp(suite.ctx.app);
    expect((await sendAs(suite.ctx.app, customer.cookie, 'GET', '/api/admin/reviews')).statusCode).toBe(403);
    expect((await suite.ctx.app.inject({ method: 'GET', url: '/api/admin/reviews' })).statusCode).toBe(401);
    expect((await sendAs(suite.ctx.app, staff.cookie, 'GET', '/api/admin/reviews')).statusCode).toBe(200);
    const settings = await sendAs(suite.ctx.app, staff.cookie, 'PATCH', '/api/admin/reviews/settings', {
      allow_unverified: true,
    });
    expect(settings.statusCode).toBe(403);
    const bad = await sendAs(suite.ctx.app, suite.admin.cookie, 'PATCH', '/api/admin/reviews/settings', {
      request_delay_days: 61,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await sendAs(suite.ctx.app, suite.admin.cookie, 'GET', '/api/admin/reviews/settings')).json(),
    ).toMatchObject({
      allow_unverified: false,
      request_delay_days: 7,
    });
  });
});

describe('review request emails', () => {
  interface Mail {
    to: string;
    text: string;
    headers: Record<string, string> | string | null;
  }
  const requests = (to: string) =>
    queryRows<Mail>(
      suite.ctx.db,
      sql`SELECT "to", text, headers FROM email_outbox WHERE "to" = ${to} AND kind = 'review_request'`,
    );
  const send = () =>
    sendReviewRequests(
      { db: suite.ctx.db, config: suite.ctx.config, mailer: suite.ctx.app.checkout.ctx.mailer },
      new Date(),
    );

  it('emails a buyer once, the set days after delivery, with a link that reviews without signing in', async () => {
    const lamp = await createProduct(suite.ctx.db, { slug: 'brass-lamp', name: 'Brass Lamp' });
    const email = `lamp-buyer-${Date.now()}@example.com`;
    const early = `early-${Date.now()}@example.com`;
    const order = await deliveredOrder(lamp, email, 4);
    await deliveredOrder(lamp, early, 2);
    const on = await sendAs(suite.ctx.app, suite.admin.cookie, 'PATCH', '/api/admin/reviews/settings', {
      request_enabled: true,
      request_delay_days: 3,
    });
    expect(on.statusCode, on.body).toBe(200);
    try {
      await send();
      await send();
      const mails = await requests(email);
      expect(mails).toHaveLength(1);
      expect(await requests(early)).toHaveLength(0);
      expect(mails[0]!.text).toContain('Brass Lamp');
      // Marketing-style email: it carries the unsubscribe link and one-click header.
      expect(JSON.stringify(mails[0]!.headers)).toContain('List-Unsubscribe');
      const link = /\/review\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text)?.[1];
      expect(link).toBeTruthy();
      const token = decodeURIComponent(link!);

      const invitation = await get(`/api/reviews/links/${token}`);
      expect(invitation.statusCode, invitation.body).toBe(200);
      expect(invitation.json()).toMatchObject({
        product: { name: 'Brass Lamp' },
        author_name: 'Rita R.',
        already_reviewed: false,
      });
      const written = await post(`/api/reviews/links/${token}`, review());
      expect(written.statusCode, written.body).toBe(201);
      expect(written.json()).toMatchObject({ verified: true, status: 'pending' });
      const [row] = await queryRows<{ email: string; order_id: string }>(
        suite.ctx.db,
        sql`SELECT email, order_id FROM product_reviews WHERE id = ${written.json().id}`,
      );
      expect(row).toEqual({ email, order_id: order.id });
    } finally {
      await sendAs(suite.ctx.app, suite.admin.cookie, 'PATCH', '/api/admin/reviews/settings', {
        request_enabled: false,
      });
    }
  });

  it('sends nothing to an address that unsubscribed, nor while requests are off', async () => {
    const product = await createProduct(suite.ctx.db, { slug: 'quiet' });
    const gone = `gone-${Date.now()}@example.com`;
    const off = `off-${Date.now()}@example.com`;
    await deliveredOrder(product, off, 8);
    await send();
    expect(await requests(off)).toHaveLength(0);
    await deliveredOrder(product, gone, 8);
    await suite.ctx.db.execute(sql`INSERT INTO marketing_unsubscribes (email) VALUES (${gone})`);
    await sendAs(suite.ctx.app, suite.admin.cookie, 'PATCH', '/api/admin/reviews/settings', {
      request_enabled: true,
    });
    try {
      await send();
      expect(await requests(gone)).toHaveLength(0);
      expect(await requests(off)).toHaveLength(1);
    } finally {
      await sendAs(suite.ctx.app, suite.admin.cookie, 'PATCH', '/api/admin/reviews/settings', {
        request_enabled: false,
      });
    }
  });

  it('refuses a forged, altered or cancelled-order link with a 404 and writes nothing', async () => {
    const product = await createProduct(suite.ctx.db, { slug: 'guarded' });
    const other = await createProduct(suite.ctx.db, { slug: 'other-guarded' });
    const order = await deliveredOrder(product, `guard-${Date.now()}@example.com`);
    const good = reviewToken(suite.ctx.config, order.id, product.id, new Date());
    // A link for a product the order does not hold, a token signed with another secret, a changed one.
    const notInOrder = reviewToken(suite.ctx.config, order.id, other.id, new Date());
    const forged = reviewToken(
      { ...suite.ctx.config, authSecret: 'another-secret-another-secret-1234' },
      order.id,
      product.id,
      new Date(),
    );
    const altered = `${good.slice(0, -3)}${good.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const expired = reviewToken(
      suite.ctx.config,
      order.id,
      product.id,
      new Date(Date.now() - 200 * 24 * 3600 * 1000),
    );
    for (const token of [notInOrder, forged, altered, expired]) {
      const res = await post(`/api/reviews/links/${token}`, review());
      expect(res.statusCode, token).toBe(404);
      expect(res.json().error.code).toBe('review_link_invalid');
    }
    await suite.ctx.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${order.id}`);
    expect((await post(`/api/reviews/links/${good}`, review())).statusCode).toBe(404);
    expect(await countReviews(product.id)).toBe(0);
    expect(await countReviews(other.id)).toBe(0);
  });
});
