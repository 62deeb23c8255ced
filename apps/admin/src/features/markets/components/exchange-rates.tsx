import type { MarketList } from '@cartwheel/shared/contracts/markets';
import { formatDateTime } from '@cartwheel/shared/dates';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { useState } from 'react';
import { toast } from 'sonner';
import { useSetRate } from '../api/markets.ts';

/** One currency's rate, editable: units of it per one unit of the base currency. */
function RateRow({ currency, list }: { currency: string; list: MarketList }) {
  const stored = list.rates.find((r) => r.currency === currency);
  const [rate, setRate] = useState(stored?.rate ?? '');
  const save = useSetRate();
  const onSave = async () => {
    try {
      await save.mutateAsync({ currency, rate: rate.trim() });
      toast.success(`${currency} rate saved`);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };
  return (
    <TableRow>
      <TableCell className="font-medium">{currency}</TableCell>
      <TableCell>
        <Input
          aria-label={`${currency} per ${list.base_currency}`}
          inputMode="decimal"
          className="w-36"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
        />
      </TableCell>
      <TableCell>
        {stored
          ? stored.source === 'feed'
            ? 'Daily feed'
            : 'Set by hand'
          : 'No rate: this market cannot sell'}
      </TableCell>
      <TableCell>{stored ? formatDateTime(stored.updated_at) : '—'}</TableCell>
      <TableCell>
        <Button size="sm" variant="outline" onClick={onSave} disabled={save.isPending || rate.trim() === ''}>
          Save
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** The exchange rates of the markets' currencies, with where and when each came from. */
export function ExchangeRates({ list }: { list: MarketList }) {
  const currencies = [
    ...new Set([
      ...list.items.map((m) => m.currency).filter((c) => c !== list.base_currency),
      ...list.rates.map((r) => r.currency),
    ]),
  ].sort();
  if (currencies.length === 0) {
    return <p className="text-muted-foreground text-sm">Every market sells in {list.base_currency}.</p>;
  }
  return (
    <Table pinEnd>
      <TableHeader>
        <TableRow>
          <TableHead>Currency</TableHead>
          <TableHead>Per 1 {list.base_currency}</TableHead>
          <TableHead>Source</TableHead>
          <TableHead>Updated</TableHead>
          <TableHead>
            <span className="sr-only">Save</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {currencies.map((c) => (
          <RateRow
            key={`${c}:${list.rates.find((r) => r.currency === c)?.updated_at ?? ''}`}
            currency={c}
            list={list}
          />
        ))}
      </TableBody>
    </Table>
  );
}
