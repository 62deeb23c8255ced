import { ApiError } from '@cartwheel/shared/api-client';
import type { CustomerOrderDetail } from '@cartwheel/shared/contracts/customer-orders';
import { formatPercent } from '@cartwheel/shared/money';
import { type OrderTotalRow, orderTotalRows } from '@cartwheel/shared/order-totals';
import { paymentMethodLabel } from '@cartwheel/shared/payment-methods';
import { capitalize } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { cn } from '@cartwheel/ui/lib/utils';
import { PostalAddress } from '@cartwheel/ui/postal-address';
import { ResponsiveImage } from '@cartwheel/ui/responsive-image';
import { Separator } from '@cartwheel/ui/separator';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { CreditCard, FileText, type LucideIcon, Package, Truck } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { GiftCardNote } from '../../../components/gift-card-note.tsx';
import { LoadingRegion } from '../../../components/loading.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import { useAccountOrder } from '../api/get-account-order.ts';
import { OrderShipments } from './order-shipments.tsx';
import { OrderStatusTag } from './order-status.tsx';

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
      className={cn('flex items-center justify-between gap-4 text-sm', strong && 'font-semibold text-base!')}
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
  const t = useT();
  return (
    <Row label={label}>
      <span
        data-testid={testId}
        className={cn(
          status === done ? 'font-semibold text-green-600 dark:text-green-500' : 'text-muted-foreground',
        )}
      >
        {statusLabel(t, status)}
      </span>
    </Row>
  );
}

const STATUS_LABELS = {
  unpaid: 'status.unpaid',
  paid: 'status.paid',
  partially_refunded: 'status.partiallyRefunded',
  failed: 'status.failed',
  refunded: 'status.refunded',
  unfulfilled: 'status.unfulfilled',
  partial: 'status.partial',
  fulfilled: 'status.fulfilled',
} as const;

/** A payment or fulfilment status in the page's language ("Partially refunded"). */
function statusLabel(t: ReturnType<typeof useT>, status: string): string {
  const id = STATUS_LABELS[status as keyof typeof STATUS_LABELS];
  return id ? t(id) : capitalize(status.replaceAll('_', ' '));
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
        <CardTitle className="flex items-center gap-2 text-lg leading-7!">
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
  const { rows, included } = orderTotalRows({
    ...order,
    shipping_amount: order.shipping_amount ?? 0,
    tax_amount: order.tax_amount ?? 0,
    discounts: order.discounts ?? [],
    tax_lines: order.tax_lines ?? [],
  });
  const t = useT();
  // The totals' own words in the page's language; discount and tax names are the shop's.
  const label = (row: OrderTotalRow) => {
    if (row.kind === 'subtotal') return t('cart.subtotal');
    if (row.kind !== 'shipping') return row.label;
    return order.shipping_method
      ? t('orders.shippingWith', { method: order.shipping_method })
      : t('checkout.shipping');
  };
  return (
    <>
      {rows.map((row) =>
        row.kind === 'total' ? (
          <Fragment key="total">
            <Separator className="my-2" />
            <Row label={t('checkout.total')} strong testId="order-total-row">
              {t.money(row.amount, order.currency)}
            </Row>
          </Fragment>
        ) : (
          <Row key={`${row.kind}:${row.label}`} label={label(row)} testId={ROW_TEST_IDS[row.kind]}>
            {row.kind === 'discount'
              ? `−${t.money(row.amount, order.currency)}`
              : t.money(row.amount, order.currency)}
          </Row>
        ),
      )}
      {included.map((tax) => (
        <div key={tax.label} className="text-right text-muted-foreground text-xs">
          <dt className="sr-only">{t('orders.tax')}</dt>
          <dd data-testid="order-included-tax">
            {t('checkout.includedTax', {
              name: tax.name,
              rate: formatPercent(tax.rate_bps),
              amount: t.money(tax.amount, order.currency),
            })}
          </dd>
        </div>
      ))}
    </>
  );
}

