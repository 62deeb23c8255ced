import type { AdminProduct } from '@cartwheel/shared/contracts/admin-products';
import type { CustomerGroup, PriceList, PriceListInput } from '@cartwheel/shared/contracts/wholesale';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { toMajorString, toMinorUnits } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { useDebounced } from '@cartwheel/ui/lib/use-debounced';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useSavePriceList, useWholesaleProductSearch, useWholesaleVariants } from '../api/wholesale.ts';

/** One row of the editor: what it prices, from which quantity, and how. */
interface Row {
  product_id: string | null;
  variant_id: string | null;
  category_id: string | null;
  label: string;
  min_quantity: string;
  kind: 'fixed' | 'percent';
  /** The fixed price in major units, or the percentage off. */
  value: string;
  currency: string;
}

function rowOf(e: PriceList['entries'][number]): Row {
  const fixed = e.price !== null;
  return {
    product_id: e.product_id,
    variant_id: e.variant_id,
    category_id: e.category_id,
    label: e.label,
    min_quantity: String(e.min_quantity),
    kind: fixed ? 'fixed' : 'percent',
    value: fixed ? toMajorString(e.price, e.currency ?? 'USD') : String((e.percent_off_bps ?? 0) / 100),
    currency: e.currency ?? '',
  };
}

function entryOf(r: Row, baseCurrency: string): PriceListInput['entries'][number] {
  const fixed = r.kind === 'fixed';
  const currency = (r.currency || baseCurrency).toUpperCase();
  const number = Number(r.value);
  return {
    product_id: r.product_id,
    variant_id: r.variant_id,
    category_id: r.category_id,
    min_quantity: Number(r.min_quantity) || 0,
    price: fixed
      ? r.value.trim() === '' || Number.isNaN(number)
        ? Number.NaN
        : toMinorUnits(r.value, currency)
      : null,
    currency: fixed ? currency : null,
    percent_off_bps: fixed ? null : Math.round(number * 100),
  };
}

/**
 * A price list's name, group and entries: a fixed price per product or variant in a currency, or a
 * percentage off a product, a category or the whole catalog, each from a quantity on (a tier).
 */
