import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { Input } from '@cartwheel/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';

/**
 * Order lines with how many units are left for an action (fulfil, refund) and a number box for how
 * many to take now, between 0 and what is left.
 */
export function LineQuantities({
  lines,
  leftOf,
  unitsOf,
  onChange,
  leftLabel,
  actionLabel,
}: {
  lines: OrderDetail['items'];
  leftOf: (line: OrderDetail['items'][number]) => number;
  unitsOf: (line: OrderDetail['items'][number], left: number) => number;
  onChange: (lineId: string, units: number) => void;
  leftLabel: string;
  /** The column's title and the verb in each box's name ("Units of Mug to {verb}"). */
  actionLabel: { title: string; verb: string };
}) {
  return (
    <Table pinEnd>
      <TableHeader>
        <TableRow>
          <TableHead>Item</TableHead>
          <TableHead className="text-right">{leftLabel}</TableHead>
          <TableHead className="w-24 text-right">{actionLabel.title}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => {
          const left = leftOf(line);
          return (
            <TableRow key={line.id}>
              <TableCell className="whitespace-normal">
                <span className="font-medium">{line.product_name}</span>
                {line.variant_title ? (
                  <span className="block text-muted-foreground text-xs">{line.variant_title}</span>
                ) : null}
              </TableCell>
              <TableCell className="text-right tabular-nums">{left}</TableCell>
              <TableCell className="text-right">
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={left}
                  step={1}
                  value={unitsOf(line, left)}
                  aria-label={`Units of ${line.product_name} to ${actionLabel.verb}`}
                  onChange={(event) => {
                    const n = Math.trunc(Number(event.target.value));
                    onChange(line.id, Number.isFinite(n) ? n : 0);
                  }}
                  className="h-8 text-right"
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
