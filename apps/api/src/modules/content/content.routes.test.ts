import type { HomeContent, StorefrontSite } from '@cartwheel/shared/contracts/content';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { okJson, sendAs } from '../../../test/requests.ts';
import { signUpAs, type TestUser } from '../../../test/sessions.ts';
import { composeEmail } from '../email/email-templates.ts';

const suite = appWithAdminPerFile({ SHOP_NAME: 'Test Shop' });
let manager: TestUser;
let staff: TestUser;
beforeAll(async () => {
  manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
  staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
});

const site = async () => okJson<StorefrontSite>(await suite.ctx.app.inject({ url: '/api/storefront/site' }));
const page = (fields: Record<string, unknown> = {}) => ({
  title: 'About us',
  body: 'We sell **good** things.',
  seo_title: '',
  seo_description: '',
  published: true,
  ...fields,
});

const postPage = (fields: Record<string, unknown> = {}) =>
  sendAs(suite.ctx.app, manager.cookie, 'POST', '/api/admin/content/pages', page(fields));

const home: HomeContent = {
  hero: {
    title: 'Autumn sale',
    subtitle: 'Up to 30% off',
    image_url: 'https://images.example/hero.jpg',
    primary_button: { label: 'Shop the sale', link: '/products?featured=true' },
    secondary_button: { label: 'Read more', link: '/pages/about' },
  },
  announcement: { enabled: true, text: 'Free shipping over $50', link: '/pages/shipping' },
};

