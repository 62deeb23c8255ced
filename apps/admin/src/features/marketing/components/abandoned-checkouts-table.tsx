import type { AbandonedCheckout } from '@cartwheel/shared/contracts/marketing';
import { formatLogTime } from '@cartwheel/shared/dates';
import { formatMoney } from '@cartwheel/shared/money';
import { Badge } from '@cartwheel/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';

const itemsText = (items: AbandonedCheckout['items']) =>
  items.map((item) => (item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name)).join(', ');

/** Who started the checkout, what was in it, its value, when, and what recovery did. */
export function AbandonedCheckoutsTable({ checkouts }: { checkouts: AbandonedCheckout[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Customer</TableHead>
          <TableHead>Items</TableHead>
          <TableHead className="text-right">Value</TableHead>
          <TableHead>Started</TableHead>
          <TableHead>Email</TableHead>
          <TableHead className="text-right">Recovered</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {checkouts.map((c) => (
          <TableRow key={c.id} data-testid="abandoned-checkout">
            {/* A long name or email wraps: the table fits its card from a laptop's width up. */}
            <TableCell className="min-w-40 whitespace-normal break-all">
              <div className="flex flex-col">
                <span className="font-medium">{c.name ?? c.email}</span>
                <span className="text-muted-foreground text-xs">
                  {c.email}
                  {c.is_guest ? ' · Guest' : ''}
                </span>
              </div>
            </TableCell>
            <TableCell className="max-w-56 truncate">{itemsText(c.items)}</TableCell>
            <TableCell className="text-right">{formatMoney(c.total_amount, c.currency)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatLogTime(c.created_at)}</TableCell>
            <TableCell className="whitespace-nowrap">
              {c.email_sent_at ? (
                <Badge variant="secondary">Sent {formatLogTime(c.email_sent_at)}</Badge>
              ) : c.marketing_opt_in ? (
                <span className="text-muted-foreground text-sm">Not sent</span>
              ) : (
                <span className="text-muted-foreground text-sm">No consent</span>
              )}
            </TableCell>
            <TableCell className="text-right">
              {c.recovered_amount !== null ? formatMoney(c.recovered_amount, c.currency) : '—'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
