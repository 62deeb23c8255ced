import type { CustomerListItem } from '@cartwheel/shared/contracts/customers';
import { Badge } from '@cartwheel/ui/badge';
import type { ColumnDef } from '@tanstack/react-table';
import { Users } from 'lucide-react';
import {
  dateColumn,
  moneyColumn,
  RowLink,
  sortableColumn,
  TableEmpty,
  TextCell,
} from '../../../components/data-table-columns.tsx';
import { ServerDataTable } from '../../../components/server-data-table.tsx';
import type { CustomerListParams } from '../api/get-customers.ts';

export const CUSTOMER_COLUMNS: ColumnDef<CustomerListItem, unknown>[] = [
  sortableColumn('name', 'Customer', {
    cell: ({ row }) => (
      <span className="inline-flex items-center gap-2">
        <RowLink to={`/customers/${row.original.id}`}>
          <TextCell text={row.original.name} wide />
        </RowLink>
        {row.original.has_account ? null : <Badge variant="outline">Guest</Badge>}
      </span>
    ),
    enableHiding: false,
  }),
  sortableColumn('email', 'Email', {
    cell: ({ row }) => <TextCell text={row.original.email} muted wide />,
    meta: { hideOnMobile: true },
  }),
  sortableColumn('order_count', 'Orders', {
    cell: ({ row }) => <span className="tabular-nums">{row.original.order_count}</span>,
  }),
  moneyColumn('total_spent', 'Total spent', 'base', { hideOnMobile: true }),
  dateColumn('last_order_at', 'Last order', { hideOnMobile: true }),
  dateColumn('created_at', 'Customer since', { hideOnMobile: true, hideOnTablet: true }),
];

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
  return (
    <ServerDataTable
      columns={CUSTOMER_COLUMNS}
      data={customers}
      rowCount={total}
      params={params}
      onParamsChange={onParamsChange}
      label="Customers"
      searchPlaceholder="Search customers..."
      isLoading={isLoading}
      emptyState={<TableEmpty icon={Users} title="No customers found" hint="Try another name or email." />}
      rowHref={(customer) => `/customers/${customer.id}`}
    />
  );
}
