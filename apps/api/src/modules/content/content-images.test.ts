import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type {
  ContentImage,
  HomeContent,
  HomeContentRead,
  StorefrontSite,
  StoreSettingsRead,
} from '@cartwheel/shared/contracts/content';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithSitesPerFile } from '../../../test/catalog-sites.ts';
import { okJson, sendAs } from '../../../test/requests.ts';
import { signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { API_ROOT } from '../../lib/paths.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cartwheel-content-images-'));
// The storefront's own index.html, so the page checked is the one shoppers get.
const index = readFileSync(resolve(API_ROOT, '../storefront/index.html'), 'utf8');
const suite = appWithSitesPerFile({ 'storefront/index.html': index }, { DATA_DIR: dataDir });
let admin: TestUser;

beforeAll(async () => {
  admin = await signUpAs(suite.ctx.app, suite.ctx.db, 'admin');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const png = (width: number, height: number, background = '#336699') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const upload = (body: Buffer | string, type = 'image/png') =>
  suite.ctx.app.inject({
    method: 'POST',
    url: '/api/admin/content/images',
    headers: { cookie: admin.cookie, 'content-type': type },
    payload: body,
  });

async function uploaded(width: number, height: number, background?: string): Promise<ContentImage> {
  const res = await upload(await png(width, height, background));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const fileOf = (url: string) => join(dataDir, 'uploads', url.replace('/uploads/', ''));
const filesOf = (image: ContentImage) => [image.url, ...image.variants.flatMap((v) => [v.avif, v.webp])];
const storedFiles = () => (existsSync(join(dataDir, 'uploads')) ? readdirSync(join(dataDir, 'uploads')) : []);
const rows = async () =>
  (await queryRows<{ url: string }>(suite.ctx.db, sql`SELECT url FROM content_images ORDER BY url`)).map(
    (r) => r.url,
  );

const site = async () => okJson<StorefrontSite>(await suite.ctx.app.inject({ url: '/api/storefront/site' }));
const hero = (image_url: string | null): HomeContent => ({
  hero: {
    title: 'Autumn sale',
    subtitle: '',
    image_url,
    primary_button: { label: 'Shop', link: '/products' },
    secondary_button: { label: 'More', link: '/pages/about' },
  },
  announcement: { enabled: false, text: '', link: null },
});
const saveHome = async (image_url: string | null) =>
  okJson<HomeContentRead>(
    await sendAs(suite.ctx.app, admin.cookie, 'PUT', '/api/admin/content/home', hero(image_url)),
  );
const saveStore = async (patch: Record<string, unknown>) =>
  okJson<StoreSettingsRead>(
    await sendAs(suite.ctx.app, admin.cookie, 'PATCH', '/api/admin/online-store', patch),
  );

describe('content image uploads (POST /api/admin/content/images)', () => {
  it('stores the WebP and its AVIF and WebP copies by width, never wider than the image, and answers with them', async () => {
    const image = await uploaded(1200, 480);
    expect(image.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect([image.width, image.height]).toEqual([1200, 480]);
    expect(image.variants.map((v) => v.width)).toEqual([320, 640, 960, 1200]);
    for (const variant of image.variants) {
      const base = image.url.replace(/\.webp$/, `-${variant.width}`);
      expect([variant.avif, variant.webp]).toEqual([`${base}.avif`, `${base}.webp`]);
      const avif = await sharp(fileOf(variant.avif)).metadata();
      const webp = await sharp(fileOf(variant.webp)).metadata();
      expect([avif.format, avif.width]).toEqual(['heif', variant.width]);
      expect([webp.format, webp.width]).toEqual(['webp', variant.width]);
    }
    expect(await rows()).toContain(image.url);
    // Served like product images: a year, immutable.
    const res = await suite.ctx.app.inject({ url: image.variants[0]!.avif });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('makes one copy in each format of a small image, at its own width', async () => {
    const image = await uploaded(200, 100);
    expect(image.variants.map((v) => v.width)).toEqual([200]);
  });

  it('refuses a file that is not an image (400), one of another format (415) and an empty body (415), writing nothing', async () => {
    const files = storedFiles();
    const before = await rows();
    const garbage = await upload(Buffer.from('not an image at all'));
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error).toMatchObject({
      code: 'invalid_image',
      message: 'The file is not a readable image',
    });
    const svg = await upload(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().error.message).toBe(
      'Unsupported image type: upload a JPEG, PNG, WebP, GIF or AVIF file',
    );
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(415);
    expect(storedFiles()).toEqual(files);
    expect(await rows()).toEqual(before);
  });

  it('is for managers: staff get a 403 and nothing is stored', async () => {
    const staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    const files = storedFiles();
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/content/images',
      headers: { cookie: staff.cookie, 'content-type': 'image/png' },
      payload: await png(50, 50),
    });
    expect(res.statusCode).toBe(403);
    expect(storedFiles()).toEqual(files);
  });
});

describe('content images on the storefront', () => {
  it('carries the hero and logo copies in the site data, the admin reads and the page, in <picture> with srcset', async () => {
    const heroImage = await uploaded(1200, 480, '#aa3300');
    const logo = await uploaded(256, 256, '#003366');
    await site(); // primes the cache: the saves below must empty it
    expect((await saveHome(heroImage.url)).images).toEqual([heroImage]);
    expect((await saveStore({ logo_url: logo.url })).images).toEqual([logo]);
    expect(
      okJson<HomeContentRead>(await sendAs(suite.ctx.app, admin.cookie, 'GET', '/api/admin/content/home'))
        .images,
    ).toEqual([heroImage]);

    expect((await site()).images).toEqual([heroImage, logo]);

    const page = (await suite.ctx.app.inject({ url: '/' })).body;
    const avif = heroImage.variants.map((v) => `${v.avif} ${v.width}w`).join(', ');
    const webp = heroImage.variants.map((v) => `${v.webp} ${v.width}w`).join(', ');
    const sizes = '(min-width: 800px) 768px, calc(100vw - 2rem)';
    expect(page).toContain(
      `<picture class="contents"><source type="image/avif" srcSet="${avif}" sizes="${sizes}"/><img class="max-h-80 w-full max-w-3xl rounded-xl object-cover" alt="" src="${heroImage.url}" srcSet="${webp}" sizes="${sizes}" width="1200" height="480" loading="eager" fetchPriority="high"`,
    );
    expect(page).toContain(
      `<source type="image/avif" srcSet="${logo.variants[0]!.avif} 256w" sizes="28px"/><img class="size-7 rounded object-contain" alt="" src="${logo.url}" srcSet="${logo.variants[0]!.webp} 256w" sizes="28px" width="28" height="28" loading="eager" fetchPriority="auto"`,
    );
    // The page hands the site data, copies included, to the browser's first render.
    expect(page).toContain(`"images":[{"url":"${heroImage.url}"`);
  });

  it('removes the replaced image with its copies once no setting names it, and keeps one another setting still names', async () => {
    const first = await uploaded(800, 320, '#112233');
    const second = await uploaded(800, 320, '#445566');
    await saveHome(first.url);
    await saveStore({ social_image_url: first.url });

    // The hero moves on; the social image still names the first upload.
    await saveHome(second.url);
    for (const url of filesOf(first)) expect(existsSync(fileOf(url)), url).toBe(true);
    expect(await rows()).toContain(first.url);

    // Nothing names it any more: its row and every file go.
    await saveStore({ social_image_url: null });
    for (const url of filesOf(first)) expect(existsSync(fileOf(url)), url).toBe(false);
    expect(await rows()).not.toContain(first.url);
    for (const url of filesOf(second)) expect(existsSync(fileOf(url)), url).toBe(true);

    // Taking the hero image away removes it too; the site shows no copies of it.
    await saveHome(null);
    for (const url of filesOf(second)) expect(existsSync(fileOf(url)), url).toBe(false);
    expect((await site()).images.map((i) => i.url)).not.toContain(second.url);
  });

  it('leaves files it did not store alone: an image given by URL has no copies and nothing is removed', async () => {
    const files = storedFiles();
    expect((await saveHome('https://images.example/hero.jpg')).images).toEqual([]);
    const page = (await suite.ctx.app.inject({ url: '/' })).body;
    expect(page).toMatch(
      /<img class="[^"]*" alt="" src="https:\/\/images\.example\/hero\.jpg" width="1200" height="480" loading="eager" fetchPriority="high"/,
    );
    await saveHome(null);
    expect(storedFiles()).toEqual(files);
    expect((await suite.ctx.app.inject({ url: '/' })).body).not.toContain('images.example');
  });
});
