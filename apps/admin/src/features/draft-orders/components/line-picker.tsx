import type { AdminProduct } from '@cartwheel/shared/contracts/admin-products';
import type { DraftQuote } from '@cartwheel/shared/contracts/draft-orders';
import { formatMoney } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { useDebounced } from '@cartwheel/ui/lib/use-debounced';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { LineTotal } from '../../../components/line-total.tsx';
import { useProductSearch, useVariants } from '../api/draft-orders.ts';
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
  const [q, setQ] = useState('');
  const search = useProductSearch(useDebounced(q, 250));
  const add = (line: Omit<FormLine, 'quantity'>) => {
    const key = lineKey(line);
    const existing = lines.find((l) => lineKey(l) === key);
    onChange(
      existing
        ? lines.map((l) => (l === existing ? { ...l, quantity: l.quantity + 1 } : l))
        : [...lines, { ...line, quantity: 1 }],
    );
  };
  const priced = new Map((quote?.priced?.lines ?? []).map((l) => [l.key, l]));

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Products</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {disabled ? null : (
          <div className="flex flex-col gap-2">
            <Input
              type="search"
              aria-label="Search products"
              placeholder="Search products by name or SKU"
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
            {q.trim() && search.data ? (
              <ul className="flex flex-col divide-y rounded-md border" aria-label="Product results">
                {search.data.items.length === 0 ? (
                  <li className="p-2 text-muted-foreground text-sm">No products found.</li>
                ) : (
                  search.data.items.map((p) => <ProductResult key={p.id} product={p} onAdd={add} />)
                )}
              </ul>
            ) : null}
          </div>
        )}
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

/** One search result: Add, or a variant to choose first. */
function ProductResult({
  product,
  onAdd,
}: {
  product: AdminProduct;
  onAdd: (line: Omit<FormLine, 'quantity'>) => void;
}) {
  const hasVariants = product.variant_count > 0;
  const variants = useVariants(hasVariants ? product.id : null);
  const [variantId, setVariantId] = useState('');
  const variant = variants.data?.items.find((v) => v.id === variantId);
  return (
    <li className="flex flex-wrap items-center gap-2 p-2 text-sm">
      <span className="min-w-0 flex-1 truncate">
        {product.name} <span className="text-muted-foreground">· {product.inventory_level} in stock</span>
      </span>
      {hasVariants ? (
        <NativeSelect
          aria-label={`Variant of ${product.name}`}
          value={variantId}
          onChange={(e) => setVariantId(e.target.value)}
        >
          <option value="">Choose a variant</option>
          {(variants.data?.items ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {v.title || v.sku} ({v.inventory_level} in stock)
            </option>
          ))}
        </NativeSelect>
      ) : null}
      <Button
        size="sm"
        variant="outline"
        aria-label={`Add ${product.name}`}
        disabled={hasVariants && !variant}
        onClick={() =>
          onAdd({
            product_id: product.id,
            variant_id: variant?.id ?? null,
            label: variant ? `${product.name} (${variant.title || variant.sku})` : product.name,
          })
        }
      >
        <Plus aria-hidden="true" />
        Add
      </Button>
    </li>
  );
}
