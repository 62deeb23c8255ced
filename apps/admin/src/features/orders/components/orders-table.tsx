import { ORDER_STATUSES } from '@cartwheel/shared/constants';
import type { OrderListItem, OrderSort, OrderStatus } from '@cartwheel/shared/contracts/orders';
import { formatMoney } from '@cartwheel/shared/money';
import {
  DataTable,
  DataTableColumnHeader,
  type DataTableFilter,
  dataTableSelectColumn,
} from '@cartwheel/ui/data-table';
import type {
  ColumnDef,
  ColumnFiltersState,
  PaginationState,
  SortingState,
  Updater,
} from '@tanstack/react-table';
import { format } from 'date-fns';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OrderListParams } from '../api/get-orders.ts';
import { FulfillmentStatusBadge, OrderStatusBadge, PaymentStatusBadge } from './order-badges.tsx';
import { OrderRowActions } from './order-row-actions.tsx';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const STATUS_FILTER: DataTableFilter = {
  columnId: 'status',
  title: 'Status',
  options: ORDER_STATUSES.map((status) => ({ value: status, label: capitalize(status) })),
};

/** The orders list's columns (spec section 2); hidden per breakpoint, shown when a phone row is opened. */
export const ORDER_COLUMNS: ColumnDef<OrderListItem, unknown>[] = [
  dataTableSelectColumn<OrderListItem>(),
  {
    id: 'order_number',
    accessorKey: 'order_number',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Order" />,
    cell: ({ row }) => (
      <Link to={`/orders/${row.original.id}`} className="font-medium underline-offset-4 hover:underline">
        #{row.original.order_number}
      </Link>
    ),
    enableHiding: false,
    meta: { label: 'Order' },
  },
  {
    id: 'customer',
    accessorFn: (order) => order.customer.name,
    header: 'Customer',
    enableSorting: false,
    meta: { label: 'Customer', hideOnMobile: true },
  },
  {
    id: 'email',
    accessorFn: (order) => order.customer.email ?? '',
    header: 'Email',
    cell: ({ row }) => <span className="text-muted-foreground">{row.original.customer.email ?? '—'}</span>,
    enableSorting: false,
    meta: { label: 'Email', hideOnMobile: true, hideOnTablet: true },
  },
  {
    id: 'status',
    accessorKey: 'status',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Status" />,
    cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
    meta: { label: 'Status' },
  },
  {
    id: 'payment',
    accessorKey: 'payment_status',
    header: 'Payment',
    cell: ({ row }) => <PaymentStatusBadge status={row.original.payment_status} />,
    enableSorting: false,
    meta: { label: 'Payment', hideOnMobile: true },
  },
  {
    id: 'fulfillment',
    accessorKey: 'fulfillment_status',
    header: 'Fulfillment',
    cell: ({ row }) => <FulfillmentStatusBadge status={row.original.fulfillment_status} />,
    enableSorting: false,
    meta: { label: 'Fulfillment', hideOnMobile: true, hideOnTablet: true },
  },
  {
    id: 'total_amount',
    accessorKey: 'total_amount',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Total" />,
    // In US dollars, here and in a phone row's details.
    cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.total_amount)}</span>,
    meta: { label: 'Total', hideOnMobile: true },
  },
  {
    id: 'created_at',
    accessorKey: 'created_at',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Date" />,
    cell: ({ row }) => (
      <time dateTime={row.original.created_at}>
        {format(new Date(row.original.created_at), 'MMM dd, yyyy')}
      </time>
    ),
    meta: { label: 'Date', hideOnMobile: true },
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => <OrderRowActions order={row.original} />,
    enableSorting: false,
    enableHiding: false,
    meta: { className: 'w-10 text-right' },
  },
];

const resolve = <T,>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;

/** The orders data table wired to the server: every change of page, sort, search or filter is a new query. */
export function OrdersTable({
  params,
  onParamsChange,
  orders,
  total,
  isLoading,
  emptyState,
  toolbar,
}: {
  params: OrderListParams;
  onParamsChange: (change: Partial<OrderListParams>) => void;
  orders: OrderListItem[];
  total: number;
  isLoading: boolean;
  emptyState?: ReactNode;
  toolbar?: ReactNode;
}) {
  const navigate = useNavigate();
  const pagination: PaginationState = { pageIndex: params.page - 1, pageSize: params.limit };
  const sorting: SortingState = [{ id: params.sort, desc: params.dir === 'desc' }];
  const columnFilters: ColumnFiltersState = params.status.length
    ? [{ id: 'status', value: params.status }]
    : [];

  return (
    <DataTable
      label="Orders"
      columns={ORDER_COLUMNS}
      data={orders}
      getRowId={(order) => order.id}
      rowCount={total}
      pagination={pagination}
      onPaginationChange={(updater) => {
        const next = resolve(updater, pagination);
        if (next.pageSize !== params.limit) onParamsChange({ limit: next.pageSize });
        else onParamsChange({ page: next.pageIndex + 1 });
      }}
      sorting={sorting}
      onSortingChange={(updater) => {
        const [next] = resolve(updater, sorting);
        if (next) onParamsChange({ sort: next.id as OrderSort, dir: next.desc ? 'desc' : 'asc' });
      }}
      columnFilters={columnFilters}
      onColumnFiltersChange={(updater) => {
        const next = resolve(updater, columnFilters);
        const status = (next.find((f) => f.id === 'status')?.value as OrderStatus[] | undefined) ?? [];
        onParamsChange({ status });
      }}
      filters={[STATUS_FILTER]}
      search={params.search}
      onSearchChange={(search) => onParamsChange({ search })}
      searchPlaceholder="Search orders..."
      onReset={() => onParamsChange({ search: '', status: [] })}
      isLoading={isLoading}
      emptyState={emptyState ?? <OrdersEmpty />}
      onRowClick={(order) => navigate(`/orders/${order.id}`)}
      toolbar={toolbar}
    />
  );
}

function OrdersEmpty() {
  return (
    <div className="flex flex-col items-center gap-2 py-6">
      <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">No orders found</p>
      <p className="text-muted-foreground text-sm">Try another search or clear the filters.</p>
    </div>
  );
}
