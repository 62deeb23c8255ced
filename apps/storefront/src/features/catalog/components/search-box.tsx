import { formatMoney } from '@cartwheel/shared/money';
import { Input } from '@cartwheel/ui/input';
import { useDebounced } from '@cartwheel/ui/lib/use-debounced';
import { cn } from '@cartwheel/ui/lib/utils';
import { Popover, PopoverAnchor, PopoverContent } from '@cartwheel/ui/popover';
import { Search } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSearchSuggestions } from '../api/get-search-suggestions.ts';

interface Suggestion {
  key: string;
  group: 'Products' | 'Categories';
  label: string;
  detail: string;
  to: string;
}

/**
 * The header search: suggests products and categories while the shopper types (asked once typing
 * pauses); arrow keys move through them, Enter opens the highlighted one or, with none highlighted,
 * searches the catalog for the text; Escape closes the list.
 */
export function SearchBox({ className }: { className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const current = pathname === '/products' ? (searchParams.get('search') ?? '') : '';
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listId = useId();
  // The box follows the address (back/forward) until the shopper types.
  const [typed, setTyped] = useState<{ text: string; from: string } | null>(null);
  const text = typed && typed.from === current ? typed.text : current;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(text.trim(), 200);
  const suggestions = useSearchSuggestions(q);

  const items = useMemo<Suggestion[]>(() => {
    const data = q ? suggestions.data : undefined;
    if (!data) return [];
    return [
      ...data.products.map((p) => ({
        key: `product:${p.id}`,
        group: 'Products' as const,
        label: p.name,
        detail: formatMoney(p.sale_price !== null && p.sale_price < p.price ? p.sale_price : p.price),
        to: `/product/${p.slug}`,
      })),
      ...data.categories.map((c) => ({
        key: `category:${c.slug}`,
        group: 'Categories' as const,
        label: c.name,
        detail: 'Category',
        // A category has its own page (with its sub-categories' products and its breadcrumb).
        to: `/categories/${encodeURIComponent(c.slug)}`,
      })),
    ];
  }, [q, suggestions.data]);
  const showing = open && text.trim().length > 0 && items.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    setTyped(null);
    inputRef.current?.blur();
    navigate(to);
  };
  const submit = () => {
    const search = text.trim();
    go(search ? `/products?${new URLSearchParams({ search })}` : '/products');
  };

  return (
    <Popover open={showing} onOpenChange={setOpen}>
      <PopoverAnchor asChild>
        <search className={cn('relative', className)}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <label htmlFor={inputId} className="sr-only">
              Search products
            </label>
            <Search
              aria-hidden="true"
              className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
            />
            <Input
              ref={inputRef}
              id={inputId}
              name="search"
              type="search"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={showing}
              aria-controls={listId}
              aria-activedescendant={showing && active >= 0 ? optionId(active) : undefined}
              placeholder="Search products..."
              value={text}
              autoComplete="off"
              enterKeyHint="search"
              className="pl-8"
              onChange={(event) => {
                setTyped({ text: event.target.value, from: current });
                setActive(-1);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown' && items.length) {
                  event.preventDefault();
                  setOpen(true);
                  setActive((i) => (i + 1) % items.length);
                } else if (event.key === 'ArrowUp' && items.length) {
                  event.preventDefault();
                  setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
                } else if (event.key === 'Enter' && showing && active >= 0 && items[active]) {
                  event.preventDefault();
                  go(items[active].to);
                } else if (event.key === 'Escape' && showing) {
                  event.preventDefault();
                  setOpen(false);
                  setActive(-1);
                }
              }}
            />
          </form>
        </search>
      </PopoverAnchor>
      <PopoverContent
        align="start"
        className="w-(--radix-popover-trigger-width) min-w-64 p-1"
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => {
          // The input is "outside" the popover to Radix: typing in it must not close the list.
          if (inputRef.current?.contains(event.target as Node)) event.preventDefault();
        }}
      >
        <div id={listId} role="listbox" aria-label="Suggestions" className="max-h-96 overflow-y-auto">
          {(['Products', 'Categories'] as const).map((group) => {
            const groupItems = items.filter((item) => item.group === group);
            if (!groupItems.length) return null;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group, not a fieldset
              <div key={group} role="group" aria-label={group} className="py-1">
                <p className="px-2 py-1 font-medium text-muted-foreground text-xs">{group}</p>
                {groupItems.map((item) => {
                  const index = items.indexOf(item);
                  return (
                    <div
                      key={item.key}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      tabIndex={-1}
                      className={cn(
                        'flex min-h-10 cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                        index === active && 'bg-accent text-accent-foreground',
                      )}
                      // Keeps the focus in the input, so the list stays open until a pick.
                      onMouseDown={(event) => event.preventDefault()}
                      onMouseMove={() => setActive(index)}
                      onClick={() => go(item.to)}
                      onKeyDown={() => {}}
                    >
                      <span className="min-w-0 flex-1 truncate">{item.label}</span>
                      <span className="shrink-0 text-muted-foreground text-xs">{item.detail}</span>
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </PopoverContent>
    </Popover>
  );
}