describe('the storefront site (GET /api/storefront/site)', () => {
  it('starts from SHOP_NAME, the default hero and no announcement, and is public', async () => {
    const res = await suite.ctx.app.inject({ url: '/api/storefront/site' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    const body = res.json() as StorefrontSite;
    expect(body.store.name).toBe('Test Shop');
    expect(body.store.seo_title).toBe('Test Shop Store');
    expect(body.hero.primary_button).toEqual({ label: 'Shop Now', link: '/products' });
    expect(body.announcement.enabled).toBe(false);
  });

  it('shows a saved hero and announcement on the next read', async () => {
    await site(); // primes the cache
    const res = await sendAs(suite.ctx.app, manager.cookie, 'PUT', '/api/admin/content/home', home);
    // An image given by URL has no stored copies.
    expect(okJson<HomeContent>(res)).toEqual({ ...home, images: [] });
    const after = await site();
    expect(after.hero).toEqual(home.hero);
    expect(after.announcement).toEqual(home.announcement);
    expect(okJson(await sendAs(suite.ctx.app, staff.cookie, 'GET', '/api/admin/content/home'))).toEqual({
      ...home,
      images: [],
    });
  });

  it('shows the change to another server process on the same database', async () => {
    const peer = await suite.ctx.peer();
    const before = okJson<StorefrontSite>(await peer.inject({ url: '/api/storefront/site' }));
    const changed = { ...home, hero: { ...home.hero, title: 'Winter sale' } };
    await sendAs(suite.ctx.app, manager.cookie, 'PUT', '/api/admin/content/home', changed);
    const after = okJson<StorefrontSite>(await peer.inject({ url: '/api/storefront/site' }));
    expect(before.hero.title).not.toBe('Winter sale');
    expect(after.hero.title).toBe('Winter sale');
  });

  it.each([
    [
      'a javascript: button link',
      { primary_button: { label: 'x', link: 'javascript:alert(1)' } },
      'hero.primary_button.link',
    ],
    [
      'a protocol-relative link',
      { secondary_button: { label: 'x', link: '//evil.example' } },
      'hero.secondary_button.link',
    ],
    ['an empty title', { title: ' ' }, 'hero.title'],
    ['an image that is neither uploaded nor https', { image_url: 'file:///etc/passwd' }, 'hero.image_url'],
    ['an image over plain http', { image_url: 'http://images.example/hero.jpg' }, 'hero.image_url'],
    ['an image on a link-local host', { image_url: 'https://169.254.169.254/hero.jpg' }, 'hero.image_url'],
    ['an image on localhost', { image_url: 'https://localhost/hero.jpg' }, 'hero.image_url'],
  ])('refuses %s with a 400 and writes nothing', async (_name, change, field) => {
    const before = await site();
    const res = await sendAs(suite.ctx.app, manager.cookie, 'PUT', '/api/admin/content/home', {
      ...home,
      hero: { ...home.hero, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error.details)).toContain(field.split('.').at(-1));
    expect(await site()).toEqual(before);
  });

  it('refuses an announcement turned on without text', async () => {
    const res = await sendAs(suite.ctx.app, manager.cookie, 'PUT', '/api/admin/content/home', {
      ...home,
      announcement: { enabled: true, text: '', link: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Write the announcement before turning it on');
  });
});

describe('pages', () => {
  it('makes a unique slug from the title, serves a published page as sanitised HTML and lists it', async () => {
    const first = await postPage();
    expect(first.statusCode).toBe(201);
    expect(first.json().slug).toBe('about-us');
    const second = await postPage();
    expect(second.json().slug).toBe('about-us-2');

    const served = okJson<{ html: string; title: string }>(
      await suite.ctx.app.inject({ url: '/api/pages/about-us' }),
    );
    expect(served.html).toBe('<p>We sell <strong>good</strong> things.</p>\n');
    expect((await site()).pages).toEqual(expect.arrayContaining([{ title: 'About us', slug: 'about-us' }]));
  });

  it('renders hostile Markdown harmlessly', async () => {
    const res = await postPage({
      title: 'Hostile',
      body: '<script>alert(1)</script>\n\n[x](javascript:alert(1))\n\n<img src=x onerror=alert(1)>',
    });
    expect(res.statusCode).toBe(201);
    const { html } = okJson<{ html: string }>(await suite.ctx.app.inject({ url: '/api/pages/hostile' }));
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('&lt;script&gt;');
  });

  it('hides a draft from the storefront (404 and not listed) and shows it once published', async () => {
    const created = await postPage({
      title: 'Secret sale',
      published: false,
    });
    const { id } = created.json() as { id: string };
    expect((await suite.ctx.app.inject({ url: '/api/pages/secret-sale' })).statusCode).toBe(404);
    expect((await site()).pages.map((p) => p.slug)).not.toContain('secret-sale');

    const updated = await sendAs(
      suite.ctx.app,
      manager.cookie,
      'PUT',
      `/api/admin/content/pages/${id}`,
      page({
        title: 'Secret sale',
        slug: 'sale',
        published: true,
      }),
    );
    expect(updated.json().slug).toBe('sale');
    expect((await suite.ctx.app.inject({ url: '/api/pages/sale' })).statusCode).toBe(200);
    expect((await site()).pages.map((p) => p.slug)).toContain('sale');

    const deleted = await sendAs(suite.ctx.app, manager.cookie, 'DELETE', `/api/admin/content/pages/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await suite.ctx.app.inject({ url: '/api/pages/sale' })).statusCode).toBe(404);
  });

  it('refuses a slug another page uses with a 409 and changes nothing', async () => {
    const res = await postPage({
      title: 'Copy',
      slug: 'about-us',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Another page already uses the slug about-us');
    const list = okJson<{ items: { title: string }[] }>(
      await sendAs(suite.ctx.app, staff.cookie, 'GET', '/api/admin/content/pages'),
    );
    expect(list.items.map((p) => p.title)).not.toContain('Copy');
  });

  it.each([
    ['an invalid slug', { slug: 'Not A Slug!' }],
    ['a missing title', { title: '' }],
    ['an SEO description over 160 characters', { seo_description: 'x'.repeat(161) }],
  ])('refuses %s with a 400 and writes nothing', async (_name, change) => {
    const before = okJson<{ items: unknown[] }>(
      await sendAs(suite.ctx.app, staff.cookie, 'GET', '/api/admin/content/pages'),
    );
    const res = await postPage({ title: 'Bad', ...change });
    expect(res.statusCode).toBe(400);
    const after = okJson<{ items: unknown[] }>(
      await sendAs(suite.ctx.app, staff.cookie, 'GET', '/api/admin/content/pages'),
    );
    expect(after.items).toHaveLength(before.items.length);
  });
});

describe("the footer's copyright line", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives the server's current year, and turns it over with the clock even from the cache", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-15T12:00:00Z'));
    expect((await site()).year).toBe(2031);
    vi.setSystemTime(new Date('2032-06-15T12:00:00Z'));
    expect((await site()).year).toBe(2032);
  });

  it('names the legal name from the settings, empty (the shop name) until one is saved', async () => {
    expect((await site()).store.legal_name).toBe('');
    const res = await sendAs(suite.ctx.app, suite.admin.cookie, 'PATCH', '/api/admin/online-store', {
      legal_name: '  Blue Lake Trading Ltd ',
    });
    expect(okJson<StorefrontSite['store']>(res).legal_name).toBe('Blue Lake Trading Ltd');
    expect((await site()).store.legal_name).toBe('Blue Lake Trading Ltd');
    await sendAs(suite.ctx.app, suite.admin.cookie, 'PATCH', '/api/admin/online-store', { legal_name: '' });
  });

  it('refuses a legal name over 120 characters with a 400 and writes nothing', async () => {
    const before = await site();
    const res = await sendAs(suite.ctx.app, suite.admin.cookie, 'PATCH', '/api/admin/online-store', {
      legal_name: 'x'.repeat(121),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Legal name must be at most 120 characters');
    expect(await site()).toEqual(before);
  });
});

describe('the Online Store settings', () => {
  it('saves the name and colours, shows them on the storefront and in emails', async () => {
    const res = await sendAs(suite.ctx.app, suite.admin.cookie, 'PATCH', '/api/admin/online-store', {
      name: 'Blue Lake Goods',
      primary_color: '#1D4ED8',
      logo_url: '/uploads/00000000-0000-4000-8000-000000000000.webp',
    });
    const saved = okJson<StorefrontSite['store']>(res);
    expect(saved.primary_color).toBe('#1d4ed8');
    expect(saved.seo_title).toBe('Test Shop Store');
    const { store } = await site();
    expect(store.name).toBe('Blue Lake Goods');
    expect(store.primary_color).toBe('#1d4ed8');

    const email = await composeEmail(suite.ctx.db, suite.ctx.config, 'password_reset', 'a@example.com', {
      name: 'Ann',
      url: 'https://shop.example/reset',
    } as never);
    expect(email.html).toContain('Blue Lake Goods');
    expect(email.html).toContain(
      `${suite.ctx.config.publicUrl}/uploads/00000000-0000-4000-8000-000000000000.webp`,
    );
  });

  it.each([
    ['a colour too light for white text', { primary_color: '#ffd700' }, 'too light for white text'],
    ['a colour that is not hex', { accent_color: 'blue' }, 'must be a hex colour'],
    ['an empty name', { name: '' }, 'Shop name is required'],
  ])('refuses %s with a 400 and writes nothing', async (_name, patch, message) => {
    const before = await site();
    const res = await sendAs(suite.ctx.app, suite.admin.cookie, 'PATCH', '/api/admin/online-store', patch);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(await site()).toEqual(before);
  });
});
