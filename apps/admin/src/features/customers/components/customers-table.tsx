import type { CustomerListItem, CustomerSort } from '@cartwheel/shared/contracts/customers';
import { formatMoney } from '@cartwheel/shared/money';
import { DataTable, DataTableColumnHeader } from '@cartwheel/ui/data-table';
import type { ColumnDef, PaginationState, SortingState, Updater } from '@tanstack/react-table';
import { format } from 'date-fns';
import { Users } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { CustomerListParams } from '../api/get-customers.ts';

const date = (iso: string | null) => (iso ? format(new Date(iso), 'MMM dd, yyyy') : '—');

export const CUSTOMER_COLUMNS: ColumnDef<CustomerListItem, unknown>[] = [
  {
    id: 'name',
    accessorKey: 'name',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Customer" />,
    cell: ({ row }) => (
      <Link to={`/customers/${row.original.id}`} className="font-medium underline-offset-4 hover:underline">
        {row.original.name}
      </Link>
    ),
    enableHiding: false,
    meta: { label: 'Customer' },
  },
  {
    id: 'email',
    accessorKey: 'email',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Email" />,
    cell: ({ row }) => <span className="text-muted-foreground">{row.original.email}</span>,
    meta: { label: 'Email', hideOnMobile: true },
  },
  {
    id: 'order_count',
    accessorKey: 'order_count',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Orders" />,
    cell: ({ row }) => <span className="tabular-nums">{row.original.order_count}</span>,
    meta: { label: 'Orders' },
  },
  {
    id: 'total_spent',
    accessorKey: 'total_spent',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Total spent" />,
    cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.total_spent)}</span>,
    meta: { label: 'Total spent', hideOnMobile: true },
  },
  {
    id: 'last_order_at',
    accessorKey: 'last_order_at',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Last order" />,
    cell: ({ row }) => date(row.original.last_order_at),
    meta: { label: 'Last order', hideOnMobile: true },
  },
  {
    id: 'created_at',
    accessorKey: 'created_at',
    header: ({ column }) => <DataTableColumnHeader column={column} title="Customer since" />,
    cell: ({ row }) => date(row.original.created_at),
    meta: { label: 'Customer since', hideOnMobile: true, hideOnTablet: true },
  },
];

const resolve = <T,>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;

/** The customers data table, paged, searched and sorted by the server. */
export function CustomersTable({
  params,
  onParamsChange,
  customers,
  total,
  isLoading,
}: {
  params: CustomerListParams;
  onParamsChange: (change: Partial<CustomerListParams>) => void;
  customers: CustomerListItem[];
  total: number;
  isLoading: boolean;
}) {
  const navigate = useNavigate();
  const pagination: PaginationState = { pageIndex: params.page - 1, pageSize: params.limit };
  const sorting: SortingState = [{ id: params.sort, desc: params.dir === 'desc' }];
  return (
    <DataTable
      label="Customers"
      columns={CUSTOMER_COLUMNS}
      data={customers}
      getRowId={(customer) => customer.id}
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
        if (next) onParamsChange({ sort: next.id as CustomerSort, dir: next.desc ? 'desc' : 'asc' });
      }}
      search={params.search}
      onSearchChange={(search) => onParamsChange({ search })}
      searchPlaceholder="Search customers..."
      isLoading={isLoading}
      emptyState={
        <div className="flex flex-col items-center gap-2 py-6">
          <Users aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">No customers found</p>
          <p className="text-muted-foreground text-sm">Try another name or email.</p>
        </div>
      }
      onRowClick={(customer) => navigate(`/customers/${customer.id}`)}
    />
  );
}