function PaymentInformation({ order }: { order: CustomerOrderDetail }) {
  const t = useT();
  return (
    <SectionCard icon={CreditCard} title={t('orders.payment')}>
      <dl className="space-y-2">
        <StatusRow
          label={t('orders.paymentStatus')}
          testId="payment-status"
          status={order.payment_status}
          done="paid"
        />
        <Row label={t('orders.paymentMethod')}>{paymentMethodLabel(order.payment_method)}</Row>
        {order.payment_due_at ? (
          <Row label={t('orders.paymentDue')}>
            <span data-testid="payment-due">{t.date(order.payment_due_at)}</span>
          </Row>
        ) : null}
        {order.tax_exemption_number ? (
          <Row label={t('orders.taxExempt')}>
            <span data-testid="tax-exemption">{order.tax_exemption_number}</span>
          </Row>
        ) : null}
        {order.tenders.map((tender) => (
          <Row
            key={`${tender.kind}-${tender.last_characters ?? ''}`}
            label={
              tender.kind === 'gift_card'
                ? t('checkout.giftCard', { last: tender.last_characters ?? '' })
                : t('checkout.storeCredit')
            }
          >
            <span data-testid="order-tender">{t.money(tender.amount, order.currency)}</span>
          </Row>
        ))}
        <Separator className="my-2" />
        <OrderTotals order={order} />
        {order.refunded_amount ? (
          <Row label={t('status.refunded')}>
            <span data-testid="refunded-amount">−{t.money(order.refunded_amount, order.currency)}</span>
          </Row>
        ) : null}
      </dl>
    </SectionCard>
  );
}

function ShippingInformation({ order }: { order: CustomerOrderDetail }) {
  const address = order.shipping_address;
  const t = useT();
  return (
    <SectionCard icon={Truck} title={t('orders.shippingInfo')} contentClassName="space-y-4">
      <dl className="space-y-2">
        <StatusRow
          label={t('orders.fulfillmentStatus')}
          testId="fulfillment-status"
          status={order.fulfillment_status}
          done="fulfilled"
        />
        <Row label={t('checkout.shippingMethod')}>
          <span data-testid="shipping-method">{order.shipping_method || t('orders.standard')}</span>
          {order.shipping_delivery_estimate ? (
            <span className="block text-muted-foreground text-xs">{order.shipping_delivery_estimate}</span>
          ) : null}
        </Row>
      </dl>
      <OrderShipments fulfilments={order.fulfilments} />
      {address ? (
        <div className="text-sm">
          <h3 className="mb-1 font-medium">{t('orders.shippingAddress')}</h3>
          <PostalAddress address={address} className="text-muted-foreground" data-testid="shipping-address" />
        </div>
      ) : null}
    </SectionCard>
  );
}

const PLACEHOLDER_IMAGE_URL = `${import.meta.env.BASE_URL}placeholder.svg`;

