import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductImage } from '@cartwheel/shared/contracts/catalog';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { managerAppPerFile } from '../../../test/catalog-app.ts';
import { createProduct } from '../../../test/factories.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cartwheel-uploads-'));
const suite = managerAppPerFile({ env: { DATA_DIR: dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A small red PNG made on the spot. */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

function upload(productId: string, body: Buffer | string, contentType: string, query = '') {
  return suite.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/products/${productId}/images/upload${query}`,
    headers: { cookie: suite.manager, 'content-type': contentType },
    payload: body,
  });
}

const fileOf = (url: string) => join(dataDir, 'uploads', url.replace('/uploads/', ''));

describe('image upload', () => {
  it('stores an upload as a WebP of at most 1600 px under DATA_DIR/uploads, first image as thumbnail', async () => {
    const product = await createProduct(suite.ctx.db, {}, { images: 0 });
    const res = await upload(product.id, await png(2400, 1200), 'image/png', '?alt_text=Red%20square');
    expect(res.statusCode, res.body).toBe(201);
    const [image] = res.json().items as ProductImage[];
    expect(image).toMatchObject({ alt_text: 'Red square', is_thumbnail: true });
    expect(image!.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const meta = await sharp(readFileSync(fileOf(image!.url))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });

    const second = await upload(product.id, await png(40, 30), 'image/png');
    const images = second.json().items as ProductImage[];
    expect(images).toHaveLength(2);
    expect(images.filter((i) => i.is_thumbnail).map((i) => i.id)).toEqual([image!.id]);
    // Small images are not enlarged.
    const small = images.find((i) => i.id !== image!.id)!;
    expect(await sharp(readFileSync(fileOf(small.url))).metadata()).toMatchObject({ width: 40, height: 30 });
  });

  it('serves uploads at /uploads/ with a long cache lifetime', async () => {
    const product = await createProduct(suite.ctx.db, {}, { images: 0 });
    const [image] = (await upload(product.id, await png(10, 10), 'image/png')).json().items as ProductImage[];
    const res = await suite.ctx.app.inject({ method: 'GET', url: image!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
  });

  it('refuses bytes that are not an image, an unsupported format, JSON and an oversized file', async () => {
    const product = await createProduct(suite.ctx.db, {}, { images: 0 });
    const garbage = await upload(product.id, Buffer.from('definitely not a png'), 'image/png');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.message).toBe('The file is not a readable image');

    const svg = await upload(
      product.id,
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(415);

    const json = await suite.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/images/upload`,
      headers: { cookie: suite.manager },
      payload: { url: 'x' },
    });
    expect(json.statusCode).toBe(415);

    const huge = await upload(product.id, Buffer.alloc(11 * 1024 * 1024), 'image/png');
    expect(huge.statusCode).toBe(413);

    // A small file that would decode to more pixels than allowed is refused by its dimensions.
    const wide = await upload(product.id, await png(10_000, 5_001), 'image/png');
    expect(wide.statusCode).toBe(400);
    expect(wide.json().error.message).toBe(
      'The image is 10000 × 5001 pixels: at most 50 megapixels can be uploaded',
    );

    const list = await suite.ctx.app.inject({
      method: 'GET',
      url: `/api/admin/products/${product.id}`,
      headers: { cookie: suite.manager },
    });
    expect(list.json().images).toEqual([]);
  });

  it('answers 404 for an unknown product and leaves no file behind', async () => {
    const res = await upload('4a0c7c1e-8b9d-4c2e-9f3a-5b6c7d8e9f01', await png(10, 10), 'image/png');
    expect(res.statusCode).toBe(404);
  });
});

describe('images by URL, thumbnail and delete', () => {
  const add = (productId: string, body: object) =>
    suite.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/products/${productId}/images`,
      headers: { cookie: suite.manager },
      payload: body,
    });

  it.each([
    'https://cdn.example.com/a.jpg',
    'https://images.example.com:8443/b.png?v=2',
    '/uploads/7f1c3a9e-1111-4222-8333-944455566677.webp',
  ])('accepts %s', async (url) => {
    const product = await createProduct(suite.ctx.db, {}, { images: 0 });
    const res = await add(product.id, { url, alt_text: 'Alt' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items[0]).toMatchObject({ url, alt_text: 'Alt', is_thumbnail: true });
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'ftp://example.com/a.png',
    'images/a.png',
    '/etc/passwd',
    '/uploads/../secret.webp',
    // Linked images are loaded by shoppers' browsers: https on a named public host only, as the
    // import's fetch allows only public addresses.
    'http://images.example.com/b.png',
    'https://127.0.0.1/a.png',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.5/a.png',
    'https://[::1]/a.png',
    'https://localhost/a.png',
    'https://shop.localhost/a.png',
    'https://printer.local/a.png',
    'https://intranet/a.png',
  ])('refuses %s and writes nothing', async (url) => {
    const product = await createProduct(suite.ctx.db, {}, { images: 0 });
    const res = await add(product.id, { url });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(
      'Image URL must start with https:// and name a public host, or with /uploads/',
    );
    const stored = await suite.ctx.app.inject({
      method: 'GET',
      url: `/api/admin/products/${product.id}`,
      headers: { cookie: suite.manager },
    });
    expect(stored.json().images).toEqual([]);
  });

  it('keeps exactly one thumbnail and hands it on when the thumbnail is deleted (and its file removed)', async () => {
    const product = await createProduct(suite.ctx.db, {}, { images: 0 });
    const [uploaded] = (await upload(product.id, await png(20, 20), 'image/png')).json()
      .items as ProductImage[];
    const items = (await add(product.id, { url: 'https://cdn.example.com/2.jpg' })).json()
      .items as ProductImage[];
    const other = items.find((i) => i.id !== uploaded!.id)!;

    const set = await suite.ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}/images/${other.id}`,
      headers: { cookie: suite.manager },
      payload: { is_thumbnail: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    const afterSet = set.json().items as ProductImage[];
    expect(afterSet.filter((i) => i.is_thumbnail).map((i) => i.id)).toEqual([other.id]);

    // Back to the upload, then delete it: the other image takes over and the file goes.
    await suite.ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}/images/${uploaded!.id}`,
      headers: { cookie: suite.manager },
      payload: { is_thumbnail: true },
    });
    expect(existsSync(fileOf(uploaded!.url))).toBe(true);
    const del = await suite.ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${product.id}/images/${uploaded!.id}`,
      headers: { cookie: suite.manager },
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().items).toEqual([expect.objectContaining({ id: other.id, is_thumbnail: true })]);
    expect(existsSync(fileOf(uploaded!.url))).toBe(false);
  });

  it('keeps an uploaded file that a duplicated product still uses', async () => {
    const product = await createProduct(suite.ctx.db, {}, { images: 0 });
    const [image] = (await upload(product.id, await png(20, 20), 'image/png')).json().items as ProductImage[];
    const copy = await suite.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/duplicate`,
      headers: { cookie: suite.manager },
    });
    expect(copy.statusCode).toBe(201);
    await suite.ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${product.id}/images/${image!.id}`,
      headers: { cookie: suite.manager },
    });
    expect(existsSync(fileOf(image!.url))).toBe(true);
  });
});
