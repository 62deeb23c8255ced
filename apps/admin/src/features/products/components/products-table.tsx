import type { AdminProduct, AdminProductSort } from '@cartwheel/shared/contracts/admin-products';
import { formatMoney, isOnSale } from '@cartwheel/shared/money';
import { Badge } from '@cartwheel/ui/badge';
import {
  DataTable,
  DataTableColumnHeader,
  type DataTableFilter,
  dataTableSelectColumn,
} from '@cartwheel/ui/data-table';
import type {
  ColumnDef,
  ColumnFiltersState,
  OnChangeFn,
  PaginationState,
  RowSelectionState,
  SortingState,
  Updater,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ProductListParams } from '../api/get-products.ts';
import { ProductRowActions } from './product-row-actions.tsx';
import { ProductThumbnail } from './product-thumbnail.tsx';

const STATUS_FILTER: DataTableFilter = {
  columnId: 'status',
  title: 'Status',
  options: [
    { value: 'active', label: 'Active' },
    { value: 'draft', label: 'Draft' },
  ],
};

/** Active (is_visible) or Draft, as spec section 4 names them. */
export function ProductStatusBadge({ visible }: { visible: boolean }) {
  return visible ? <Badge>Active</Badge> : <Badge variant="secondary">Draft</Badge>;
}

/** "Out of stock" at 0 (spec section 9), else how many are in stock. */
export function InventoryCell({ product }: { product: AdminProduct }) {
  return (
    <div className="flex flex-col">
      {product.inventory_level <= 0 ? (
        <span className="font-medium text-destructive">Out of stock</span>
      ) : (
        <span className={product.inventory_level <= product.inventory_warning_level ? 'text-amber-700' : ''}>
          {product.inventory_level} in stock
        </span>
      )}
      {product.variant_count ? (
        <span className="text-muted-foreground text-xs">
          {product.variant_count} {product.variant_count === 1 ? 'variant' : 'variants'}
        </span>
      ) : null}
    </div>
  );
}

function columns(canEdit: boolean): ColumnDef<AdminProduct, unknown>[] {
  return [
    ...(canEdit ? [dataTableSelectColumn<AdminProduct>()] : []),
    {
      id: 'name',
      accessorKey: 'name',
      header: ({ column }) => <DataTableColumnHeader column={column} title="Product" />,
      cell: ({ row }) => (
        <Link
          to={`/products/${row.original.id}`}
          className="flex min-w-0 items-center gap-3 font-medium underline-offset-4 hover:underline"
        >
          <ProductThumbnail images={row.original.images} name={row.original.name} />
          <span className="line-clamp-2">{row.original.name}</span>
        </Link>
      ),
      enableHiding: false,
      // Long names wrap (two lines at most) so every column fits at 1280 px.
      meta: { label: 'Product', className: 'min-w-44 whitespace-normal' },
    },
    {
      id: 'sku',
      accessorKey: 'sku',
      header: ({ column }) => <DataTableColumnHeader column={column} title="SKU" />,
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.sku}</span>,
      meta: { label: 'SKU', hideOnMobile: true },
    },
    {
      id: 'status',
      accessorFn: (p) => (p.is_visible ? 'active' : 'draft'),
      header: ({ column }) => <DataTableColumnHeader column={column} title="Status" />,
      cell: ({ row }) => <ProductStatusBadge visible={row.original.is_visible} />,
      meta: { label: 'Status' },
    },
    {
      id: 'inventory_level',
      accessorKey: 'inventory_level',
      header: ({ column }) => <DataTableColumnHeader column={column} title="Inventory" />,
      cell: ({ row }) => <InventoryCell product={row.original} />,
      meta: { label: 'Inventory', hideOnMobile: true },
    },
    {
      id: 'price',
      accessorKey: 'price',
      header: ({ column }) => <DataTableColumnHeader column={column} title="Price" />,
      cell: ({ row }) =>
        isOnSale(row.original) ? (
          <span className="flex flex-col">
            <span>{formatMoney(row.original.sale_price)}</span>
            <span className="text-muted-foreground text-xs line-through">
              {formatMoney(row.original.price)}
            </span>
          </span>
        ) : (
          formatMoney(row.original.price)
        ),
      meta: { label: 'Price', hideOnMobile: true },
    },
    {
      id: 'category',
      accessorFn: (p) => p.categories.map((c) => c.name).join(', '),
      header: 'Category',
      enableSorting: false,
      cell: ({ row }) => {
        const [first, ...rest] = row.original.categories;
        if (!first) return <span className="text-muted-foreground">—</span>;
        return (
          <span className="flex flex-wrap items-center gap-1">
            <Badge variant="outline">{first.name}</Badge>
            {rest.length ? (
              <Badge variant="outline" title={rest.map((c) => c.name).join(', ')}>
                +{rest.length}
              </Badge>
            ) : null}
          </span>
        );
      },
      meta: { label: 'Category', hideOnMobile: true, hideOnTablet: true },
    },
    {
      id: 'brand',
      accessorFn: (p) => p.brand?.name ?? '',
      header: 'Brand',
      enableSorting: false,
      cell: ({ row }) => row.original.brand?.name ?? <span className="text-muted-foreground">—</span>,
      meta: { label: 'Brand', hideOnMobile: true, hideOnTablet: true, className: 'whitespace-normal' },
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <ProductRowActions product={row.original} canEdit={canEdit} />,
      enableSorting: false,
      enableHiding: false,
      meta: { className: 'w-10 text-right' },
    },
  ];
}

