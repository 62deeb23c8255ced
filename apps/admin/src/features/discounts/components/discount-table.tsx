import type { Discount, DiscountStatus } from '@cartwheel/shared/contracts/discounts';
import { formatDate } from '@cartwheel/shared/dates';
import { formatMoney } from '@cartwheel/shared/money';
import { Badge } from '@cartwheel/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Link } from 'react-router';
import { describeDiscount, STATUS_LABELS, usesText } from '../discount-draft.ts';

const STATUS_VARIANT: Record<DiscountStatus, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  active: 'default',
  scheduled: 'secondary',
  expired: 'outline',
  used_up: 'outline',
  disabled: 'outline',
};

export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{STATUS_LABELS[status]}</Badge>;
}

function datesText(d: Discount): string {
  if (d.starts_at && d.ends_at) return `${formatDate(d.starts_at)} – ${formatDate(d.ends_at)}`;
  if (d.ends_at) return `Until ${formatDate(d.ends_at)}`;
  if (d.starts_at) return `From ${formatDate(d.starts_at)}`;
  return 'No end date';
}

/** The discounts: code (or Automatic), what it gives, status, uses, amount given, dates. */
export function DiscountTable({ discounts }: { discounts: Discount[] }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Discount</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="hidden md:table-cell">Used</TableHead>
            <TableHead className="hidden text-right md:table-cell">Given</TableHead>
            <TableHead className="hidden lg:table-cell">Dates</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {discounts.map((d) => (
            <TableRow key={d.id} data-testid="discount-row">
              <TableCell className="min-w-0 whitespace-normal">
                <Link to={`/discounts/${d.id}`} className="font-medium underline-offset-4 hover:underline">
                  {d.code ?? 'Automatic'}
                </Link>
                <p className="text-muted-foreground text-sm">{d.title}</p>
                <p className="text-sm">{describeDiscount(d)}</p>
              </TableCell>
              <TableCell>
                <DiscountStatusBadge status={d.status} />
              </TableCell>
              <TableCell className="hidden tabular-nums md:table-cell">{usesText(d)}</TableCell>
              <TableCell className="hidden text-right tabular-nums md:table-cell">
                {formatMoney(d.amount_given, d.currency)}
              </TableCell>
              <TableCell className="hidden text-sm lg:table-cell">{datesText(d)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
