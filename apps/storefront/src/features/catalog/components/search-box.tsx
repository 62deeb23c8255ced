import { Input } from '@cartwheel/ui/input';
import { useDebounced } from '@cartwheel/ui/lib/use-debounced';
import { cn } from '@cartwheel/ui/lib/utils';
import { Search } from 'lucide-react';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../../i18n/i18n.tsx';
import { useCurrency } from '../../../lib/site.ts';
import { useSearchSuggestions } from '../api/get-search-suggestions.ts';
import type { Suggestion } from './search-suggestions.tsx';

// The list of suggestions (a Radix popover) is asked for when the search box first gets the focus.
const loadSuggestions = () => import('./search-suggestions.tsx');
const SearchSuggestions = lazy(() => loadSuggestions().then((m) => ({ default: m.SearchSuggestions })));

/**
 * The header search: suggests products and categories while the shopper types (asked once typing
 * pauses); arrow keys move through them, Enter opens the highlighted one or, with none highlighted,
 * searches the catalog for the text; Escape closes the list.
 */
export function SearchBox({ className }: { className?: string }) {
  const currency = useCurrency();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const current = pathname === '/products' ? (searchParams.get('search') ?? '') : '';
  const inputRef = useRef<HTMLInputElement>(null);
  const anchorRef = useRef<HTMLElement>(null);
  const inputId = useId();
  const listId = useId();
  // The box follows the address (back/forward) until the shopper types.
  const [typed, setTyped] = useState<{ text: string; from: string } | null>(null);
  const text = typed && typed.from === current ? typed.text : current;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(text.trim(), 200);
  const suggestions = useSearchSuggestions(q);
  const t = useT();

  const items = useMemo<Suggestion[]>(() => {
    const data = q ? suggestions.data : undefined;
    if (!data) return [];
    return [
      ...data.products.map((p) => ({
        key: `product:${p.id}`,
        group: 'Products' as const,
        label: p.name,
        detail: t.money(p.sale_price !== null && p.sale_price < p.price ? p.sale_price : p.price, currency),
        to: `/product/${p.slug}`,
      })),
      ...data.categories.map((c) => ({
        key: `category:${c.slug}`,
        group: 'Categories' as const,
        label: c.name,
        detail: t('search.category'),
        // A category has its own page (with its sub-categories' products and its breadcrumb).
        to: `/categories/${encodeURIComponent(c.slug)}`,
      })),
    ];
  }, [q, suggestions.data, t, currency]);
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
    <>
      <search ref={anchorRef} className={cn('relative', className)}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            {t('search.label')}
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
            placeholder={t('search.placeholder')}
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
      {open ? (
        <Suspense fallback={null}>
          <SearchSuggestions
            anchor={anchorRef}
            inputRef={inputRef}
            showing={showing}
            setOpen={setOpen}
            listId={listId}
            items={items}
            active={active}
            setActive={setActive}
            optionId={optionId}
            go={go}
          />
        </Suspense>
      ) : null}
    </>
  );
}