const resolve = <T,>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;

/** The products list (spec section 2): server-side search, status filter, sorting and paging. */
export function ProductsTable({
  params,
  onParamsChange,
  products,
  total,
  isLoading,
  canEdit,
  rowSelection,
  onRowSelectionChange,
  toolbar,
  emptyState,
}: {
  params: ProductListParams;
  onParamsChange: (change: Partial<ProductListParams>) => void;
  products: AdminProduct[];
  total: number;
  isLoading: boolean;
  canEdit: boolean;
  rowSelection: RowSelectionState;
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
  toolbar?: ReactNode;
  emptyState?: ReactNode;
}) {
  const navigate = useNavigate();
  const pagination: PaginationState = { pageIndex: params.page - 1, pageSize: params.limit };
  // Newest first (created_at) has no column of its own: no header shows an arrow then.
  const sorting: SortingState =
    params.sort === 'created_at' ? [] : [{ id: params.sort, desc: params.order === 'desc' }];
  const columnFilters: ColumnFiltersState =
    params.status === 'all' ? [] : [{ id: 'status', value: [params.status] }];

  return (
    <DataTable
      label="Products"
      columns={columns(canEdit)}
      data={products}
      getRowId={(p) => p.id}
      rowCount={total}
      isLoading={isLoading}
      pagination={pagination}
      onPaginationChange={(updater) => {
        const next = resolve(updater, pagination);
        onParamsChange(
          next.pageSize !== params.limit ? { limit: next.pageSize } : { page: next.pageIndex + 1 },
        );
      }}
      sorting={sorting}
      onSortingChange={(updater) => {
        const [next] = resolve(updater, sorting);
        if (next) onParamsChange({ sort: next.id as AdminProductSort, order: next.desc ? 'desc' : 'asc' });
      }}
      columnFilters={columnFilters}
      onColumnFiltersChange={(updater) => {
        const next = resolve(updater, columnFilters);
        const chosen = (next.find((f) => f.id === 'status')?.value as string[] | undefined) ?? [];
        onParamsChange({ status: chosen.length === 1 ? (chosen[0] as 'active' | 'draft') : 'all' });
      }}
      filters={[STATUS_FILTER]}
      search={params.search}
      onSearchChange={(search) => onParamsChange({ search })}
      searchPlaceholder="Search products..."
      searchLabel="Search products"
      rowSelection={rowSelection}
      onRowSelectionChange={onRowSelectionChange}
      onRowClick={(product) => navigate(`/products/${product.id}`)}
      toolbar={toolbar}
      emptyState={emptyState}
    />
  );
}
