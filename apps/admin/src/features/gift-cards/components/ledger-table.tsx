import type { GiftCardTransaction } from '@cartwheel/shared/contracts/gift-cards';
import { formatDateTime } from '@cartwheel/shared/dates';
import { formatMoney } from '@cartwheel/shared/money';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Link } from 'react-router';

const KIND_LABELS: Record<GiftCardTransaction['kind'], string> = {
  issue: 'Issued',
  redeem: 'Used at checkout',
  release: 'Checkout ended unpaid',
  refund: 'Refunded',
  adjust: 'Adjusted',
};

/** A balance's ledger, newest first: every change, by how much, and the balance it left. */
export function LedgerTable({
  transactions,
  currency,
}: {
  transactions: Array<GiftCardTransaction & { currency?: string }>;
  currency: string;
}) {
  if (transactions.length === 0) return <p className="text-muted-foreground text-sm">No changes yet.</p>;
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Change</TableHead>
            <TableHead>Order</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead className="text-right">Balance</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {transactions.map((t) => (
            <TableRow key={t.id} data-testid="ledger-row">
              <TableCell className="text-sm">{formatDateTime(t.created_at)}</TableCell>
              <TableCell className="whitespace-normal">
                {KIND_LABELS[t.kind]}
                {t.note ? <p className="text-muted-foreground text-sm">{t.note}</p> : null}
              </TableCell>
              <TableCell>
                {t.order_id && t.order_number !== null ? (
                  <Link to={`/orders/${t.order_id}`} className="underline-offset-4 hover:underline">
                    #{t.order_number}
                  </Link>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {t.amount > 0 ? '+' : ''}
                {formatMoney(t.amount, t.currency ?? currency)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {formatMoney(t.balance_after, t.currency ?? currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
