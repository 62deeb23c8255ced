import type { AdminProductDetail } from '@cartwheel/shared/contracts/admin-products';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { useState } from 'react';
import { toast } from 'sonner';
import { useFixedPrices, useMarkets, useSaveFixedPrices } from '../api/markets.ts';
import { toMajor, toMinor } from '../minor-units.ts';

interface Row {
  variantId: string | null;
  label: string;
}

/** The rows of one market's prices, editable; blank price: the converted base price. */
function PricesForm({
  marketId,
  product,
  canEdit,
}: {
  marketId: string;
  product: AdminProductDetail;
  canEdit: boolean;
}) {
  const prices = useFixedPrices(marketId, product.id);
  const save = useSaveFixedPrices(marketId, product.id);
  const rows: Row[] = product.variants.length
    ? product.variants.map((v) => ({ variantId: v.id, label: v.title || v.sku }))
    : [{ variantId: null, label: product.name }];
  const [edits, setEdits] = useState<Record<string, { price: string; sale: string }>>({});
  if (prices.isPending) return <p className="text-muted-foreground text-sm">Loading…</p>;
  if (prices.isError) return <p className="text-destructive text-sm">{getErrorMessage(prices.error)}</p>;
  const { currency } = prices.data;
  const typedOf = (row: Row) => {
    const key = row.variantId ?? '';
    const stored = prices.data.items.find((i) => (i.variant_id ?? '') === key);
    return (
      edits[key] ?? { price: toMajor(stored?.price, currency), sale: toMajor(stored?.sale_price, currency) }
    );
  };
  const onSave = async () => {
    const items = rows.flatMap((row) => {
      const v = typedOf(row);
      const price = toMinor(v.price, currency);
      return price === null
        ? []
        : [{ variant_id: row.variantId, price, sale_price: toMinor(v.sale, currency) }];
    });
    try {
      await save.mutateAsync(items);
      setEdits({});
      toast.success('Market prices saved');
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };
  return (
    <div className="flex flex-col gap-3">
      {rows.map((row) => {
        const key = row.variantId ?? '';
        const v = typedOf(row);
        return (
          <fieldset key={key} className="grid grid-cols-2 gap-2" disabled={!canEdit}>
            <legend className="mb-1 text-sm font-medium">{row.label}</legend>
            <Input
              aria-label={`${row.label}: price (${currency})`}
              placeholder={`Price (${currency})`}
              inputMode="decimal"
              value={v.price}
              onChange={(e) => setEdits({ ...edits, [key]: { ...v, price: e.target.value } })}
            />
            <Input
              aria-label={`${row.label}: sale price (${currency})`}
              placeholder="Sale price"
              inputMode="decimal"
              value={v.sale}
              onChange={(e) => setEdits({ ...edits, [key]: { ...v, sale: e.target.value } })}
            />
          </fieldset>
        );
      })}
      {canEdit ? (
        <Button type="button" variant="outline" className="w-fit" onClick={onSave} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save market prices'}
        </Button>
      ) : null}
    </div>
  );
}

/** Prices fixed in another market's currency; without one, the market converts the base price. */
export function MarketPricesCard({ product, canEdit }: { product: AdminProductDetail; canEdit: boolean }) {
  const markets = useMarkets();
  const others = markets.data?.items.filter((m) => !m.is_base) ?? [];
  const [marketId, setMarketId] = useState<string | undefined>();
  const chosen = marketId ?? others[0]?.id;
  if (others.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Prices in markets</h2>
        </CardTitle>
        <CardDescription>Leave a price blank to convert the base price at the exchange rate.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <NativeSelect aria-label="Market" value={chosen} onChange={(e) => setMarketId(e.target.value)}>
          {others.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name} ({m.currency})
            </option>
          ))}
        </NativeSelect>
        {chosen ? <PricesForm key={chosen} marketId={chosen} product={product} canEdit={canEdit} /> : null}
      </CardContent>
    </Card>
  );
}
