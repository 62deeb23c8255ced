import { listOf, plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@cartwheel/ui/dropdown-menu';
import type { RowSelectionState } from '@tanstack/react-table';
import { Archive, ChevronDown, Download, PackageSearch, Pencil, Plus, Star, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useBulkUpdateProducts } from '../features/products/api/bulk-update-products.ts';
import { productsExportUrl, useProducts } from '../features/products/api/get-products.ts';
import { BulkEditDialog } from '../features/products/components/bulk-edit-dialog.tsx';
import { ImportProductsDialog } from '../features/products/components/import-products-dialog.tsx';
import { ProductsTable } from '../features/products/components/products-table.tsx';
import { useProductListParams } from '../features/products/components/use-product-list-params.ts';
import { useCan } from '../lib/use-can.ts';

/** /admin/products: every product (Active and Draft), with import, export and bulk actions. */
export function ProductsRoute() {
  const [params, setParams] = useProductListParams();
  const products = useProducts(params);
  const can = useCan();
  const canEdit = can('products.write');
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [importing, setImporting] = useState(false);
  const [bulkEditing, setBulkEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const bulk = useBulkUpdateProducts();
  const selected = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  // The selection is cleared whenever the page changes, so every selected product is on this page.
  const selectedProducts = (products.data?.items ?? []).filter((p) => rowSelection[p.id]);
  const clearSelection = () => setRowSelection({});
  const total = products.data?.total ?? 0;
  const filtered = Boolean(params.search) || params.status !== 'all';

  return (
    <>
      <PageHeader title="Products">
        {canEdit ? (
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" asChild>
              <a href={productsExportUrl(params)} download>
                <Download aria-hidden="true" />
                Export
              </a>
            </Button>
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" />
              Import
            </Button>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline">
                  More actions
                  <ChevronDown aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end" className="w-56">
                <DropdownMenuLabel>
                  {selected.length ? `${selected.length} selected` : 'Select products first'}
                </DropdownMenuLabel>
                <DropdownMenuSeparator />
                <DropdownMenuItem disabled={!selected.length} onSelect={() => setBulkEditing(true)}>
                  <Pencil aria-hidden="true" />
                  Bulk edit
                </DropdownMenuItem>
                <DropdownMenuItem
                  disabled={!selected.length || bulk.isPending}
                  onSelect={() =>
                    bulk.mutate(
                      { action: 'feature', ids: selected, is_featured: true },
                      { onSuccess: clearSelection },
                    )
                  }
                >
                  <Star aria-hidden="true" />
                  Set as featured
                </DropdownMenuItem>
                <DropdownMenuItem
                  disabled={!selected.length || bulk.isPending}
                  onSelect={() => setArchiving(true)}
                >
                  <Archive aria-hidden="true" />
                  Archive selected
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
            <Button asChild>
              <Link to="/products/new">
                <Plus aria-hidden="true" />
                Add product
              </Link>
            </Button>
          </div>
        ) : null}
      </PageHeader>
      <p className="-mt-4 text-muted-foreground text-sm" data-testid="products-count">
        {products.data ? `${plural(total, 'product')}${filtered ? ' found' : ''}` : '\u00a0'}
      </p>

      {products.isError && !products.data ? (
        <LoadError title="Error loading products" error={products.error} />
      ) : (
        <ProductsTable
          params={params}
          onParamsChange={(change) => {
            clearSelection();
            setParams(change);
          }}
          products={products.data?.items ?? []}
          total={total}
          isLoading={products.isPending}
          canEdit={canEdit}
          rowSelection={rowSelection}
          onRowSelectionChange={setRowSelection}
          emptyState={
            <div className="flex flex-col items-center gap-2 py-6">
              <PackageSearch aria-hidden="true" className="size-8 text-muted-foreground" />
              <p className="font-medium">No products found</p>
              <p className="text-muted-foreground text-sm">
                {filtered
                  ? 'Try another name or SKU, or clear the search and status filter.'
                  : 'Add a product or import a CSV file to fill your catalog.'}
              </p>
            </div>
          }
        />
      )}

      <ImportProductsDialog open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={archiving}
        onOpenChange={setArchiving}
        title={`Archive ${plural(selected.length, 'product')}?`}
        description={`${listOf(
          selectedProducts.map((p) => `"${p.name}"`),
          3,
        )} will be set to Draft: hidden from the store, still listed here. You can undo this from the message that follows.`}
        confirmLabel="Archive"
        pendingLabel="Archiving..."
        variant="default"
        pending={bulk.isPending}
        onConfirm={() =>
          bulk.mutate(
            { action: 'archive', ids: selected },
            {
              onSuccess: () => {
                setArchiving(false);
                clearSelection();
              },
            },
          )
        }
      />
      <BulkEditDialog
        ids={selected}
        withVariants={selectedProducts.filter((p) => p.variant_count > 0).length}
        open={bulkEditing}
        onOpenChange={setBulkEditing}
        onDone={clearSelection}
      />
    </>
  );
}
