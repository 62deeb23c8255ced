import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useProductSearch } from '../api/segments.ts';

/** Chooses products by searching their names: the chosen ones as removable chips, the matches to add. */
export function ProductPicker({
  id,
  value,
  onChange,
  max,
}: {
  id: string;
  value: string[];
  onChange: (ids: string[]) => void;
  max: number;
}) {
  const [search, setSearch] = useState('');
  const [names, setNames] = useState<Record<string, string>>({});
  const results = useProductSearch(search);
  const add = (productId: string, name: string) => {
    setNames((known) => ({ ...known, [productId]: name }));
    if (!value.includes(productId) && value.length < max) onChange([...value, productId]);
  };
  return (
    <div className="flex flex-col gap-2">
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen products">
          {value.map((productId) => (
            <li key={productId} className="flex items-center gap-1 rounded-md border px-2 py-1 text-sm">
              {names[productId] ?? results.data?.items.find((p) => p.id === productId)?.name ?? 'Product'}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-6"
                aria-label={`Remove ${names[productId] ?? 'product'}`}
                onClick={() => onChange(value.filter((v) => v !== productId))}
              >
                <X className="size-3" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={id}
        type="search"
        placeholder="Search products"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {search ? (
        <ul className="flex flex-col gap-1" aria-label="Matching products">
          {(results.data?.items ?? []).map((product) => (
            <li key={product.id}>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={value.includes(product.id) || value.length >= max}
                onClick={() => add(product.id, product.name)}
              >
                Add {product.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
