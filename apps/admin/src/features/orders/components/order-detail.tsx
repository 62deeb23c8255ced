import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { formatDate, formatLongDate } from '@cartwheel/shared/dates';
import { itemCount } from '@cartwheel/shared/item-count';
import { formatMoney } from '@cartwheel/shared/money';
import { fulfilRefusal } from '@cartwheel/shared/order-actions';
import { orderTotalRows } from '@cartwheel/shared/order-totals';
import { paymentMethodLabel } from '@cartwheel/shared/payment-methods';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@cartwheel/ui/dropdown-menu';
import { PostalAddress } from '@cartwheel/ui/postal-address';
import { Separator } from '@cartwheel/ui/separator';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Ban, ChevronDown, PackageCheck, Pencil, Truck, Undo2 } from 'lucide-react';
import { Fragment, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { LineTotal } from '../../../components/line-total.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { useMarkDelivered } from '../api/mark-delivered.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { OrderRefunds, OrderShipments } from './after-sale-lists.tsx';
import { CancelOrderDialog } from './cancel-order-dialog.tsx';
import { FulfilOrderDialog } from './fulfil-order-dialog.tsx';
import { FulfillmentStatusBadge, OrderStatusBadge, PaymentStatusBadge } from './order-badges.tsx';
import { OrderStatusRadioGroup } from './order-status-radio-group.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { RefundOrderDialog } from './refund-order-dialog.tsx';
import { RevokeLinksButton, SendLinkButton } from './revoke-links-button.tsx';

/** Where an order came from, as staff read it. */
const ORDER_SOURCE_LABELS: Record<OrderDetail['source'], string> = {
  web: 'Online Store',
  draft: 'Draft order',
  pos: 'Point of Sale',
};

/**
 * The actions on an order's page that the member's permissions allow: Fulfil and Mark as
 * delivered (orders.fulfil), Refund (orders.refund), Change status and Cancel (orders.edit).
 */
export function OrderActions({ order }: { order: OrderDetail }) {
  const [fulfilling, setFulfilling] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const updateStatus = useUpdateOrderStatus();
  const deliver = useMarkDelivered();
  const can = useCan();
  const cancelled = order.status === 'cancelled';
  const mayFulfil = can('orders.fulfil');
  const mayEdit = can('orders.edit');
  const canFulfil =
    mayFulfil &&
    !fulfilRefusal(
      order.status,
      order.items.map((line) => line.fulfillable_quantity),
    );
  const canDeliver =
    mayFulfil && !cancelled && order.status !== 'delivered' && order.fulfillment_status !== 'unfulfilled';
  // Staff edit a paid order until all of it has shipped (order-edits/ on the server says the same).
  const editable =
    !cancelled &&
    order.status !== 'delivered' &&
    order.fulfillment_status !== 'fulfilled' &&
    (order.payment_status === 'paid' || order.payment_status === 'partially_refunded');
  const canRefund =
    can('orders.refund') &&
    (order.payment_status === 'paid' || order.payment_status === 'partially_refunded') &&
    order.refundable_amount > 0;

  return (
    <div className="flex flex-wrap gap-2">
      {canFulfil ? (
        <Button onClick={() => setFulfilling(true)}>
          <PackageCheck aria-hidden="true" />
          Fulfil items
        </Button>
      ) : null}
      {canDeliver ? (
        <Button
          variant="outline"
          disabled={deliver.isPending}
          onClick={() => deliver.mutate({ orderId: order.id })}
        >
          <Truck aria-hidden="true" />
          Mark as delivered
        </Button>
      ) : null}
      {mayEdit && editable ? (
        <Button variant="outline" asChild>
          <Link to={`/orders/${order.id}/edit`}>
            <Pencil aria-hidden="true" />
            Edit order
          </Link>
        </Button>
      ) : null}
      {canRefund ? (
        <Button variant="outline" onClick={() => setRefunding(true)}>
          <Undo2 aria-hidden="true" />
          Refund
        </Button>
      ) : null}
      {mayEdit ? (
        <>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" disabled={cancelled || updateStatus.isPending}>
                Change status
                <ChevronDown aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel>Status</DropdownMenuLabel>
              <DropdownMenuSeparator />
              <OrderStatusRadioGroup
                status={order.status}
                onChange={(status) => updateStatus.mutate({ orderId: order.id, status })}
                onCancel={() => setCancelling(true)}
              />
            </DropdownMenuContent>
          </DropdownMenu>
          {cancelled ? null : (
            <Button variant="outline" onClick={() => setCancelling(true)}>
              <Ban aria-hidden="true" />
              Cancel order
            </Button>
          )}
        </>
      ) : null}
      {canFulfil ? <FulfilOrderDialog order={order} open={fulfilling} onOpenChange={setFulfilling} /> : null}
      {canRefund ? <RefundOrderDialog order={order} open={refunding} onOpenChange={setRefunding} /> : null}
      <CancelOrderDialog order={order} open={cancelling} onOpenChange={setCancelling} />
    </div>
  );
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-center justify-between gap-4 text-sm ${strong ? 'font-semibold' : ''}`}>
      <dt className={strong ? '' : 'text-muted-foreground'}>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

/** Everything about one order: lines, payment, customer, shipping address, fulfilment and timeline. */
export function OrderDetailView({ order }: { order: OrderDetail }) {
  const units = itemCount(order.items);
  const address = order.shipping_address;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
        <Card>
          <CardHeader className="flex flex-row items-center justify-between gap-2">
            <CardTitle>Items ({units})</CardTitle>
            <FulfillmentStatusBadge status={order.fulfillment_status} />
          </CardHeader>
          <CardContent>
            {/* On a phone the price and quantity go under the product, and the total stays pinned in view. */}
            <Table aria-label="Order items" pinEnd>
              <TableHeader>
                <TableRow>
                  <TableHead>Product</TableHead>
                  <TableHead className="max-sm:hidden text-right">Price</TableHead>
                  <TableHead className="max-sm:hidden text-right">Qty</TableHead>
                  <TableHead className="text-right">Fulfilled</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {order.items.map((line) => (
                  <TableRow key={line.id} data-testid="order-line">
                    <TableCell className="whitespace-normal">
                      <div className="flex items-start gap-3">
                        {/* The picture of what was bought: the chosen variant's image when it had one. */}
                        {line.image_url ? (
                          <img
                            src={line.image_url}
                            alt=""
                            width={40}
                            height={40}
                            loading="lazy"
                            className="size-10 shrink-0 rounded-md border bg-muted object-cover"
                            data-testid="order-line-image"
                          />
                        ) : (
                          <span aria-hidden="true" className="size-10 shrink-0 rounded-md border bg-muted" />
                        )}
                        <div className="min-w-0">
                          <span className="font-medium">{line.product_name}</span>
                          {line.variant_title ? (
                            <span className="block text-muted-foreground text-xs">{line.variant_title}</span>
                          ) : null}
                          <span className="block text-muted-foreground text-xs">SKU: {line.product_sku}</span>
                          {line.gift_card ? (
                            <span
                              className="block text-muted-foreground text-xs"
                              data-testid="order-line-gift-card"
                            >
                              Gift card for {line.gift_card.recipient_name} ({line.gift_card.recipient_email}
                              ), sent on {line.gift_card.send_on}
                            </span>
                          ) : null}
                          <span className="block text-muted-foreground text-xs tabular-nums sm:hidden">
                            {line.quantity} × {formatMoney(line.price_per_item, order.currency)}
                          </span>
                        </div>
                      </div>
                    </TableCell>
                    <TableCell className="max-sm:hidden text-right tabular-nums">
                      {formatMoney(line.price_per_item, order.currency)}
                    </TableCell>
                    <TableCell className="max-sm:hidden text-right tabular-nums">{line.quantity}</TableCell>
                    <TableCell className="text-right tabular-nums" data-testid="order-line-fulfilled">
                      {line.fulfilled_quantity} of {line.quantity}
                      {line.refunded_quantity ? (
                        <span className="block text-muted-foreground text-xs">
                          {line.refunded_quantity} refunded
                        </span>
                      ) : null}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      <LineTotal
                        subtotal={line.price_per_item * line.quantity}
                        discount={line.discount_amount}
                        total={line.total_amount}
                        currency={order.currency}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex flex-row items-center justify-between gap-2">
            <CardTitle>Payment</CardTitle>
            <PaymentStatusBadge status={order.payment_status} />
          </CardHeader>
          <CardContent>
            <dl className="flex flex-col gap-2" data-testid="order-totals">
              <OrderTotals order={order} />
              <Row label="Payment method">{paymentMethodLabel(order.payment_method)}</Row>
              {order.tenders.map((tender) => (
                <Row
                  key={`${tender.kind}-${tender.last_characters ?? ''}`}
                  label={
                    tender.kind === 'gift_card'
                      ? `Gift card ····${tender.last_characters ?? ''}`
                      : 'Store credit'
                  }
                >
                  {formatMoney(tender.amount, order.currency)}
                  {tender.refunded_amount
                    ? ` (${formatMoney(tender.refunded_amount, order.currency)} refunded)`
                    : ''}
                </Row>
              ))}
              <Row label="Source">{ORDER_SOURCE_LABELS[order.source]}</Row>
              {order.paid_at ? <Row label="Paid on">{formatDate(order.paid_at)}</Row> : null}
              {order.refunded_amount ? (
                <Row label="Refunded">−{formatMoney(order.refunded_amount, order.currency)}</Row>
              ) : null}
            </dl>
            <OrderRefunds refunds={order.refunds} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Timeline</CardTitle>
          </CardHeader>
          <CardContent>
            <OrderTimeline events={order.timeline} />
          </CardContent>
        </Card>
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Customer</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-1 text-sm">
            {order.customer.id ? (
              <Link
                to={`/customers/${order.customer.id}`}
                className="font-medium underline-offset-4 hover:underline"
              >
                {order.customer.name}
              </Link>
            ) : (
              <p className="font-medium">{order.customer.name}</p>
            )}
            {order.customer.email ? (
              <a
                href={`mailto:${order.customer.email}`}
                className="break-all text-muted-foreground hover:underline"
              >
                {order.customer.email}
              </a>
            ) : null}
            {order.customer.id ? null : (
              <div className="flex flex-wrap gap-2">
                <RevokeLinksButton orderId={order.id} />
                {order.customer.email ? <SendLinkButton orderId={order.id} /> : null}
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Shipping address</CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            {address ? (
              <PostalAddress address={address} />
            ) : (
              <p className="text-muted-foreground">No shipping address</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Fulfillment</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2 text-sm">
            <dl className="flex flex-col gap-2">
              <Row label="Status">
                <FulfillmentStatusBadge status={order.fulfillment_status} />
              </Row>
              <Row label="Shipping method">{order.shipping_method ?? 'Standard'}</Row>
              <Row label="Units shipped">
                {order.items.reduce((sum, line) => sum + line.fulfilled_quantity, 0)} of {units}
              </Row>
            </dl>
            <OrderShipments fulfilments={order.fulfilments} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** Subtotal, each discount, shipping, each tax added, total: the rows add up (orderTotalRows). */
function OrderTotals({ order }: { order: OrderDetail }) {
  const { rows, included } = orderTotalRows(order);
  return (
    <>
      {rows.map((row) =>
        row.kind === 'total' ? (
          <Fragment key="total">
            <Separator />
            <Row label="Total" strong>
              {formatMoney(row.amount, order.currency)}
            </Row>
            {included.map((tax) => (
              <Row key={tax.label} label={tax.label}>
                {formatMoney(tax.amount, order.currency)}
              </Row>
            ))}
          </Fragment>
        ) : (
          <Row key={`${row.kind}:${row.label}`} label={row.label}>
            {row.kind === 'discount'
              ? `−${formatMoney(row.amount, order.currency)}`
              : formatMoney(row.amount, order.currency)}
          </Row>
        ),
      )}
    </>
  );
}

/** The heading line under the title: status badge and when the order was placed. */
export function OrderSubtitle({ order }: { order: OrderDetail }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
      <OrderStatusBadge status={order.status} />
      <PaymentStatusBadge status={order.payment_status} />
      <FulfillmentStatusBadge status={order.fulfillment_status} />
      <span>
        Placed on <time dateTime={order.created_at}>{formatLongDate(order.created_at)}</time>
      </span>
    </div>
  );
}
