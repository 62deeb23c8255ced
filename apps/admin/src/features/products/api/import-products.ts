import { ApiError } from '@cartwheel/shared/api-client';
import type { ImportResult } from '@cartwheel/shared/contracts/product-import';
import { rawRequest } from './raw-request.ts';

const URL = '/api/admin/products/import';
const CSV = 'text/csv; charset=utf-8';

/** POST /api/admin/products/import?dry_run=true: every row checked, nothing written; errors by line. */
export function checkImport(csv: string, onUploadProgress?: (fraction: number) => void) {
  return rawRequest<ImportResult>(`${URL}?dry_run=true`, csv, CSV, { onUploadProgress });
}

type ImportLine =
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; result: ImportResult }
  | { type: 'error'; error: { code: string; message: string } };

export interface ImportProgress {
  /** 0..1 of the file sent. */
  onUploadProgress?: (fraction: number) => void;
  /** Rows written so far by the server's transaction. */
  onRowsWritten?: (done: number, total: number) => void;
}

/**
 * POST /api/admin/products/import: writes every row or none. Asks for progress lines (NDJSON) so a
 * large file shows how far the server got; a file with errors is refused up front (422 with the
 * line errors in `details.errors`).
 */
export function runImport(csv: string, { onUploadProgress, onRowsWritten }: ImportProgress = {}) {
  return new Promise<ImportResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', CSV);
    xhr.setRequestHeader('Accept', 'application/x-ndjson, application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress?.(event.loaded / event.total);
    };
    let read = 0;
    let outcome: ImportLine | undefined;
    const readLines = () => {
      if (!xhr.getResponseHeader('content-type')?.includes('ndjson')) return;
      const text = xhr.responseText;
      let end = text.indexOf('\n', read);
      while (end !== -1) {
        const line = JSON.parse(text.slice(read, end)) as ImportLine;
        read = end + 1;
        if (line.type === 'progress') onRowsWritten?.(line.done, line.total);
        else outcome = line;
        end = text.indexOf('\n', read);
      }
    };
    xhr.onprogress = readLines;
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.'),
      );
    xhr.onload = () => {
      readLines();
      if (outcome?.type === 'result') return resolve(outcome.result);
      if (outcome?.type === 'error') {
        return reject(new ApiError(500, outcome.error.code, outcome.error.message));
      }
      let body: { error?: { code?: string; message?: string; details?: unknown } } | ImportResult | undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && !('error' in body)) {
        return resolve(body as ImportResult);
      }
      const error = body && 'error' in body ? body.error : undefined;
      reject(
        new ApiError(
          xhr.status,
          error?.code ?? 'http_error',
          error?.message ?? `The import ended without a result (HTTP ${xhr.status})`,
          error?.details,
        ),
      );
    };
    xhr.send(csv);
  });
}
