import type { DraftQuote } from '@cartwheel/shared/contracts/draft-orders';
import { formatMoney } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Trash2 } from 'lucide-react';
import { LineTotal } from '../../../components/line-total.tsx';
import { type PickedLine, ProductLinePicker, withPicked } from '../../../components/product-line-picker.tsx';
import { type FormLine, lineKey } from '../draft-form.ts';

/** Products: search the catalogue, pick a variant where there are some, set quantities. */
export function LinePicker({
  lines,
  onChange,
  quote,
  disabled,
}: {
  lines: FormLine[];
  onChange: (lines: FormLine[]) => void;
  quote: DraftQuote | undefined;
  disabled: boolean;
}) {
  const add = (picked: PickedLine) => onChange(withPicked(lines, picked, { ...picked, quantity: 1 }));
  const priced = new Map((quote?.priced?.lines ?? []).map((l) => [l.key, l]));

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Products</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {disabled ? null : <ProductLinePicker label="Search products" onAdd={add} />}
        {lines.length === 0 ? (
          <p className="text-muted-foreground text-sm">No products yet.</p>
        ) : (
          <Table aria-label="Order lines" pinEnd>
            <TableHeader>
              <TableRow>
                <TableHead>Product</TableHead>
                <TableHead className="text-right">Price</TableHead>
                <TableHead className="w-28">Quantity</TableHead>
                <TableHead className="text-right">Total</TableHead>
                <TableHead className="w-10">
                  <span className="sr-only">Remove</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {lines.map((line, i) => {
                const p = priced.get(lineKey(line));
                return (
                  <TableRow key={lineKey(line)}>
                    <TableCell className="max-w-[16rem] truncate">{line.label}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {p && quote ? formatMoney(p.unit_price, quote.currency) : '—'}
                    </TableCell>
                    <TableCell>
                      <Input
                        type="number"
                        min={1}
                        max={9999}
                        aria-label={`Quantity of ${line.label}`}
                        value={line.quantity}
                        disabled={disabled}
                        onChange={(e) => {
                          const quantity = Math.max(1, Math.min(9999, Number(e.target.value) || 1));
                          onChange(lines.map((l, j) => (j === i ? { ...l, quantity } : l)));
                        }}
                      />
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {p && quote ? (
                        <LineTotal
                          subtotal={p.subtotal}
                          discount={p.discount}
                          total={p.total}
                          currency={quote.currency}
                        />
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell>
                      {disabled ? null : (
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Remove ${line.label}`}
                          onClick={() => onChange(lines.filter((_, j) => j !== i))}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
