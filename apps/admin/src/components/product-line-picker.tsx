import { api } from '@cartwheel/shared/api-client';
import type {
  AdminProduct,
  AdminProductList,
  AdminVariant,
} from '@cartwheel/shared/contracts/admin-products';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { useDebounced } from '@cartwheel/ui/lib/use-debounced';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { adminKeys } from '../lib/query-keys.ts';

// The product picker of the screens that build order lines (New order / Point of Sale drafts, Edit
// order): search the catalogue, choose a variant where there are some, add the line.

/** A line the picker adds: what the server needs, and the name staff see. */
export interface PickedLine {
  product_id: string;
  variant_id: string | null;
  label: string;
}

const pickerKeys = {
  products: (q: string) => [...adminKeys.products, 'line-picker', q] as const,
  variants: (productId: string) => [...adminKeys.products, 'line-picker-variants', productId] as const,
};

/** Active products matching `q` (name or SKU), a few at a time; off while `q` is empty. */
function usePickerProducts(q: string) {
  return useQuery({
    queryKey: pickerKeys.products(q),
    queryFn: ({ signal }) =>
      api.get<AdminProductList>('/api/admin/products', {
        params: { search: q || undefined, status: 'active', limit: 8 },
        signal,
      }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** A product's variants with their stock; off for a product without variants (null). */
function usePickerVariants(productId: string | null) {
  return useQuery({
    queryKey: pickerKeys.variants(productId ?? ''),
    queryFn: ({ signal }) =>
      api.get<{ items: AdminVariant[] }>(`/api/admin/products/${productId}/variants`, { signal }),
    enabled: Boolean(productId),
  });
}

/**
 * `lines` with `picked` added: one more unit of the line already there for the same product and
 * variant, else `fresh` (the new line) at the end.
 */
export function withPicked<T extends PickedLine & { quantity: number }>(
  lines: T[],
  picked: PickedLine,
  fresh: T,
): T[] {
  const same = (l: PickedLine) => l.product_id === picked.product_id && l.variant_id === picked.variant_id;
  const existing = lines.find(same);
  return existing
    ? lines.map((l) => (l === existing ? { ...l, quantity: l.quantity + 1 } : l))
    : [...lines, fresh];
}

/** The search box (named `label`) and its results: Add, or a variant to choose first. */
export function ProductLinePicker({ label, onAdd }: { label: string; onAdd: (line: PickedLine) => void }) {
  const [q, setQ] = useState('');
  const search = usePickerProducts(useDebounced(q, 250));
  return (
    <div className="flex flex-col gap-2">
      <Input
        type="search"
        aria-label={label}
        placeholder="Search products by name or SKU"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {q.trim() && search.data ? (
        <ul className="flex flex-col divide-y rounded-md border" aria-label="Product results">
          {search.data.items.length === 0 ? (
            <li className="p-2 text-muted-foreground text-sm">No products found.</li>
          ) : (
            search.data.items.map((p) => <ProductResult key={p.id} product={p} onAdd={onAdd} />)
          )}
        </ul>
      ) : null}
    </div>
  );
}

function ProductResult({ product, onAdd }: { product: AdminProduct; onAdd: (line: PickedLine) => void }) {
  const hasVariants = product.variant_count > 0;
  const variants = usePickerVariants(hasVariants ? product.id : null);
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
