import { ApiError } from '@cartwheel/shared/api-client';
import {
  IMPORT_FORMAT_LABELS,
  type ImportResult,
  type ImportRowError,
} from '@cartwheel/shared/contracts/product-import';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { formatMoney } from '@cartwheel/shared/money';
import { plural, pluralText } from '@cartwheel/shared/text';
import { Alert, AlertDescription, AlertTitle } from '@cartwheel/ui/alert';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { useBaseCurrency } from '../../../lib/base-currency.ts';
import { checkImport, runImport } from '../api/import-products.ts';
import { productKeys } from '../api/product-keys.ts';

type Phase = 'choose' | 'reading' | 'checking' | 'preview' | 'importing';

const PHASE_LABEL: Partial<Record<Phase, string>> = {
  reading: 'Reading the file...',
  checking: 'Checking every row...',
  importing: 'Importing...',
};

/** What an import writes of one kind: "2 new products and 1 updated product", "3 updated variants". */
function newAndUpdated(counts: { created: number; updated: number }, noun: string): string {
  const parts = [
    counts.created ? plural(counts.created, `new ${noun}`) : '',
    counts.updated ? plural(counts.updated, `updated ${noun}`) : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' and ') : plural(0, `new ${noun}`);
}

function readFile(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.readAsText(file);
  });
}

