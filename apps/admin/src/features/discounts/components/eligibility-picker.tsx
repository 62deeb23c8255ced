import { Button } from '@cartwheel/ui/button';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { useDebounced } from '@cartwheel/ui/lib/use-debounced';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useDiscountCategories, useProductNames, useProductSearch } from '../api/discounts.ts';

function Message({ text }: { text: string | undefined }) {
  return text ? (
    <p role="alert" className="text-destructive text-sm">
      {text}
    </p>
  ) : null;
}

/** Limits a discount to some categories (ticked) and products (searched and added). */
export function EligibilityPicker({
  productIds,
  categoryIds,
  onChange,
  errors,
}: {
  productIds: string[];
  categoryIds: string[];
  onChange: (patch: { productIds?: string[]; categoryIds?: string[] }) => void;
  errors: { products?: string; categories?: string };
}) {
  const categories = useDiscountCategories();
  const [search, setSearch] = useState('');
  const found = useProductSearch(useDebounced(search, 250));
  // Names of the products added here; those the discount already had are read from the API.
  const [added, setAdded] = useState<Record<string, string>>({});
  const loaded = useProductNames(productIds.filter((id) => !added[id]));
  const names = { ...loaded, ...added };
  const toggleCategory = (id: string, on: boolean) =>
    onChange({ categoryIds: on ? [...categoryIds, id] : categoryIds.filter((c) => c !== id) });
  const addProduct = (id: string, name: string) => {
    setAdded((n) => ({ ...n, [id]: name }));
    if (!productIds.includes(id)) onChange({ productIds: [...productIds, id] });
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium text-sm">Categories</legend>
        {categories.isPending ? <p className="text-muted-foreground text-sm">Loading categories…</p> : null}
        {(categories.data?.items ?? []).map((category) => (
          <div key={category.id} className="flex items-center gap-2">
            <Checkbox
              id={`discount-category-${category.id}`}
              checked={categoryIds.includes(category.id)}
              onCheckedChange={(on) => toggleCategory(category.id, on === true)}
            />
            <Label htmlFor={`discount-category-${category.id}`} className="font-normal">
              {category.name}
            </Label>
          </div>
        ))}
        <Message text={errors.categories} />
      </fieldset>
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor="discount-product-search">Products</Label>
        <Input
          id="discount-product-search"
          type="search"
          placeholder="Search products to add"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {search.trim() && found.data ? (
          <ul className="max-h-48 overflow-y-auto rounded-md border text-sm" aria-label="Matching products">
            {found.data.items.length === 0 ? (
              <li className="p-2 text-muted-foreground">No products found</li>
            ) : null}
            {found.data.items.map((product) => (
              <li key={product.id} className="flex items-center justify-between gap-2 p-2">
                <span className="min-w-0 truncate">{product.name}</span>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={productIds.includes(product.id)}
                  onClick={() => addProduct(product.id, product.name)}
                >
                  {productIds.includes(product.id) ? 'Added' : 'Add'}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <ul className="flex flex-wrap gap-2" aria-label="Chosen products">
          {productIds.map((id) => (
            <li key={id} className="flex items-center gap-1 rounded-full border px-3 py-1 text-sm">
              <span className="max-w-48 truncate">{names[id] ?? `Product ${id.slice(0, 8)}`}</span>
              <button
                type="button"
                aria-label={`Remove ${names[id] ?? 'product'}`}
                onClick={() => onChange({ productIds: productIds.filter((p) => p !== id) })}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
        <Message text={errors.products} />
      </div>
    </div>
  );
}
