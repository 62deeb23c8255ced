import type { ReturnReason } from '@cartwheel/shared/contracts/returns';
import { formatMoney } from '@cartwheel/shared/money';
import { Card, CardContent } from '@cartwheel/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Link, useParams } from 'react-router';
import { BackLink, RecordError, RecordLoading } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useReturn } from '../features/returns/api/returns.ts';
import { CONDITION_LABELS, ReturnActions } from '../features/returns/components/return-actions.tsx';
import { ReturnStatusBadge } from '../features/returns/components/return-table.tsx';

const back = <BackLink to="/returns">Back to Returns</BackLink>;

const REASON_LABELS: Record<ReturnReason, string> = {
  too_small: 'Too small',
  too_large: 'Too large',
  not_as_described: 'Not as described',
  damaged: 'Arrived damaged',
  wrong_item: 'Wrong item sent',
  changed_mind: 'Changed their mind',
  other: 'Other',
};

/** /admin/returns/:returnId: a return's lines, label and refund, and the next step. */
export function ReturnRoute() {
  const { returnId = '' } = useParams();
  const query = useReturn(returnId);
  if (query.isPending) return <RecordLoading back={back} bodyClassName="h-40 w-full" />;
  if (query.isError) return <RecordError back={back} noun="return" error={query.error} />;
  const detail = query.data;
  return (
    <>
      <div className="flex flex-col gap-2">
        {back}
        <PageHeader title={`Return ${detail.rma}`}>
          <ReturnStatusBadge status={detail.status} />
        </PageHeader>
      </div>
      <Card>
        <CardContent className="grid gap-2 pt-6 [overflow-wrap:anywhere] sm:grid-cols-2">
          <p>
            <span className="text-muted-foreground">Order: </span>
            <Link to={`/orders/${detail.order_id}`} className="underline-offset-4 hover:underline">
              #{detail.order_number}
            </Link>
          </p>
          <p>
            <span className="text-muted-foreground">Customer: </span>
            {detail.customer_name || '—'} {detail.customer_email ? `(${detail.customer_email})` : ''}
          </p>
          {detail.note ? (
            <p className="sm:col-span-2">
              <span className="text-muted-foreground">Shopper's note: </span>
              {detail.note}
            </p>
          ) : null}
          {detail.decline_reason ? (
            <p className="sm:col-span-2">
              <span className="text-muted-foreground">Declined: </span>
              {detail.decline_reason}
            </p>
          ) : null}
          {detail.label ? (
            <p data-testid="return-label">
              <span className="text-muted-foreground">Label: </span>
              <a
                href={`/api/admin/returns/${detail.id}/label`}
                target="_blank"
                rel="noreferrer"
                className="underline underline-offset-4"
              >
                Open return label
              </a>
              {detail.label.tracking_number
                ? ` (${detail.label.carrier}: ${detail.label.tracking_number})`
                : ''}
            </p>
          ) : null}
          {detail.refund ? (
            <p data-testid="return-refund">
              <span className="text-muted-foreground">Refunded: </span>
              {formatMoney(detail.refund.amount, detail.currency)}
              {detail.refunded_to === 'store_credit' ? ' as store credit' : ' to the original payment'}
            </p>
          ) : null}
        </CardContent>
      </Card>
      <div className="overflow-x-auto rounded-md border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Item</TableHead>
              <TableHead className="text-right">Units</TableHead>
              <TableHead>Reason</TableHead>
              <TableHead>Exchange</TableHead>
              <TableHead>Condition</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {detail.items.map((item) => (
              <TableRow key={item.id} data-testid="return-item">
                <TableCell>
                  {item.product_name}
                  {item.variant_title ? ` (${item.variant_title})` : ''}
                </TableCell>
                <TableCell className="text-right tabular-nums">{item.quantity}</TableCell>
                <TableCell>{REASON_LABELS[item.reason]}</TableCell>
                <TableCell data-testid="return-exchange">
                  {item.exchange
                    ? `${item.exchange.title} at ${formatMoney(item.exchange.price, detail.currency)} each${
                        item.exchange.reserved
                          ? ', held from stock'
                          : detail.status === 'requested'
                            ? ''
                            : ', not held'
                      }`
                    : 'Refund'}
                </TableCell>
                <TableCell>
                  {item.condition
                    ? `${CONDITION_LABELS[item.condition]}${item.restocked ? ', returned to stock' : ', not restocked'}`
                    : '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ReturnActions detail={detail} />
    </>
  );
}
