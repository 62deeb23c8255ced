import { plural } from '@cartwheel/shared/text';
import { Alert, AlertDescription, AlertTitle } from '@cartwheel/ui/alert';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useImageImports } from '../api/get-image-imports.ts';
import { refreshProduct } from '../api/product-keys.ts';

/** The images an import named by URL: how many are still being fetched, and why any failed. */
export function ImageImportsNotice({ productId }: { productId: string }) {
  const { data: items = [] } = useImageImports(productId);
  const pending = items.filter((item) => item.status === 'pending');
  const failed = items.filter((item) => item.status === 'failed');
  // An image fetched in the background joins the product's images: show it.
  const queryClient = useQueryClient();
  const waiting = useRef(pending.length);
  useEffect(() => {
    if (pending.length < waiting.current) refreshProduct(queryClient, productId);
    waiting.current = pending.length;
  }, [pending.length, queryClient, productId]);
  return (
    <>
      {pending.length ? (
        <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Fetching {plural(pending.length, 'imported image')}...
        </p>
      ) : null}
      {failed.length ? (
        <Alert variant="destructive" data-testid="image-import-errors">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{plural(failed.length, 'imported image')} could not be added</AlertTitle>
          <AlertDescription>
            <ul className="mt-1 grid gap-1 text-sm">
              {failed.map((item) => (
                <li key={item.id} className="break-all">
                  <span className="font-medium">{item.source_url}</span>: {item.error}
                </li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}
