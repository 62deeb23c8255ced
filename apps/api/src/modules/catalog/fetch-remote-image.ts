import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { MAX_IMAGE_UPLOAD_BYTES } from '@cartwheel/shared/contracts/admin-products';
import {
  isLoopbackAddress,
  isPrivateAddress,
  PrivateAddressError,
  publicOnlyLookup,
} from '../apps/safe-address.ts';

// Fetching an image another shop's export names by URL (docs/decisions/0035-imports-from-other-shops.md):
// http and https only; the address connected to must be public (checked on the resolved address, at
// every redirect hop, which are followed here one by one, never by the HTTP client); at most
// MAX_IMAGE_UPLOAD_BYTES of a raster image type. Every refusal is a sentence staff can act on.

export const REMOTE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
const MAX_REDIRECTS = 3;

export type RemoteImage =
  | { ok: true; data: Buffer }
  /** `retry`: the failure may pass (a network error, a 5xx answer); the others will not. */
  | { ok: false; error: string; retry: boolean };

export interface FetchImageOptions {
  /**
   * Lets loopback addresses through (127.0.0.0/8, ::1), for tests that serve images from a local
   * server. Only code can set it (buildApp's deps); no setting of a running shop turns it on.
   */
  allowLoopback: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** The job's: stops the fetch early. */
  signal?: AbortSignal;
}

const refused = (error: string): RemoteImage => ({ ok: false, error, retry: false });
const privateMessage = (address: string) =>
  `The image address is on a private, loopback or link-local network (${address}); only public addresses are fetched`;

/** Fetches one image by URL within the limits above. */
export function fetchRemoteImage(url: string, options: FetchImageOptions, hops = 0): Promise<RemoteImage> {
  const { allowLoopback, timeoutMs = 15_000, maxBytes = MAX_IMAGE_UPLOAD_BYTES, signal } = options;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(refused(`"${url}" is not a web address`));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.resolve(refused('Only http:// and https:// image addresses are fetched'));
  }
  const allowed = (address: string) => allowLoopback && isLoopbackAddress(address);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // A literal IP is connected to without a lookup: check it here.
  if (isIP(host) && isPrivateAddress(host) && !allowed(host))
    return Promise.resolve(refused(privateMessage(host)));

  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      target,
      {
        method: 'GET',
        headers: { accept: REMOTE_IMAGE_TYPES.join(', '), 'user-agent': 'Cartwheel product import' },
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs),
        lookup: publicOnlyLookup(allowed),
      },
      (res) => void answer(res).then(resolve),
    );
    req.on('error', (error) => {
      if (error instanceof PrivateAddressError) return resolve(refused(privateMessage(error.address)));
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({
        ok: false,
        error: timedOut
          ? `No answer within ${timeoutMs / 1000} s`
          : `Could not fetch the image: ${error.message}`,
        retry: true,
      });
    });
    req.end();
  });

  async function answer(res: IncomingMessage): Promise<RemoteImage> {
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hops >= MAX_REDIRECTS) return refused(`More than ${MAX_REDIRECTS} redirects`);
      return fetchRemoteImage(new URL(res.headers.location, target).href, options, hops + 1);
    }
    if (status !== 200) {
      res.resume();
      return { ok: false, error: `The image server answered ${status}`, retry: status >= 500 };
    }
    const type = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!REMOTE_IMAGE_TYPES.includes(type)) {
      res.resume();
      return refused(
        `Not an image we import (${type || 'no content type'}): use JPEG, PNG, WebP, GIF or AVIF`,
      );
    }
    const tooLarge = refused(`The image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
      res.destroy();
      return tooLarge;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          res.destroy();
          return tooLarge;
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      return { ok: false, error: `The download broke off: ${(error as Error).message}`, retry: true };
    }
    return { ok: true, data: Buffer.concat(chunks) };
  }
}
