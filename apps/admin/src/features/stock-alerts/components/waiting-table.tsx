import type { WaitingItem } from '@cartwheel/shared/contracts/stock-alerts';
import { formatLogTime } from '@cartwheel/shared/dates';
import { Button } from '@cartwheel/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { useWaitingSubscribers } from '../api/stock-alerts.ts';

const keyOf = (item: WaitingItem) => `${item.product_id}:${item.variant_id ?? ''}`;

/** Per item: how many wait, since when and the stock now; a row opens the list of who waits. */
export function WaitingTable({ items }: { items: WaitingItem[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Product</TableHead>
          <TableHead>SKU</TableHead>
          <TableHead className="text-right">In stock</TableHead>
          <TableHead className="text-right">Waiting</TableHead>
          <TableHead>Waiting since</TableHead>
          <TableHead>
            <span className="sr-only">Shoppers</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => {
          const key = keyOf(item);
          const expanded = open === key;
          return (
            <Fragment key={key}>
              <TableRow data-testid="waiting-item">
                <TableCell>
                  <Link to={`/products/${item.product_id}`} className="font-medium hover:underline">
                    {item.product_name}
                  </Link>
                  {item.variant_title ? (
                    <span className="block text-muted-foreground text-xs">{item.variant_title}</span>
                  ) : null}
                </TableCell>
                <TableCell className="font-mono text-xs">{item.sku}</TableCell>
                <TableCell className="text-right tabular-nums">{item.inventory_level}</TableCell>
                <TableCell className="text-right font-medium tabular-nums" data-testid="waiting-count">
                  {item.waiting}
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatLogTime(item.oldest_at)}</TableCell>
                <TableCell className="text-right">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-expanded={expanded}
                    onClick={() => setOpen(expanded ? null : key)}
                  >
                    {expanded ? 'Hide shoppers' : 'Show shoppers'}
                  </Button>
                </TableCell>
              </TableRow>
              {expanded ? (
                <TableRow>
                  <TableCell colSpan={6} className="bg-muted/40">
                    <Subscribers productId={item.product_id} variantId={item.variant_id} />
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The addresses waiting for one item, in the order they will be emailed. */
function Subscribers({ productId, variantId }: { productId: string; variantId: string | null }) {
  const { data, isPending, isError } = useWaitingSubscribers(productId, variantId, true);
  if (isPending) return <p className="text-muted-foreground text-sm">Loading…</p>;
  if (isError) return <p className="text-destructive text-sm">Could not load the shoppers waiting.</p>;
  return (
    <ol className="flex list-decimal flex-col gap-1 pl-6 text-sm" data-testid="waiting-subscribers">
      {data.items.map((s) => (
        <li key={s.id}>
          {s.customer_id ? (
            <Link to={`/customers/${s.customer_id}`} className="hover:underline">
              {s.email}
            </Link>
          ) : (
            <span>{s.email}</span>
          )}{' '}
          <span className="text-muted-foreground">· {formatLogTime(s.created_at)}</span>
        </li>
      ))}
    </ol>
  );
}
