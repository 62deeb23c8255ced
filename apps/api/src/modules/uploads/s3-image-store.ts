import { createHash, createHmac, randomUUID } from 'node:crypto';
import { type ImageStore, STORED_IMAGE_NAME } from './image-store.ts';

// S3-compatible storage (AWS S3, Cloudflare R2, MinIO, Backblaze B2...) with a small hand-written
// Signature Version 4 signer: three requests (PUT, GET and DELETE object) do not justify the AWS SDK.

export interface S3Options {
  /** https://s3.us-east-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000 */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL the stored images are served from; defaults to the object URL. */
  publicUrl?: string | undefined;
  /** Path-style (endpoint/bucket/key, default) or virtual-hosted (bucket.endpoint/key) addresses. */
  forcePathStyle?: boolean;
  fetch?: typeof fetch;
  now?: () => Date;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** "20130524T000000Z" */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The Authorization header of an AWS Signature Version 4 request (no query string). `headers` must
 * hold every header to sign, including host, x-amz-date and x-amz-content-sha256.
 */
export function signV4(input: {
  method: string;
  path: string;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
}): string {
  const service = input.service ?? 's3';
  const date = input.headers['x-amz-date']!;
  const day = date.slice(0, 8);
  const names = Object.keys(input.headers)
    .map((h) => h.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names
    .map((h) => `${h}:${String(lower[h]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    input.method,
    input.path,
    '',
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
}

/** Product images in an S3-compatible bucket under products/<uuid>[-<width>].<webp|avif>, publicly readable by URL. */
export function createS3ImageStore(options: S3Options): ImageStore {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const endpoint = new URL(options.endpoint);
  const pathStyle = options.forcePathStyle ?? true;
  const objectUrl = (key: string) =>
    pathStyle
      ? new URL(`${endpoint.pathname.replace(/\/$/, '')}/${options.bucket}/${key}`, endpoint)
      : new URL(`/${key}`, `${endpoint.protocol}//${options.bucket}.${endpoint.host}`);
  const publicBase = options.publicUrl ?? objectUrl('').toString().replace(/\/$/, '');

  async function send(method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    const url = objectUrl(key);
    const payloadHash = sha256(body ?? '');
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-date': amzDate(now()),
      'x-amz-content-sha256': payloadHash,
      ...(contentType ? { 'content-type': contentType } : {}),
      ...(method === 'PUT' ? { 'cache-control': 'public, max-age=31536000, immutable' } : {}),
    };
    const authorization = signV4({
      method,
      path: url.pathname,
      headers,
      payloadHash,
      region: options.region,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
    });
    const { host: _host, ...sent } = headers;
    const response = await doFetch(url, {
      method,
      headers: { ...sent, authorization },
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok && !(method === 'DELETE' && response.status === 404)) {
      throw new Error(`S3 ${method} ${key} failed with HTTP ${response.status}`);
    }
    return response;
  }

  /** The object key of a URL this store made, else null. */
  function keyOf(url: string): string | null {
    if (!url.startsWith(`${publicBase}/products/`)) return null;
    const key = url.slice(publicBase.length + 1);
    return STORED_IMAGE_NAME.test(key.slice('products/'.length)) ? key : null;
  }

  return {
    async save(data, extension, name) {
      const key = `products/${name ?? randomUUID()}.${extension}`;
      if (!STORED_IMAGE_NAME.test(key.slice('products/'.length)))
        throw new Error(`not a stored image name: ${key}`);
      await send('PUT', key, data, `image/${extension}`);
      return `${publicBase}/${key}`;
    },
    async read(url) {
      const key = keyOf(url);
      if (!key) return null;
      return Buffer.from(await (await send('GET', key)).arrayBuffer());
    },
    async remove(url) {
      const key = keyOf(url);
      if (key) await send('DELETE', key);
    },
  };
}
