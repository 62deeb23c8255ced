import { ApiError } from '@cartwheel/shared/api-client';
import type { CustomerOrderDetail } from '@cartwheel/shared/contracts/customer-orders';
import { formatLongDate } from '@cartwheel/shared/dates';
import { formatMoney } from '@cartwheel/shared/money';
import { type OrderTotalRow, orderTotalRows } from '@cartwheel/shared/order-totals';
import { paymentMethodLabel } from '@cartwheel/shared/payment-methods';
import { capitalize } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { cn } from '@cartwheel/ui/lib/utils';
import { OrderStatusBadge } from '@cartwheel/ui/order-status-badge';
import { PostalAddress } from '@cartwheel/ui/postal-address';
import { Separator } from '@cartwheel/ui/separator';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { CreditCard, type LucideIcon, Package, Truck } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingRegion } from '../../../components/loading.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useAccountOrder } from '../api/get-account-order.ts';
import { OrderShipments } from './order-shipments.tsx';

function Row({
  label,
  children,
  strong,
  testId,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={cn('flex items-center justify-between gap-4 text-sm', strong && 'font-semibold text-base')}
      data-testid={testId}
    >
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

/** A status row: the status word, strong and green once it is `done` ("paid", "fulfilled"), else muted. */
function StatusRow({
  label,
  testId,
  status,
  done,
}: {
  label: string;
  testId: string;
  status: string;
  done: string;
}) {
  return (
    <Row label={label}>
      <span
        data-testid={testId}
        className={cn(
          status === done ? 'font-semibold text-green-600 dark:text-green-500' : 'text-muted-foreground',
        )}
      >
        {capitalize(status.replaceAll('_', ' '))}
      </span>
    </Row>
  );
}

/** One of the order's cards: an icon and a title over its content. */
function SectionCard({
  icon: Icon,
  title,
  contentClassName,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Icon aria-hidden="true" className="size-5" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/**
 * The order's money rows in the order they add up: subtotal − each discount + shipping (before a
 * free-shipping discount, which is one of the discounts) + each added tax = total; a tax inside the
 * prices is said under the total.
 */
const ROW_TEST_IDS: Partial<Record<OrderTotalRow['kind'], string>> = {
  subtotal: 'order-subtotal',
  discount: 'order-discount',
  shipping: 'order-shipping',
  tax: 'order-tax',
};

function OrderTotals({ order }: { order: CustomerOrderDetail }) {
  const { rows, includedTax } = orderTotalRows({
    ...order,
    shipping_amount: order.shipping_amount ?? 0,
    tax_amount: order.tax_amount ?? 0,
    discounts: order.discounts ?? [],
    tax_lines: order.tax_lines ?? [],
  });
  return (
    <>
      {rows.map((row) =>
        row.kind === 'total' ? (
          <Fragment key="total">
            <Separator className="my-2" />
            <Row label="Total" strong>
              {formatMoney(row.amount, order.currency)}
            </Row>
          </Fragment>
        ) : (
          <Row key={`${row.kind}:${row.label}`} label={row.label} testId={ROW_TEST_IDS[row.kind]}>
            {row.kind === 'discount'
              ? `−${formatMoney(row.amount, order.currency)}`
              : formatMoney(row.amount, order.currency)}
          </Row>
        ),
      )}
      {includedTax > 0 ? (
        <div className="text-right text-muted-foreground text-xs">
          <dt className="sr-only">Tax</dt>
          <dd data-testid="order-included-tax">includes {formatMoney(includedTax, order.currency)} tax</dd>
        </div>
      ) : null}
    </>
  );
}

function PaymentInformation({ order }: { order: CustomerOrderDetail }) {
  return (
    <SectionCard icon={CreditCard} title="Payment Information">
      <dl className="space-y-2">
        <StatusRow label="Payment Status" testId="payment-status" status={order.payment_status} done="paid" />
        <Row label="Payment Method">{paymentMethodLabel(order.payment_method)}</Row>
        <Separator className="my-2" />
        <OrderTotals order={order} />
        {order.refunded_amount ? (
          <Row label="Refunded">
            <span data-testid="refunded-amount">−{formatMoney(order.refunded_amount, order.currency)}</span>
          </Row>
        ) : null}
      </dl>
    </SectionCard>
  );
}

function ShippingInformation({ order }: { order: CustomerOrderDetail }) {
  const address = order.shipping_address;
  return (
    <SectionCard icon={Truck} title="Shipping Information" contentClassName="space-y-4">
      <dl className="space-y-2">
        <StatusRow
          label="Fulfillment Status"
          testId="fulfillment-status"
          status={order.fulfillment_status}
          done="fulfilled"
        />
        <Row label="Shipping Method">
          <span data-testid="shipping-method">{order.shipping_method || 'Standard'}</span>
          {order.shipping_delivery_estimate ? (
            <span className="block text-muted-foreground text-xs">{order.shipping_delivery_estimate}</span>
          ) : null}
        </Row>
      </dl>
      <OrderShipments fulfilments={order.fulfilments} />
      {address ? (
        <div className="text-sm">
          <h3 className="mb-1 font-medium">Shipping Address</h3>
          <PostalAddress address={address} className="text-muted-foreground" data-testid="shipping-address" />
        </div>
      ) : null}
    </SectionCard>
  );
}

function OrderItems({ order }: { order: CustomerOrderDetail }) {
  return (
    <SectionCard icon={Package} title={`Order Items (${order.item_count})`}>
      <ul aria-label="Order items" className="divide-y">
        {order.order_items.map((item) => (
          <li
            key={item.id}
            data-testid="order-item"
            className="flex flex-wrap items-start justify-between gap-4 py-3"
          >
            <div className="min-w-0">
              <p className="font-medium">{item.product_name}</p>
              {item.variant_title ? (
                <p className="text-muted-foreground text-sm">{item.variant_title}</p>
              ) : null}
              <p className="text-muted-foreground text-xs">SKU: {item.product_sku}</p>
            </div>
            <div className="text-right">
              <p className="text-muted-foreground text-sm tabular-nums">
                {formatMoney(item.price_per_item, order.currency)} × {item.quantity}
              </p>
              {item.discount_amount > 0 ? (
                <p className="text-green-700 text-sm tabular-nums dark:text-green-500">
                  −{formatMoney(item.discount_amount, order.currency)}
                </p>
              ) : null}
              <p className="font-semibold tabular-nums">{formatMoney(item.total_amount, order.currency)}</p>
            </div>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

export function DetailSkeleton() {
  return (
    <LoadingRegion label="Loading order..." className="space-y-6">
      <Skeleton className="h-10 w-64" />
      <div className="grid gap-6 md:grid-cols-2">
        <Skeleton className="h-64 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
      <Skeleton className="h-48 w-full rounded-xl" />
    </LoadingRegion>
  );
}

function OrderNotFound() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <PageTitle page="Order not found" />
        <Package aria-hidden="true" className="size-12 text-muted-foreground" />
        <h1 className="font-semibold text-xl">Order not found</h1>
        <p className="text-muted-foreground">
          The order you're looking for doesn't exist or you don't have access to it.
        </p>
        <Button asChild>
          <Link to="/account/orders">Back to Orders</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /account/orders/:orderId's body: every section of one order. */
export function OrderDetail({ userId, orderId }: { userId: string; orderId: string }) {
  const { data: order, isPending, isError, error } = useAccountOrder(userId, orderId);

  if (isPending) return <DetailSkeleton />;
  if (isError) {
    if (error instanceof ApiError && error.status === 404) return <OrderNotFound />;
    return (
      <p role="alert" className="text-destructive">
        {error.message}
      </p>
    );
  }
  return <OrderDetailView order={order} />;
}

/**
 * Every section of one order: the account's order page and the guest's order link both show this.
 * `notice` goes under the heading (the link page's offer to create an account).
 */
export function OrderDetailView({ order, notice }: { order: CustomerOrderDetail; notice?: ReactNode }) {
  return (
    <div className="space-y-6">
      <PageTitle page={`Order #${order.order_number}`} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="font-bold text-2xl tracking-tight">Order #{order.order_number}</h1>
          <p className="text-muted-foreground">Placed on {formatLongDate(order.created_at)}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <OrderStatusBadge status={order.status} className="text-sm" />
          <p className="font-bold text-2xl tabular-nums" data-testid="order-total">
            {formatMoney(order.total_amount, order.currency)}
          </p>
        </div>
      </div>
      {notice}
      <div className="grid gap-6 md:grid-cols-2">
        <PaymentInformation order={order} />
        <ShippingInformation order={order} />
      </div>
      <OrderItems order={order} />
    </div>
  );
}
