import type { SearchFacets } from '@cartwheel/shared/contracts/storefront-search';
import { currencySymbol, toMajorString, toMinorUnits } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { cn } from '@cartwheel/ui/lib/utils';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { useCurrency } from '../../../lib/site.ts';

/**
 * The address behind the panel: whether a repeated value is in it (read from the address, not the
 * answer, so a box is ticked the moment it is clicked), one value on or off, or single values set
 * (null removes).
 */
export interface FacetChanges {
  has(key: 'category' | 'brand' | 'option', value: string): boolean;
  toggle(key: 'category' | 'brand' | 'option', value: string): void;
  set(changes: Record<string, string | null>): void;
}

interface FacetPanelProps {
  facets: SearchFacets | undefined;
  /** The address's current price bounds, in cents. */
  priceMin: number | undefined;
  priceMax: number | undefined;
  inStock: boolean;
  onSale: boolean;
  featured: boolean;
  changes: FacetChanges;
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-t py-3 first:border-t-0 first:pt-0">
      <legend className="mb-2 font-medium text-sm">{legend}</legend>
      <div className="flex flex-col gap-1.5">{children}</div>
    </fieldset>
  );
}

function Check({
  label,
  count,
  checked,
  onChange,
}: {
  label: string;
  /** How many products the filter leaves; none shown when the search does not count them. */
  count?: number;
  checked: boolean;
  onChange: () => void;
}) {
  const id = useId();
  return (
    <div className="flex min-h-8 items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={onChange}
        className="size-4 shrink-0 accent-primary"
      />
      <label htmlFor={id} className={cn('flex-1', count === 0 && !checked && 'text-muted-foreground')}>
        {label} {count === undefined ? null : <span className="text-muted-foreground">({count})</span>}
      </label>
    </div>
  );
}

/** The price bounds in the catalog's currency, applied together (typing does not reload the list per key). */
/** A price filter's bound as typed: whole units show without decimals ("25", not "25.00"). */
const boundText = (minor: number | undefined, currency: string) =>
  minor === undefined ? '' : String(Number(toMajorString(minor, currency)));

function PriceRange({
  min,
  max,
  range,
  onApply,
}: {
  min: number | undefined;
  max: number | undefined;
  range: SearchFacets['price'];
  onApply: (min: string | null, max: string | null) => void;
}) {
  const t = useT();
  const currency = useCurrency();
  const lowId = useId();
  const highId = useId();
  const [low, setLow] = useState(boundText(min, currency));
  const [high, setHigh] = useState(boundText(max, currency));
  useEffect(() => setLow(boundText(min, currency)), [min, currency]);
  useEffect(() => setHigh(boundText(max, currency)), [max, currency]);
  const cents = (text: string) => (text.trim() === '' ? null : String(toMinorUnits(text, currency)));
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(cents(low), cents(high));
      }}
    >
      <label htmlFor={lowId} className="flex w-24 flex-col gap-1 text-xs">
        {t('filters.min', { currency: currencySymbol(currency) })}
        <Input
          id={lowId}
          inputMode="decimal"
          value={low}
          placeholder={range ? String(Math.floor(Number(toMajorString(range.min, currency)))) : ''}
          onChange={(event) => setLow(event.target.value)}
        />
      </label>
      <label htmlFor={highId} className="flex w-24 flex-col gap-1 text-xs">
        {t('filters.max', { currency: currencySymbol(currency) })}
        <Input
          id={highId}
          inputMode="decimal"
          value={high}
          placeholder={range ? String(Math.ceil(Number(toMajorString(range.max, currency)))) : ''}
          onChange={(event) => setHigh(event.target.value)}
        />
      </label>
      <Button type="submit" variant="outline" size="sm">
        {t('filters.apply')}
      </Button>
      {range ? (
        <p className="w-full text-muted-foreground text-xs">
          {t('filters.range', {
            min: t.money(range.min, currency),
            max: t.money(range.max, currency),
          })}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The catalog's filters with how many products each would show given the other filters. Open by
 * default from laptop width; a phone opens it from its summary.
 */
export function FacetPanel({
  facets,
  priceMin,
  priceMax,
  inStock,
  onSale,
  featured,
  changes,
}: FacetPanelProps) {
  // Closed in the server's page (a phone's first screen), opened after hydration on a wide screen.
  const t = useT();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (window.matchMedia?.('(min-width: 1024px)').matches ?? true) setOpen(true);
  }, []);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-lg border bg-muted/30 p-3"
      aria-label={t('filters.label')}
    >
      <summary className="cursor-pointer font-semibold text-sm">{t('filters.label')}</summary>
      <div className="mt-3">
        {(
          [
            [t('search.category'), 'category', facets?.categories],
            [t('filters.brand'), 'brand', facets?.brands],
          ] as const
        ).map(([legend, key, values]) =>
          values?.length ? (
            <Group key={key} legend={legend}>
              {values.map((v) => (
                <Check
                  key={v.slug}
                  label={v.name}
                  count={v.count}
                  checked={changes.has(key, v.slug)}
                  onChange={() => changes.toggle(key, v.slug)}
                />
              ))}
            </Group>
          ) : null,
        )}
        {facets?.options.map((option) => (
          <Group key={option.name} legend={option.name}>
            {option.values.map((v) => (
              <Check
                key={v.value}
                label={v.value}
                count={v.count}
                checked={changes.has('option', `${option.name}:${v.value}`)}
                onChange={() => changes.toggle('option', `${option.name}:${v.value}`)}
              />
            ))}
          </Group>
        ))}
        <Group legend={t('filters.price')}>
          <PriceRange
            min={priceMin}
            max={priceMax}
            range={facets?.price ?? null}
            onApply={(min, max) => changes.set({ price_min: min, price_max: max })}
          />
        </Group>
        <Group legend={t('product.availability')}>
          <Check
            label={t('filters.inStock')}
            count={facets?.in_stock ?? 0}
            checked={inStock}
            onChange={() => changes.set({ in_stock: inStock ? null : 'true' })}
          />
          <Check
            label={t('filters.onSale')}
            count={facets?.on_sale ?? 0}
            checked={onSale}
            onChange={() => changes.set({ on_sale: onSale ? null : 'true' })}
          />
          <Check
            label={t('catalog.featuredOnly')}
            checked={featured}
            onChange={() => changes.set({ featured: featured ? null : 'true' })}
          />
        </Group>
      </div>
    </details>
  );
}
