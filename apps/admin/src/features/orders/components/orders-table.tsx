import { ORDER_STATUSES } from '@cartwheel/shared/constants';
import type { OrderListItem, OrderStatus } from '@cartwheel/shared/contracts/orders';
import { capitalize } from '@cartwheel/shared/text';
import { dataTableSelectColumn } from '@cartwheel/ui/data-table/data-table-column-header';
import type { ColumnDef, OnChangeFn, RowSelectionState } from '@tanstack/react-table';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  actionsColumn,
  dateColumn,
  moneyColumn,
  RowLink,
  sortableColumn,
  TableEmpty,
  TextCell,
} from '../../../components/data-table-columns.tsx';
import { type ListFilter, ServerDataTable } from '../../../components/server-data-table.tsx';
import type { OrderListParams } from '../api/get-orders.ts';
import { FulfillmentStatusBadge, OrderStatusBadge, PaymentStatusBadge } from './order-badges.tsx';
import { OrderRowActions } from './order-row-actions.tsx';

const STATUS_FILTER: ListFilter<OrderListParams> = {
  columnId: 'status',
  title: 'Status',
  options: ORDER_STATUSES.map((status) => ({ value: status, label: capitalize(status) })),
  values: (params) => params.status,
  change: (values) => ({ status: values as OrderStatus[] }),
};

/** The orders list's columns; hidden per breakpoint, shown when a phone row is opened. */
export const ORDER_COLUMNS: ColumnDef<OrderListItem, unknown>[] = [
  dataTableSelectColumn<OrderListItem>(),
  sortableColumn('order_number', 'Order', {
    cell: ({ row }) => <RowLink to={`/orders/${row.original.id}`}>#{row.original.order_number}</RowLink>,
    enableHiding: false,
  }),
  {
    id: 'customer',
    accessorFn: (order) => order.customer.name,
    header: 'Customer',
    cell: ({ row }) => <TextCell text={row.original.customer.name} />,
    enableSorting: false,
    meta: { label: 'Customer', hideOnMobile: true },
  },
  {
    id: 'email',
    accessorFn: (order) => order.customer.email ?? '',
    header: 'Email',
    cell: ({ row }) => <TextCell text={row.original.customer.email ?? '—'} muted />,
    enableSorting: false,
    // Only where the table has room for it (not at 1280 px with the sidebar open); search finds by email.
    meta: {
      label: 'Email',
      hideOnMobile: true,
      hideOnTablet: true,
      className: 'hidden @[64rem]/table:table-cell',
    },
  },
  sortableColumn('status', 'Status', {
    cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
  }),
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
  // In US dollars, here and in a phone row's details.
  moneyColumn('total_amount', 'Total', (order) => order.currency, { hideOnMobile: true }),
  dateColumn('created_at', 'Date', { hideOnMobile: true }),
  actionsColumn((order) => <OrderRowActions order={order} />),
];

/** The orders data table wired to the server: every change of page, sort, search or filter is a new query. */
export function OrdersTable({
  params,
  onParamsChange,
  orders,
  total,
  isLoading,
  emptyState,
  toolbar,
  rowSelection,
  onRowSelectionChange,
}: {
  params: OrderListParams;
  onParamsChange: (change: Partial<OrderListParams>) => void;
  orders: OrderListItem[];
  total: number;
  isLoading: boolean;
  emptyState?: ReactNode;
  toolbar?: ReactNode;
  /** The rows ticked for a bulk action (the orders list's printing). */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
}) {
  return (
    <ServerDataTable
      columns={ORDER_COLUMNS}
      data={orders}
      rowCount={total}
      params={params}
      onParamsChange={onParamsChange}
      label="Orders"
      filters={[STATUS_FILTER]}
      searchPlaceholder="Search orders..."
      isLoading={isLoading}
      emptyState={
        emptyState ?? (
          <TableEmpty icon={Inbox} title="No orders found" hint="Try another search or clear the filters." />
        )
      }
      rowHref={(order) => `/orders/${order.id}`}
      toolbar={toolbar}
      {...(rowSelection && onRowSelectionChange ? { rowSelection, onRowSelectionChange } : {})}
    />
  );
}
