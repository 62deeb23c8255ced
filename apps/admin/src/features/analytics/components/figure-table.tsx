import { guardCell } from '@cartwheel/shared/csv-cell';
import { Button } from '@cartwheel/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';

export interface FigureColumn<T> {
  title: string;
  /** What the cell shows. */
  cell: (row: T) => ReactNode;
  /** The value in the CSV file (plain numbers, cents as dollars with two decimals). */
  csv: (row: T) => string | number;
  numeric?: boolean;
  /** In the CSV file only (the table shows it inside another column). */
  csvOnly?: boolean;
}

/** Downloads rows as a CSV file named `name`-`suffix`.csv, every text cell guarded against formulas. */
function downloadCsv<T>(name: string, columns: FigureColumn<T>[], rows: T[]) {
  const body = stringify([
    columns.map((c) => c.title),
    ...rows.map((row) =>
      columns.map((c) => {
        const value = c.csv(row);
        return typeof value === 'string' ? guardCell(value) : value;
      }),
    ),
  ]);
  const url = URL.createObjectURL(new Blob([body], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/** A card with a titled table of figures, an empty state, and Export CSV of exactly what it shows. */
export function FigureTable<T>({
  title,
  description,
  file,
  columns,
  rows,
  rowKey,
  empty,
}: {
  title: string;
  description: string;
  /** The CSV file's name, without .csv. */
  file: string;
  columns: FigureColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
}) {
  const shown = columns.filter((c) => !c.csvOnly);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        <CardAction>
          <Button
            variant="outline"
            size="sm"
            disabled={!rows.length}
            onClick={() => downloadCsv(file, columns, rows)}
            aria-label={`Export ${title} as CSV`}
          >
            <Download aria-hidden="true" />
            CSV
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {rows.length ? (
          <Table aria-label={title}>
            <TableHeader>
              <TableRow>
                {shown.map((c) => (
                  <TableHead key={c.title} className={c.numeric ? 'text-right' : undefined}>
                    {c.title}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={rowKey(row)}>
                  {shown.map((c) => (
                    <TableCell key={c.title} className={c.numeric ? 'text-right tabular-nums' : undefined}>
                      {c.numeric ? c.cell(row) : <div className="max-w-[14rem] truncate">{c.cell(row)}</div>}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <p className="py-6 text-center text-muted-foreground text-sm">{empty}</p>
        )}
      </CardContent>
    </Card>
  );
}