function OrderItems({ order }: { order: CustomerOrderDetail }) {
  const t = useT();
  return (
    <SectionCard icon={Package} title={t('orders.items', { count: order.item_count })}>
      <ul aria-label={t('orders.itemsLabel')} className="divide-y">
        {order.order_items.map((item) => (
          <li
            key={item.id}
            data-testid="order-item"
            className="flex flex-wrap items-start justify-between gap-4 py-3"
          >
            <ResponsiveImage
              image={item.image_url ? { url: item.image_url, variants: null } : null}
              fallbackSrc={PLACEHOLDER_IMAGE_URL}
              alt=""
              width={56}
              height={56}
              sizes="56px"
              className="size-14 shrink-0 rounded-md border bg-muted object-cover"
              data-testid="order-item-image"
            />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{item.product_name}</p>
              {item.variant_title ? (
                <p className="text-muted-foreground text-sm">{item.variant_title}</p>
              ) : null}
              <p className="text-muted-foreground text-xs">{t('orders.sku', { sku: item.product_sku })}</p>
              <GiftCardNote giftCard={item.gift_card} />
            </div>
            <div className="text-right">
              <p className="text-muted-foreground text-sm tabular-nums">
                {t.money(item.price_per_item, order.currency)} × {item.quantity}
              </p>
              {item.discount_amount > 0 ? (
                <p className="text-green-700 text-sm tabular-nums dark:text-green-500">
                  −{t.money(item.discount_amount, order.currency)}
                </p>
              ) : null}
              <p className="font-semibold tabular-nums">{t.money(item.total_amount, order.currency)}</p>
            </div>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

export function DetailSkeleton() {
  const t = useT();
  return (
    <LoadingRegion label={t('orders.loadingOne')} className="space-y-6">
      <Skeleton className="h-10 w-64" />
      <div className="grid gap-6 md:grid-cols-2">
        <Skeleton className="h-64 w-full rounded-xl!" />
        <Skeleton className="h-64 w-full rounded-xl!" />
      </div>
      <Skeleton className="h-48 w-full rounded-xl!" />
    </LoadingRegion>
  );
}

function OrderNotFound() {
  const t = useT();
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <PageTitle page={t('orders.notFound')} />
        <Package aria-hidden="true" className="size-12 text-muted-foreground" />
        <h1 className="font-semibold text-xl">{t('orders.notFound')}</h1>
        <p className="text-muted-foreground">{t('orders.notFoundText')}</p>
        <Button asChild>
          <Link to="/account/orders">{t('orders.backToOrders')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /account/orders/:orderId's body: every section of one order. */
export function OrderDetail({
  userId,
  orderId,
  returns,
}: {
  userId: string;
  orderId: string;
  /** The returns section the route puts under the order (features/returns). */
  returns?: ReactNode;
}) {
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
  return <OrderDetailView order={order} returns={returns} actions={<InvoiceLink order={order} />} />;
}

/** Payment states of an order that has been paid: only those have an invoice. */
const INVOICED = new Set(['paid', 'partially_refunded', 'refunded']);

/** The signed-in shopper's invoice of a paid order, a PDF the server issues on its first download. */
function InvoiceLink({ order }: { order: CustomerOrderDetail }) {
  const t = useT();
  if (!INVOICED.has(order.payment_status)) return null;
  return (
    <Button variant="outline" size="sm" asChild>
      <a href={`/api/account/orders/${order.id}/invoice`} target="_blank" rel="noopener">
        <FileText aria-hidden="true" />
        {t('orders.downloadInvoice')}
      </a>
    </Button>
  );
}

/**
 * Every section of one order: the account's order page and the guest's order link both show this.
 * `notice` goes under the heading (the link page's offer to create an account), `actions` under the
 * total (the account's invoice), `returns` at the end.
 */
export function OrderDetailView({
  order,
  notice,
  actions,
  returns,
}: {
  order: CustomerOrderDetail;
  notice?: ReactNode;
  actions?: ReactNode;
  returns?: ReactNode;
}) {
  const t = useT();
  const title = t('orders.title', { number: String(order.order_number) });
  return (
    <div className="space-y-6">
      <PageTitle page={title} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
          <p className="text-muted-foreground">
            {t('orders.placedOn', { date: t.date(order.created_at, 'long') })}
          </p>
        </div>
        {/* Wrapped under the heading on a phone, the status and total line up with it on the left. */}
        <div className="flex flex-col items-start gap-1 sm:items-end" data-testid="order-status-total">
          <OrderStatusTag status={order.status} className="text-sm!" />
          <p className="font-bold text-2xl tabular-nums" data-testid="order-total">
            {t.money(order.total_amount, order.currency)}
          </p>
          {actions}
        </div>
      </div>
      {notice}
      <OrderReceipt order={order} />
      {returns}
    </div>
  );
}

/** The order's payment, shipping and lines: its page in the account and the checkout's receipt. */
export function OrderReceipt({ order }: { order: CustomerOrderDetail }) {
  return (
    <>
      <div className="grid gap-6 md:grid-cols-2">
        <PaymentInformation order={order} />
        <ShippingInformation order={order} />
      </div>
      <OrderItems order={order} />
    </>
  );
}