/** Import: choose a CSV, see every row checked (errors by line), then write all rows or none. */
export function ImportProductsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const currency = useBaseCurrency();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>('choose');
  const [progress, setProgress] = useState(0);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [written, setWritten] = useState<{ done: number; total: number } | null>(null);

  const reset = () => {
    setPhase('choose');
    setProgress(0);
    setFile(null);
    setResult(null);
    setFailure(null);
    setWritten(null);
    if (input.current) input.current.value = '';
  };

  const check = async (chosen: File) => {
    setFailure(null);
    setResult(null);
    setPhase('reading');
    setProgress(0);
    try {
      const text = await readFile(chosen, setProgress);
      setFile({ name: chosen.name, text });
      setPhase('checking');
      setProgress(0);
      setResult(await checkImport(text, setProgress));
      setPhase('preview');
    } catch (error) {
      setFailure(getErrorMessage(error));
      setPhase('choose');
    }
  };

  const confirmImport = async () => {
    if (!file) return;
    setPhase('importing');
    setProgress(0);
    try {
      const done = await runImport(file.text, {
        onUploadProgress: (fraction) => setProgress(fraction * 0.1),
        onRowsWritten: (written, total) => {
          setProgress(0.1 + 0.9 * (written / total));
          setWritten({ done: written, total });
        },
      });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      toast.success(
        `Imported ${plural(done.products.created + done.products.updated, 'product')}` +
          (done.variants.created + done.variants.updated
            ? ` and ${plural(done.variants.created + done.variants.updated, 'variant')}`
            : ''),
      );
      reset();
      onOpenChange(false);
    } catch (error) {
      // 422: the rows changed under us or the database refused; show the line errors again.
      const errors =
        (error instanceof ApiError && (error.details as { errors?: ImportRowError[] })?.errors) || [];
      setResult((r) => (r ? { ...r, ok: false, errors: errors.length ? errors : r.errors } : r));
      setFailure(`Nothing was imported: ${getErrorMessage(error)}`);
      setPhase('preview');
    }
  };

  const busy = phase === 'reading' || phase === 'checking' || phase === 'importing';
  const errors = result?.errors ?? [];
  const skipped = result?.skipped ?? [];
  // The rows the import writes: the file's, less those skipped on purpose.
  const toImport = result ? result.rows - skipped.length : 0;
  const hasOptions = result?.preview.some((row) => row.options) ?? false;
  const hasSeo = result?.preview.some((row) => row.seo_title || row.seo_description) ?? false;

  return (
    <DialogLayout
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) reset();
        onOpenChange(next);
      }}
      className="sm:max-w-3xl"
      title="Import products"
      description={
        <>
          A CSV file with a header row: a product export from Shopify or WooCommerce, or this shop's own
          columns. In ours <code>sku</code> and <code>name</code> are required; other columns are optional
          (price, cost_price, sale_price in {currency}, inventory_level, inventory_warning_level, weight,
          is_visible, is_featured, condition, type, brand, categories, image_urls, seo_title, seo_description;
          variant rows set variant_of and options). Rows are matched by SKU. An export shows the format.
        </>
      }
      footer={
        <>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              reset();
              onOpenChange(false);
            }}
          >
            Cancel
          </Button>
          <Button disabled={busy || !result || errors.length > 0 || toImport <= 0} onClick={confirmImport}>
            {phase === 'importing' ? 'Importing...' : result ? `Import ${plural(toImport, 'row')}` : 'Import'}
          </Button>
        </>
      }
    >
      <div className="grid gap-2">
        <Label htmlFor="import-file">CSV file</Label>
        <Input
          ref={input}
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) void check(chosen);
          }}
        />
        {file ? <p className="text-muted-foreground text-xs">{file.name}</p> : null}
      </div>

      {busy ? (
        <div className="grid gap-2" role="status" aria-live="polite">
          <p className="text-sm">
            {PHASE_LABEL[phase]}
            {progress > 0 && progress < 1 ? ` ${Math.round(progress * 100)}%` : ''}
            {phase === 'importing' && written
              ? ` (${written.done} of ${plural(written.total, 'row')} written)`
              : ''}
          </p>
          <progress
            className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
            aria-label={PHASE_LABEL[phase]}
            {...(progress > 0 && progress < 1 ? { value: progress, max: 1 } : {})}
          />
        </div>
      ) : null}

      {failure ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Import failed</AlertTitle>
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}

      {result && phase !== 'reading' && phase !== 'checking' ? (
        <div className="grid gap-3">
          <p className="text-sm" data-testid="import-format">
            Read as a <span className="font-medium">{IMPORT_FORMAT_LABELS[result.format]}</span>.
            {result.images_to_fetch
              ? ` ${plural(result.images_to_fetch, 'image')} named by URL will be fetched after the import; any that cannot be added are listed on their product.`
              : ''}
          </p>
          {errors.length ? (
            <Alert variant="destructive" data-testid="import-errors">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>
                {plural(errors.length, 'error')} in {plural(result.rows, 'row')}: nothing will be imported
              </AlertTitle>
              <AlertDescription>
                Fix these lines in the file and choose it again.
                <ul className="mt-1 max-h-56 w-full overflow-y-auto text-sm">
                  {errors.map((e) => (
                    <li key={`${e.line}-${e.field}-${e.message}`}>
                      <span className="font-medium">Line {e.line}</span>
                      {e.field ? ` (${e.field})` : ''}: {e.message}
                    </li>
                  ))}
                </ul>
              </AlertDescription>
            </Alert>
          ) : (
            <Alert data-testid="import-ready">
              <CircleCheck aria-hidden="true" />
              <AlertTitle>
                {skipped.length
                  ? `${plural(toImport, 'row')} will be imported`
                  : pluralText(result.rows, { one: 'The row is valid', other: 'All # rows are valid' })}
              </AlertTitle>
              <AlertDescription>
                {newAndUpdated(result.products, 'product')}
                {result.variants.created + result.variants.updated
                  ? `, ${newAndUpdated(result.variants, 'variant')}`
                  : ''}
                {result.new_brands.length ? `; new brands: ${result.new_brands.join(', ')}` : ''}
                {result.new_categories.length ? `; new categories: ${result.new_categories.join(', ')}` : ''}.
              </AlertDescription>
            </Alert>
          )}
          {skipped.length ? (
            <Alert data-testid="import-skipped">
              <CircleAlert aria-hidden="true" />
              <AlertTitle>{plural(skipped.length, 'row')} will be skipped</AlertTitle>
              <AlertDescription>
                <ul className="mt-1 max-h-40 w-full overflow-y-auto text-sm">
                  {skipped.map((s) => (
                    <li key={s.line}>
                      <span className="font-medium">Line {s.line}</span>
                      {s.name ? ` (${s.name})` : ''}: {s.reason}
                    </li>
                  ))}
                </ul>
              </AlertDescription>
            </Alert>
          ) : null}
          {result.preview.length ? (
            <div className="max-h-64 overflow-y-auto rounded-md border">
              <Table aria-label="Import preview">
                <TableHeader>
                  <TableRow>
                    <TableHead>Line</TableHead>
                    <TableHead>SKU</TableHead>
                    <TableHead>Name</TableHead>
                    {hasOptions ? <TableHead>Options</TableHead> : null}
                    <TableHead>Price</TableHead>
                    <TableHead>Inventory</TableHead>
                    {hasSeo ? <TableHead>Search engine listing</TableHead> : null}
                    <TableHead>Action</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {result.preview.slice(0, 20).map((row) => (
                    <TableRow key={`${row.line}-${row.kind}`}>
                      <TableCell>{row.line}</TableCell>
                      <TableCell className="font-mono text-xs">{row.sku}</TableCell>
                      <TableCell className="max-w-56 truncate">{row.name}</TableCell>
                      {hasOptions ? <TableCell>{row.options ?? '—'}</TableCell> : null}
                      <TableCell>
                        {row.price === null ? '—' : formatMoney(row.price, currency)}
                        {row.sale_price ? (
                          <span className="text-muted-foreground">
                            {' '}
                            (sale {formatMoney(row.sale_price, currency)})
                          </span>
                        ) : null}
                      </TableCell>
                      <TableCell>{row.inventory_level ?? '—'}</TableCell>
                      {hasSeo ? (
                        <TableCell className="max-w-64">
                          <div className="truncate">{row.seo_title || '—'}</div>
                          {row.seo_description ? (
                            <div className="truncate text-muted-foreground text-xs">
                              {row.seo_description}
                            </div>
                          ) : null}
                        </TableCell>
                      ) : null}
                      <TableCell>
                        <Badge variant={row.action === 'create' ? 'default' : 'secondary'}>
                          {row.action === 'create' ? 'New' : 'Update'} {row.kind}
                        </Badge>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          ) : null}
        </div>
      ) : null}
    </DialogLayout>
  );
}