export function PriceListEditor({
  list,
  groups,
  categories,
  baseCurrency,
  onSaved,
}: {
  list: PriceList | null;
  groups: CustomerGroup[];
  categories: Array<{ id: string; name: string; depth: number }>;
  baseCurrency: string;
  onSaved: (saved: PriceList) => void;
}) {
  const save = useSavePriceList();
  const [name, setName] = useState(list?.name ?? '');
  const [groupId, setGroupId] = useState(list?.group_id ?? groups[0]?.id ?? '');
  const [rows, setRows] = useState<Row[]>(list?.entries.map(rowOf) ?? []);
  const [q, setQ] = useState('');
  const search = useWholesaleProductSearch(useDebounced(q, 250));
  const base = { variant_id: null, min_quantity: '1', currency: '' } as const;
  const addRow = (row: Omit<Row, 'variant_id' | 'min_quantity' | 'currency'>) =>
    setRows([...rows, { ...base, ...row }]);
  const change = (i: number, patch: Partial<Row>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const [category, setCategory] = useState('');

  const submit = () =>
    save.mutate(
      {
        id: list?.id ?? null,
        body: { name, group_id: groupId, entries: rows.map((r) => entryOf(r, baseCurrency)) },
      },
      {
        onSuccess: (saved) => {
          toast.success('Price list saved');
          onSaved(saved);
        },
        onError: (error) => toast.error(`Failed to save the price list: ${getErrorMessage(error)}`),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{list ? 'Edit price list' : 'New price list'}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-3">
          <div className="grid gap-1">
            <Label htmlFor="price-list-name">Name</Label>
            <Input id="price-list-name" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="price-list-group">Customer group</Label>
            <NativeSelect id="price-list-group" value={groupId} onChange={(e) => setGroupId(e.target.value)}>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              addRow({
                product_id: null,
                category_id: null,
                label: 'Whole catalog',
                kind: 'percent',
                value: '',
              })
            }
          >
            <Plus aria-hidden="true" />
            Whole catalog
          </Button>
          <NativeSelect
            aria-label="Category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            className="w-48"
          >
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {`${'· '.repeat(c.depth)}${c.name}`}
              </option>
            ))}
          </NativeSelect>
          <Button
            type="button"
            variant="outline"
            disabled={!category}
            onClick={() => {
              const c = categories.find((x) => x.id === category);
              if (c)
                addRow({
                  product_id: null,
                  category_id: c.id,
                  label: `Category: ${c.name}`,
                  kind: 'percent',
                  value: '',
                });
            }}
          >
            <Plus aria-hidden="true" />
            Category
          </Button>
          <Input
            type="search"
            aria-label="Search products"
            placeholder="Add a product by name or SKU"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className="w-64"
          />
        </div>
        {q.trim() && search.data ? (
          <ul className="flex flex-col divide-y rounded-md border" aria-label="Product results">
            {search.data.items.map((p: AdminProduct) => (
              <li key={p.id} className="flex items-center justify-between gap-2 p-2 text-sm">
                <span className="truncate">
                  {p.name} <span className="text-muted-foreground">· {p.sku}</span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Add ${p.name}`}
                  onClick={() =>
                    addRow({ product_id: p.id, category_id: null, label: p.name, kind: 'fixed', value: '' })
                  }
                >
                  <Plus aria-hidden="true" />
                  Add
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {rows.length === 0 ? (
          <p className="text-muted-foreground text-sm">No prices yet.</p>
        ) : (
          <Table aria-label="Prices" pinEnd>
            <TableHeader>
              <TableRow>
                <TableHead>Applies to</TableHead>
                <TableHead className="w-24">From quantity</TableHead>
                <TableHead className="w-36">Price</TableHead>
                <TableHead className="w-28">Amount</TableHead>
                <TableHead className="w-24">Currency</TableHead>
                <TableHead className="w-10">
                  <span className="sr-only">Remove</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row, i) => (
                <EntryRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved
                  key={i}
                  row={row}
                  baseCurrency={baseCurrency}
                  onChange={(patch) => change(i, patch)}
                  onRemove={() => setRows(rows.filter((_, j) => j !== i))}
                />
              ))}
            </TableBody>
          </Table>
        )}
        <div>
          <Button onClick={submit} disabled={save.isPending || !groupId}>
            {save.isPending ? 'Saving...' : 'Save price list'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function EntryRow({
  row,
  baseCurrency,
  onChange,
  onRemove,
}: {
  row: Row;
  baseCurrency: string;
  onChange: (patch: Partial<Row>) => void;
  onRemove: () => void;
}) {
  const variants = useWholesaleVariants(row.product_id);
  const items = variants.data?.items ?? [];
  return (
    <TableRow>
      <TableCell className="max-w-[18rem]">
        <div className="truncate">{row.label}</div>
        {row.product_id && items.length ? (
          <NativeSelect
            aria-label={`Variant of ${row.label}`}
            value={row.variant_id ?? ''}
            onChange={(e) => onChange({ variant_id: e.target.value || null })}
          >
            <option value="">All variants</option>
            {items.map((v) => (
              <option key={v.id} value={v.id}>
                {v.title || v.sku}
              </option>
            ))}
          </NativeSelect>
        ) : null}
      </TableCell>
      <TableCell>
        <Input
          type="number"
          min={1}
          aria-label={`From quantity, ${row.label}`}
          value={row.min_quantity}
          onChange={(e) => onChange({ min_quantity: e.target.value })}
        />
      </TableCell>
      <TableCell>
        <NativeSelect
          aria-label={`Price kind, ${row.label}`}
          value={row.kind}
          onChange={(e) => onChange({ kind: e.target.value === 'fixed' ? 'fixed' : 'percent' })}
        >
          {row.product_id ? <option value="fixed">Fixed price</option> : null}
          <option value="percent">Percent off</option>
        </NativeSelect>
      </TableCell>
      <TableCell>
        <Input
          inputMode="decimal"
          aria-label={`${row.kind === 'fixed' ? 'Price' : 'Percent off'}, ${row.label}`}
          value={row.value}
          onChange={(e) => onChange({ value: e.target.value })}
        />
      </TableCell>
      <TableCell>
        {row.kind === 'fixed' ? (
          <Input
            aria-label={`Currency, ${row.label}`}
            placeholder={baseCurrency}
            value={row.currency}
            onChange={(e) => onChange({ currency: e.target.value })}
          />
        ) : (
          <span className="text-muted-foreground">Any</span>
        )}
      </TableCell>
      <TableCell>
        <Button variant="ghost" size="icon" aria-label={`Remove ${row.label}`} onClick={onRemove}>
          <Trash2 aria-hidden="true" />
        </Button>
      </TableCell>
    </TableRow>
  );
}
