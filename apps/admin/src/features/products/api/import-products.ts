import type { ImportResult } from '@cartwheel/shared/contracts/admin-products';
import { rawRequest } from './raw-request.ts';

/**
 * POST /api/admin/products/import with the CSV text: `dryRun` checks every row and previews the
 * result; otherwise every row is written, or none (422 with the line errors).
 */
export function importProducts(csv: string, dryRun: boolean, onUploadProgress?: (fraction: number) => void) {
  return rawRequest<ImportResult>(
    `/api/admin/products/import?dry_run=${dryRun}`,
    csv,
    'text/csv; charset=utf-8',
    { onUploadProgress },
  );
}
