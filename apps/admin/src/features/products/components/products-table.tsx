import type { AdminProduct, ProductStatusFilter } from '@cartwheel/shared/contracts/admin-products';
import { formatMoney, isOnSale } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import { Badge } from '@cartwheel/ui/badge';
import { dataTableSelectColumn } from '@cartwheel/ui/data-table/data-table-column-header';
import type { ColumnDef, OnChangeFn, RowSelectionState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { actionsColumn, sortableColumn } from '../../../components/data-table-columns.tsx';
import { type ListFilter, ServerDataTable } from '../../../components/server-data-table.tsx';
import { useBaseCurrency } from '../../../lib/base-currency.ts';
import type { ProductListParams } from '../api/get-products.ts';
import { ProductRowActions } from './product-row-actions.tsx';
import { ProductThumbnail } from './product-thumbnail.tsx';

/** One status chosen filters by it; none or both is every product. */
const STATUS_FILTER: ListFilter<ProductListParams> = {
  columnId: 'status',
  title: 'Status',
  options: [
    { value: 'active', label: 'Active' },
    { value: 'draft', label: 'Draft' },
  ],
  values: (params) => (params.status === 'all' ? [] : [params.status]),
  change: (values) => ({ status: values.length === 1 ? (values[0] as ProductStatusFilter) : 'all' }),
};

/** Active (is_visible) or Draft. */
export function ProductStatusBadge({ visible }: { visible: boolean }) {
  return visible ? <Badge>Active</Badge> : <Badge variant="secondary">Draft</Badge>;
}

/** "Out of stock" at 0 or below, else how many are in stock. */
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
        <span className="text-muted-foreground text-xs">{plural(product.variant_count, 'variant')}</span>
      ) : null}
    </div>
  );
}

/** The price, and the sale price over it when there is one: catalog prices are in the base currency. */
function PriceCell({ product }: { product: AdminProduct }) {
  const currency = useBaseCurrency();
  return isOnSale(product) ? (
    <span className="flex flex-col">
      <span>{formatMoney(product.sale_price, currency)}</span>
      <span className="text-muted-foreground text-xs line-through">
        {formatMoney(product.price, currency)}
      </span>
    </span>
  ) : (
    formatMoney(product.price, currency)
  );
}

function columns(canEdit: boolean): ColumnDef<AdminProduct, unknown>[] {
  return [
    ...(canEdit ? [dataTableSelectColumn<AdminProduct>()] : []),
    sortableColumn<AdminProduct>('name', 'Product', {
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
      meta: { className: 'min-w-44 whitespace-normal' },
    }),
    sortableColumn<AdminProduct>('sku', 'SKU', {
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.sku}</span>,
      meta: { hideOnMobile: true },
    }),
    sortableColumn<AdminProduct>('status', 'Status', {
      accessorFn: (p) => (p.is_visible ? 'active' : 'draft'),
      cell: ({ row }) => <ProductStatusBadge visible={row.original.is_visible} />,
    }),
    sortableColumn<AdminProduct>('inventory_level', 'Inventory', {
      cell: ({ row }) => <InventoryCell product={row.original} />,
      meta: { hideOnMobile: true },
    }),
    sortableColumn<AdminProduct>('price', 'Price', {
      cell: ({ row }) => <PriceCell product={row.original} />,
      meta: { hideOnMobile: true },
    }),
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
    actionsColumn((product) => <ProductRowActions product={product} canEdit={canEdit} />),
  ];
}

/** The products list: server-side search, status filter, sorting and paging. */
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
  return (
    <ServerDataTable
      columns={columns(canEdit)}
      data={products}
      rowCount={total}
      params={params}
      onParamsChange={onParamsChange}
      directionKey="order"
      // Newest first (created_at) has no column of its own: no header shows an arrow then.
      unsortedBy="created_at"
      rowSelection={rowSelection}
      onRowSelectionChange={onRowSelectionChange}
      label="Products"
      isLoading={isLoading}
      filters={[STATUS_FILTER]}
      searchPlaceholder="Search products..."
      searchLabel="Search products"
      rowHref={(product) => `/products/${product.id}`}
      toolbar={toolbar}
      emptyState={emptyState}
    />
  );
}
