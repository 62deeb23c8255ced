import type { ItemStock } from '@cartwheel/shared/contracts/locations';
import { stockCountInput } from '@cartwheel/shared/contracts/locations';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { useState } from 'react';
import { toast } from 'sonner';
import { useCan } from '../../../lib/use-can.ts';
import { useCountStock, useProductStock, useStockHistory } from '../api/locations.ts';

const REASONS: Record<string, string> = {
  sale: 'Sale',
  cancellation: 'Cancelled order',
  return: 'Return',
  edit: 'Order edit',
  exchange: 'Exchange',
  fulfilment: 'Shipped from here',
  transfer_out: 'Transfer out',
  transfer_in: 'Transfer in',
  count: 'Count',
  adjustment: 'Adjustment',
};

/** The product editor's stock by location: each item's on hand and incoming, counts, and its history. */
export function ProductStockCard({ productId }: { productId: string }) {
  const stock = useProductStock(productId);
  const [history, setHistory] = useState<ItemStock | null>(null);
  if (!stock.data) return null;
  const items = stock.data.items;
  const locations = items[0]?.locations ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Stock by location</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Table aria-label="Stock by location" pinEnd>
          <TableHeader>
            <TableRow>
              <TableHead>Item</TableHead>
              {locations.map((l) => (
                <TableHead key={l.location_id} className="text-right">
                  {l.location_name}
                </TableHead>
              ))}
              <TableHead className="text-right">Sells online</TableHead>
              <TableHead className="sr-only">History</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.variant_id ?? item.product_id}>
                <TableCell>{item.label}</TableCell>
                {item.locations.map((l) => (
                  <TableCell key={l.location_id} className="text-right tabular-nums">
                    <CountCell
                      item={item}
                      locationId={l.location_id}
                      locationName={l.location_name}
                      onHand={l.on_hand}
                    />
                    {l.incoming ? (
                      <span className="text-muted-foreground text-xs"> +{l.incoming} incoming</span>
                    ) : null}
                  </TableCell>
                ))}
                <TableCell className="text-right tabular-nums">{item.sellable}</TableCell>
                <TableCell className="text-right">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setHistory(item)}
                    aria-label={`History of ${item.label}`}
                  >
                    History
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {history ? <StockHistory item={history} /> : null}
      </CardContent>
    </Card>
  );
}

/** What is on hand; staff who may count stock change it in place. */
function CountCell({
  item,
  locationId,
  locationName,
  onHand,
}: {
  item: ItemStock;
  locationId: string;
  locationName: string;
  onHand: number;
}) {
  const can = useCan();
  const count = useCountStock();
  const [value, setValue] = useState(String(onHand));
  if (!can('stock.adjust')) return <span>{onHand}</span>;
  const save = () => {
    const body = stockCountInput.safeParse({
      variant_id: item.variant_id,
      product_id: item.variant_id ? null : item.product_id,
      location_id: locationId,
      on_hand: value.trim() === '' ? Number.NaN : Number(value),
    });
    if (!body.success) {
      toast.error(body.error.issues[0]?.message ?? 'Enter a whole number');
      return;
    }
    if (body.data.on_hand === onHand) return;
    count.mutate(body.data, {
      onSuccess: () => toast.success(`Stock of ${item.label} at ${locationName} saved`),
      onError: (error) => toast.error(`Failed to save the stock: ${getErrorMessage(error)}`),
    });
  };
  return (
    <Input
      aria-label={`${item.label} at ${locationName}`}
      className="ml-auto w-20 text-right"
      inputMode="numeric"
      value={value}
      disabled={count.isPending}
      onChange={(e) => setValue(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          save();
        }
      }}
    />
  );
}

function StockHistory({ item }: { item: ItemStock }) {
  const history = useStockHistory(item);
  return (
    <section aria-label={`Stock history of ${item.label}`} className="flex flex-col gap-2">
      <h3 className="font-medium text-sm">Stock history: {item.label}</h3>
      {history.isError ? (
        <p className="text-destructive text-sm">
          Error loading the history: {getErrorMessage(history.error)}
        </p>
      ) : !history.data ? null : history.data.items.length === 0 ? (
        <p className="text-muted-foreground text-sm">No moves yet.</p>
      ) : (
        <Table aria-label="Stock history">
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Location</TableHead>
              <TableHead>Why</TableHead>
              <TableHead className="text-right">Change</TableHead>
              <TableHead className="text-right">After</TableHead>
              <TableHead>By</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {history.data.items.map((m) => (
              <TableRow key={m.id}>
                <TableCell>{new Date(m.created_at).toLocaleString()}</TableCell>
                <TableCell>{m.location_name}</TableCell>
                <TableCell>{REASONS[m.reason] ?? m.reason}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {m.delta > 0 ? `+${m.delta}` : m.delta}
                </TableCell>
                <TableCell className="text-right tabular-nums">{m.on_hand}</TableCell>
                <TableCell>{m.staff_name ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
