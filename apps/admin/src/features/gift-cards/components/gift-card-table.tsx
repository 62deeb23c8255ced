import type { GiftCardSummary } from '@cartwheel/shared/contracts/gift-cards';
import { formatDate } from '@cartwheel/shared/dates';
import { formatMoney } from '@cartwheel/shared/money';
import { Badge } from '@cartwheel/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Link } from 'react-router';

/** Where a card stands: disabled, expired, spent or active. */
export function giftCardStatus(card: Pick<GiftCardSummary, 'disabled_at' | 'expires_at' | 'balance'>) {
  if (card.disabled_at) return 'Disabled';
  if (card.expires_at && new Date(card.expires_at) <= new Date()) return 'Expired';
  if (card.balance === 0) return 'Spent';
  return 'Active';
}

/** The gift cards: the code's last characters, status, balance of the initial value, recipient, dates. */
export function GiftCardTable({ cards }: { cards: GiftCardSummary[] }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Code</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Balance</TableHead>
            <TableHead className="hidden md:table-cell">Recipient</TableHead>
            <TableHead className="hidden lg:table-cell">Issued</TableHead>
            <TableHead className="hidden lg:table-cell">Expires</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {cards.map((card) => {
            const status = giftCardStatus(card);
            return (
              <TableRow key={card.id} data-testid="gift-card-row">
                <TableCell>
                  <Link
                    to={`/gift-cards/${card.id}`}
                    className="font-mono underline-offset-4 hover:underline"
                  >
                    ····{card.last_characters}
                  </Link>
                </TableCell>
                <TableCell>
                  <Badge variant={status === 'Active' ? 'default' : 'outline'}>{status}</Badge>
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatMoney(card.balance, card.currency)}
                  <span className="text-muted-foreground">
                    {' '}
                    / {formatMoney(card.initial_amount, card.currency)}
                  </span>
                </TableCell>
                <TableCell className="hidden md:table-cell">{card.recipient_email ?? '—'}</TableCell>
                <TableCell className="hidden text-sm lg:table-cell">{formatDate(card.created_at)}</TableCell>
                <TableCell className="hidden text-sm lg:table-cell">
                  {card.expires_at ? formatDate(card.expires_at) : 'Never'}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
