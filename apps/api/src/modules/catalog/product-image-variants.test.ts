import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductImage } from '@cartwheel/shared/contracts/catalog';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProduct } from '../../../test/factories.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { createLocalImageStore, type ImageStore } from '../uploads/image-store.ts';
import { variantWidths } from '../uploads/image-variants.ts';
import { makeImageVariants } from './product-image-variants.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cartwheel-variants-'));
let ctx: TestContext;
let manager: string;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: dataDir });
  manager = (await signUpAs(ctx.app, ctx.db, 'manager')).cookie;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();

async function upload(productId: string, body: Buffer) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/products/${productId}/images/upload`,
    headers: { cookie: manager, 'content-type': 'image/png' },
    payload: body,
  });
}

const fileOf = (url: string) => join(dataDir, 'uploads', url.replace('/uploads/', ''));
const queued = async () =>
  (
    await queryRows<{ image_id: string; retry_limit: number }>(
      ctx.db,
      sql`SELECT data->>'imageId' AS image_id, retry_limit FROM pgboss.job WHERE name = 'image-variants'`,
    )
  ).map((j) => [j.image_id, j.retry_limit]);

async function storefrontImages(slug: string): Promise<ProductImage[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${slug}` });
  expect(res.statusCode).toBe(200);
  return res.json().images;
}

describe('responsive copies of product images', () => {
  it('chooses widths up to the image, never wider', () => {
    expect(variantWidths(1600)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(1280)).toEqual([320, 640, 960, 1280]);
    expect(variantWidths(800)).toEqual([320, 640, 800]);
    expect(variantWidths(200)).toEqual([200]);
  });

  it('answers an upload at once with its size, queues its copies, and the job makes AVIF and WebP by width', async () => {
    const product = await createProduct(ctx.db, {}, { images: 0 });
    const res = await upload(product.id, await png(2000, 1000));
    expect(res.statusCode, res.body).toBe(201);
    const [image] = res.json().items as ProductImage[];
    expect(image).toMatchObject({ width: 1600, height: 800, variants: null });
    expect(await queued()).toContainEqual([image!.id, 3]);
    // Meanwhile the storefront shows the single WebP.
    expect((await storefrontImages(product.slug))[0]).toMatchObject({ url: image!.url, variants: null });

    await ctx.app.jobs.start();
    await vi.waitFor(async () => expect((await storefrontImages(product.slug))[0]!.variants).not.toBeNull(), {
      timeout: 30_000,
      interval: 200,
    });
    const [done] = await storefrontImages(product.slug);
    expect(done!.variants!.map((v) => v.width)).toEqual([320, 640, 960, 1280]);
    const base = image!.url.replace(/\.webp$/, '');
    for (const variant of done!.variants!) {
      expect(variant).toEqual({
        width: variant.width,
        avif: `${base}-${variant.width}.avif`,
        webp: `${base}-${variant.width}.webp`,
      });
      for (const [format, url] of [
        ['heif', variant.avif],
        ['webp', variant.webp],
      ] as const) {
        const meta = await sharp(readFileSync(fileOf(url))).metadata();
        expect(meta).toMatchObject({ format, width: variant.width, height: variant.width / 2 });
      }
    }
    const served = await ctx.app.inject({ method: 'GET', url: done!.variants![0]!.avif });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    expect(served.headers['cache-control']).toContain('max-age=31536000');

    // Deleting the image removes its copies with it.
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${product.id}/images/${image!.id}`,
      headers: { cookie: manager },
    });
    expect(del.statusCode).toBe(200);
    for (const v of done!.variants!) {
      expect(existsSync(fileOf(v.avif))).toBe(false);
      expect(existsSync(fileOf(v.webp))).toBe(false);
    }
  });

  it('never enlarges a small image: its own width is the only copy', async () => {
    const product = await createProduct(ctx.db, {}, { images: 0 });
    const [image] = (await upload(product.id, await png(300, 200))).json().items as ProductImage[];
    await makeImageVariants(ctx.db, createLocalImageStore(dataDir), image!.id);
    const [done] = await storefrontImages(product.slug);
    expect(done).toMatchObject({ width: 300, height: 200 });
    expect(done!.variants!.map((v) => v.width)).toEqual([300]);
    expect(await sharp(readFileSync(fileOf(done!.variants![0]!.webp))).metadata()).toMatchObject({
      width: 300,
      height: 200,
    });
  });

  it('refuses a file that is not an image with a 400 and queues nothing', async () => {
    const product = await createProduct(ctx.db, {}, { images: 0 });
    const before = await queued();
    const res = await upload(product.id, Buffer.from('not a png at all'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_image',
      message: 'The file is not a readable image',
    });
    expect(await queued()).toEqual(before);
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM product_images WHERE product_id = ${product.id}`,
    );
    expect(row!.n).toBe(0);
  });

  it('throws when storage fails, so the job is tried again, and the next try makes the copies', async () => {
    const product = await createProduct(ctx.db, {}, { images: 0 });
    await ctx.app.jobs.stop();
    const [image] = (await upload(product.id, await png(700, 700))).json().items as ProductImage[];
    const local = createLocalImageStore(dataDir);
    const failing: ImageStore = {
      ...local,
      save: async () => {
        throw new Error('S3 PUT failed with HTTP 503');
      },
    };
    await expect(makeImageVariants(ctx.db, failing, image!.id)).rejects.toThrow('HTTP 503');
    expect((await storefrontImages(product.slug))[0]!.variants).toBeNull();
    await makeImageVariants(ctx.db, local, image!.id);
    expect((await storefrontImages(product.slug))[0]!.variants!.map((v) => v.width)).toEqual([320, 640, 700]);
  });

  it('records no copies for an image added by URL, and does not try it again', async () => {
    const product = await createProduct(ctx.db, {}, { images: 0 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/images`,
      headers: { cookie: manager },
      payload: { url: 'https://cdn.example.com/a.jpg' },
    });
    const [image] = res.json().items as ProductImage[];
    expect(image).toMatchObject({ width: null, height: null, variants: null });
    await makeImageVariants(ctx.db, createLocalImageStore(dataDir), image!.id);
    expect((await storefrontImages(product.slug))[0]).toMatchObject({
      url: 'https://cdn.example.com/a.jpg',
      variants: [],
    });
  });
});
