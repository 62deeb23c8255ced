import { ApiError } from '@cartwheel/shared/api-client';

export interface RawRequestOptions {
  method?: 'POST' | 'PUT';
  /** 0..1 while the body is sent. */
  onUploadProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a file or text as the raw request body (image uploads, CSV imports), reporting upload
 * progress; resolves with the JSON answer or rejects with an ApiError like the shared client.
 * XMLHttpRequest because fetch cannot report upload progress.
 */
export function rawRequest<T>(
  url: string,
  body: Blob | string,
  contentType: string,
  { method = 'POST', onUploadProgress, signal }: RawRequestOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.setRequestHeader('Accept', 'application/json');
    if (onUploadProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onUploadProgress(event.loaded / event.total);
      };
    }
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.'),
      );
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // Not JSON: handled below.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(json as T);
        return;
      }
      const error = (json as { error?: { code?: string; message?: string; details?: unknown } } | undefined)
        ?.error;
      reject(
        new ApiError(
          xhr.status,
          error?.code ?? 'http_error',
          error?.message ?? (xhr.statusText || `Request failed (${xhr.status})`),
          error?.details,
        ),
      );
    };
    xhr.send(body);
  });
}
