import type { AdminReturnSummary, ReturnStatus } from '@cartwheel/shared/contracts/returns';
import { formatDate } from '@cartwheel/shared/dates';
import { Badge } from '@cartwheel/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Link } from 'react-router';

export const STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  declined: 'Declined',
  received: 'Received',
  refunded: 'Refunded',
  closed: 'Closed',
};

/** A return's status as a badge: filled while staff have something to do (requested, received). */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const waiting = status === 'requested' || status === 'received';
  return <Badge variant={waiting ? 'default' : 'outline'}>{STATUS_LABELS[status]}</Badge>;
}

/** The returns: RMA, status, order, customer, units, date. */
export function ReturnTable({ items }: { items: AdminReturnSummary[] }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Return</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Order</TableHead>
            <TableHead className="hidden md:table-cell">Customer</TableHead>
            <TableHead className="text-right">Items</TableHead>
            <TableHead className="hidden lg:table-cell">Requested</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((row) => (
            <TableRow key={row.id} data-testid="return-row">
              <TableCell>
                <Link to={`/returns/${row.id}`} className="font-medium underline-offset-4 hover:underline">
                  {row.rma}
                </Link>
              </TableCell>
              <TableCell>
                <ReturnStatusBadge status={row.status} />
              </TableCell>
              <TableCell>
                <Link to={`/orders/${row.order_id}`} className="underline-offset-4 hover:underline">
                  #{row.order_number}
                </Link>
              </TableCell>
              <TableCell className="hidden md:table-cell">
                {row.customer_name || row.customer_email || '—'}
              </TableCell>
              <TableCell className="text-right tabular-nums">{row.item_count}</TableCell>
              <TableCell className="hidden text-sm lg:table-cell">{formatDate(row.created_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
