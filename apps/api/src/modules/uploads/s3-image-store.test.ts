import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProductImage } from '@cartwheel/shared/contracts/catalog';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/factories.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import { amzDate, signV4 } from './s3-image-store.ts';

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('the Signature Version 4 signer', () => {
  it('matches the GET Object example of the AWS documentation', () => {
    const authorization = signV4({
      method: 'GET',
      path: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': EMPTY_SHA256,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: EMPTY_SHA256,
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(amzDate(new Date('2013-05-24T00:00:00.000Z'))).toBe('20130524T000000Z');
  });
});

describe('uploads to an S3-compatible bucket (UPLOADS_STORAGE=s3)', () => {
  let server: Server;
  let endpoint: string;
  const objects = new Map<string, Buffer>();
  const requests: Array<{ method: string; url: string; valid: boolean }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const headers: Record<string, string> = {};
        const signed = /SignedHeaders=([^,]+)/.exec(req.headers.authorization ?? '')?.[1]?.split(';') ?? [];
        for (const name of signed) headers[name] = String(req.headers[name]);
        const payloadHash = createHash('sha256').update(body).digest('hex');
        // The fake bucket checks the signature the way S3 does: recompute it from what arrived.
        const expected = signV4({
          method: req.method!,
          path: req.url!,
          headers,
          payloadHash,
          region: 'auto',
          accessKeyId: 'test-key',
          secretAccessKey: 'test-secret',
        });
        const valid =
          expected === req.headers.authorization && headers['x-amz-content-sha256'] === payloadHash;
        requests.push({ method: req.method!, url: req.url!, valid });
        if (!valid) {
          res.writeHead(403).end();
          return;
        }
        if (req.method === 'PUT') objects.set(req.url!, body);
        if (req.method === 'DELETE') objects.delete(req.url!);
        res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('puts the WebP in the bucket, stores its public URL, and deletes the object with the image', async () => {
    const ctx = await createTestApp({
      UPLOADS_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'auto',
      S3_BUCKET: 'shop-images',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_PUBLIC_URL: 'https://cdn.example.com',
    });
    try {
      const { cookie } = await signUpAs(ctx.app, ctx.db, 'manager');
      const product = await createProduct(ctx.db, {}, { images: 0 });
      const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/products/${product.id}/images/upload`,
        headers: { cookie, 'content-type': 'image/png' },
        payload: png,
      });
      expect(res.statusCode, res.body).toBe(201);
      const [image] = res.json().items as ProductImage[];
      expect(image!.url).toMatch(/^https:\/\/cdn\.example\.com\/products\/[0-9a-f-]{36}\.webp$/);
      const key = `/shop-images/${image!.url.slice('https://cdn.example.com/'.length)}`;
      expect((await sharp(objects.get(key)!).metadata()).format).toBe('webp');

      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/products/${product.id}/images/${image!.id}`,
        headers: { cookie },
      });
      expect(del.statusCode).toBe(200);
      expect(objects.has(key)).toBe(false);
      expect(requests.map((r) => [r.method, r.valid])).toEqual([
        ['PUT', true],
        ['DELETE', true],
      ]);
    } finally {
      await ctx.close();
    }
  });

  it('refuses to start without the bucket settings', () => {
    expect(() => loadConfig({ UPLOADS_STORAGE: 's3' })).toThrow(
      /S3_BUCKET: required when UPLOADS_STORAGE=s3/,
    );
  });
});
