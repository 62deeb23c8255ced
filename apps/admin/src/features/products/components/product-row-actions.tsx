import type { AdminProduct } from '@cartwheel/shared/contracts/admin-products';
import { Button } from '@cartwheel/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@cartwheel/ui/dropdown-menu';
import { Copy, ExternalLink, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDuplicateProduct } from '../api/duplicate-product.ts';
import { DeleteProductDialog } from './delete-product-dialog.tsx';

/** A product row's menu: Edit, Duplicate, View in store, Delete (with a confirmation). */
export function ProductRowActions({ product, canEdit }: { product: AdminProduct; canEdit: boolean }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateProduct();
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" data-testid="product-row-menu">
            <MoreHorizontal aria-hidden="true" />
            <span className="sr-only">Actions for {product.name}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-48">
          <DropdownMenuLabel className="truncate">{product.name}</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => navigate(`/products/${product.id}`)}>
            <Pencil aria-hidden="true" />
            {canEdit ? 'Edit' : 'View'}
          </DropdownMenuItem>
          {canEdit ? (
            <DropdownMenuItem disabled={duplicate.isPending} onSelect={() => duplicate.mutate(product.id)}>
              <Copy aria-hidden="true" />
              Duplicate
            </DropdownMenuItem>
          ) : null}
          {product.is_visible ? (
            <DropdownMenuItem asChild>
              {/* The storefront lives outside the /admin basename. */}
              <a href={`/product/${product.slug}`} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" />
                View in store
              </a>
            </DropdownMenuItem>
          ) : null}
          {canEdit ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(true)}>
                <Trash2 aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteProductDialog product={product} open={deleting} onOpenChange={setDeleting} />
    </>
  );
}
