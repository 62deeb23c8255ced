import type { OrderListItem } from '@cartwheel/shared/contracts/orders';
import { formatDate } from '@cartwheel/shared/dates';
import { formatMoney } from '@cartwheel/shared/money';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Link } from 'react-router';
import { FulfillmentStatusBadge, OrderStatusBadge, PaymentStatusBadge } from './order-badges.tsx';

/** A short, unpaged list of orders (e.g. one customer's), each linking to its order page. */
export function CompactOrdersTable({ orders }: { orders: OrderListItem[] }) {
  if (!orders.length) return <p className="text-muted-foreground text-sm">No orders yet</p>;
  return (
    <Table aria-label="Orders">
      <TableHeader>
        <TableRow>
          <TableHead>Order</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="hidden md:table-cell">Payment</TableHead>
          <TableHead className="hidden md:table-cell">Fulfillment</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Items</TableHead>
          <TableHead className="text-right">Total</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => (
          <TableRow key={order.id}>
            <TableCell>
              <Link to={`/orders/${order.id}`} className="font-medium underline-offset-4 hover:underline">
                #{order.order_number}
              </Link>
            </TableCell>
            <TableCell>{formatDate(order.created_at)}</TableCell>
            <TableCell>
              <OrderStatusBadge status={order.status} />
            </TableCell>
            <TableCell className="hidden md:table-cell">
              <PaymentStatusBadge status={order.payment_status} />
            </TableCell>
            <TableCell className="hidden md:table-cell">
              <FulfillmentStatusBadge status={order.fulfillment_status} />
            </TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">{order.item_count}</TableCell>
            <TableCell className="text-right tabular-nums">
              {formatMoney(order.total_amount, order.currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
