import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductImageImport } from '@cartwheel/shared/contracts/product-import';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { fetchRemoteImage } from './fetch-remote-image.ts';

// Images an import names by URL: fetched by a job, never from private networks. The images come
// from a local HTTP server (tests may not reach the internet), so the job's app is built with the
// test-only loopback allowance; the refusals are tested without it.

let server: Server;
let base: string;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/ok')) res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (path === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    else if (path === '/fake.png') res.writeHead(200, { 'content-type': 'image/png' }).end('not a png');
    else if (path === '/to-private') res.writeHead(302, { location: 'http://10.1.2.3/secret.png' }).end();
    else if (path === '/to-metadata') res.writeHead(301, { location: 'http://169.254.169.254/latest' }).end();
    else if (path === '/to-ok') res.writeHead(302, { location: '/ok-after-redirect.png' }).end();
    else if (path === '/broken') res.writeHead(503).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchRemoteImage', () => {
  const open = { allowLoopback: true };
  const closed = { allowLoopback: false };

  it('refuses loopback by address and by name unless the test allowance is on', async () => {
    expect(await fetchRemoteImage(`${base}/ok.png`, closed)).toEqual({
      ok: false,
      retry: false,
      error: expect.stringMatching(
        /^The image address is on a private, loopback or link-local network \(127\.0\.0\.1\)/,
      ),
    });
    const port = (server.address() as AddressInfo).port;
    const byName = await fetchRemoteImage(`http://localhost:${port}/ok.png`, closed);
    expect(byName).toMatchObject({
      ok: false,
      retry: false,
      error: expect.stringContaining('private, loopback'),
    });
    expect(await fetchRemoteImage(`${base}/ok.png`, open)).toEqual({ ok: true, data: png });
  });

  it('refuses private and link-local addresses even with the loopback allowance, also after a redirect', async () => {
    for (const url of ['http://10.1.2.3/a.png', 'http://192.168.0.5/a.png', 'http://[fe80::1]/a.png']) {
      expect(await fetchRemoteImage(url, open), url).toMatchObject({ ok: false, retry: false });
    }
    expect(await fetchRemoteImage(`${base}/to-private`, open)).toMatchObject({
      ok: false,
      error: expect.stringContaining('(10.1.2.3)'),
    });
    expect(await fetchRemoteImage(`${base}/to-metadata`, open)).toMatchObject({
      ok: false,
      error: expect.stringContaining('(169.254.169.254)'),
    });
    expect(await fetchRemoteImage(`${base}/to-ok`, open)).toEqual({ ok: true, data: png });
  });

  it('refuses other schemes, other content types, large files; a 5xx may be retried', async () => {
    expect(await fetchRemoteImage('file:///etc/passwd', open)).toEqual({
      ok: false,
      retry: false,
      error: 'Only http:// and https:// image addresses are fetched',
    });
    expect(await fetchRemoteImage(`${base}/page.html`, open)).toEqual({
      ok: false,
      retry: false,
      error: 'Not an image we import (text/html): use JPEG, PNG, WebP, GIF or AVIF',
    });
    expect(await fetchRemoteImage(`${base}/ok.png`, { ...open, maxBytes: 100 })).toMatchObject({
      ok: false,
      retry: false,
      error: expect.stringMatching(/^The image is larger than/),
    });
    expect(await fetchRemoteImage(`${base}/missing.png`, open)).toEqual({
      ok: false,
      retry: false,
      error: 'The image server answered 404',
    });
    expect(await fetchRemoteImage(`${base}/broken`, open)).toMatchObject({ ok: false, retry: true });
  });
});

it('lets no app outside NODE_ENV=test fetch imported images from loopback', async () => {
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
  await expect(buildApp(config, { db: {} as never, importImagesFromLoopback: true })).rejects.toThrow(
    'Fetching imported images from loopback is only for NODE_ENV=test',
  );
});

describe('the product-image-import job', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cartwheel-import-images-'));
  let ctx: TestContext;
  let manager: string;
  let staff: string;

  beforeAll(async () => {
    ctx = await createTestApp({ DATA_DIR: dataDir }, { importImagesFromLoopback: true });
    manager = (await signUpAs(ctx.app, ctx.db, 'manager')).cookie;
    staff = (await signUpAs(ctx.app, ctx.db, 'staff')).cookie;
    await ctx.app.jobs.start();
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores the images a Shopify import names, in order, and shows staff why the others failed', async () => {
    const header =
      'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src,Image Position,Image Alt Text';
    const csv = [
      header,
      `pebble-vase,Pebble Vase,Title,Default Title,PV-1,30.00,${base}/ok-front.png,1,Front`,
      `pebble-vase,,,,,,${base}/page.html,3,`,
      `pebble-vase,,,,,,${base}/ok-side.png,2,Side`,
      'pebble-vase,,,,,,http://10.1.2.3/inside.png,4,',
      `pebble-vase,,,,,,${base}/fake.png,5,`,
    ].join('\n');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { cookie: manager, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'shopify', images_to_fetch: 5 });
    const product = await ctx.app.inject({ method: 'GET', url: '/api/products/pebble-vase' });
    const productId: string = product.json().id;

    const imports = async (): Promise<ProductImageImport[]> =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/admin/products/${productId}/image-imports`,
          headers: { cookie: staff },
        })
      ).json().items;
    await vi.waitFor(async () => expect((await imports()).every((i) => i.status === 'failed')).toBe(true), {
      timeout: 20_000,
      interval: 200,
    });
    expect((await imports()).map((i) => [i.source_url.replace(base, ''), i.error])).toEqual([
      ['/page.html', 'Not an image we import (text/html): use JPEG, PNG, WebP, GIF or AVIF'],
      [
        'http://10.1.2.3/inside.png',
        'The image address is on a private, loopback or link-local network (10.1.2.3); only public addresses are fetched',
      ],
      ['/fake.png', 'The file is not an image that can be read'],
    ]);
    const images = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/products/${productId}`,
        headers: { cookie: staff },
      })
    ).json().images as Array<{ url: string; alt_text: string | null; is_thumbnail: boolean }>;
    expect(images.map((i) => [i.alt_text, i.is_thumbnail])).toEqual([
      ['Front', true],
      ['Side', false],
    ]);
    for (const image of images) expect(image.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const served = await ctx.app.inject({ method: 'GET', url: images[0]!.url });
    expect(served.headers['content-type']).toBe('image/webp');
  });
});
