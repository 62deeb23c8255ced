import type { DraftOrderList } from '@cartwheel/shared/contracts/draft-orders';
import { formatDate } from '@cartwheel/shared/dates';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { MonitorSmartphone, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useDraftOrders } from '../features/draft-orders/api/draft-orders.ts';

type State = DraftOrderList['items'][number]['state'];
export const DRAFT_STATE_LABELS: Record<State, string> = {
  open: 'Open',
  link_sent: 'Payment link sent',
  completed: 'Completed',
};
const STATE_VARIANT: Record<State, 'default' | 'secondary' | 'outline'> = {
  open: 'secondary',
  link_sent: 'outline',
  completed: 'default',
};

/** /admin/channels/pos: draft orders staff build by hand, and the button to start one. */
export function PosRoute() {
  const drafts = useDraftOrders();
  return (
    <>
      <PageHeader title="Point of Sale">
        <Button asChild>
          <Link to="/channels/pos/new">
            <Plus aria-hidden="true" />
            New order
          </Link>
        </Button>
      </PageHeader>
      {drafts.isPending ? (
        <LoadingBlocks blockClassName="h-16 w-full" />
      ) : drafts.isError ? (
        <LoadError title="Error loading the draft orders" error={drafts.error} />
      ) : drafts.data.items.length === 0 ? (
        <EmptyState icon={MonitorSmartphone} title="No draft orders yet">
          Create an order by hand for a sale in person or over the phone, then mark it paid or send the
          customer a payment link.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table aria-label="Draft orders" pinEnd>
            <TableHeader>
              <TableRow>
                <TableHead>Draft</TableHead>
                <TableHead>Customer</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden md:table-cell">Created by</TableHead>
                <TableHead className="hidden md:table-cell">Date</TableHead>
                <TableHead>Order</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {drafts.data.items.map((d) => (
                <TableRow key={d.id} data-testid="draft-row">
                  <TableCell>
                    <Link to={`/channels/pos/${d.id}`} className="font-medium hover:underline">
                      #D{d.draft_number}
                    </Link>
                  </TableCell>
                  <TableCell className="max-w-[14rem] truncate">{d.customer}</TableCell>
                  <TableCell>
                    <Badge variant={STATE_VARIANT[d.state]}>{DRAFT_STATE_LABELS[d.state]}</Badge>
                  </TableCell>
                  <TableCell className="hidden max-w-[12rem] truncate md:table-cell">
                    {d.created_by_name ?? '—'}
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{formatDate(d.created_at)}</TableCell>
                  <TableCell>
                    {d.order_id && d.order_number ? (
                      <Link to={`/orders/${d.order_id}`} className="hover:underline">
                        #{d.order_number}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
}
