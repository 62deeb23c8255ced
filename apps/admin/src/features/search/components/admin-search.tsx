import type { AdminSearchResults } from '@cartwheel/shared/contracts/search';
import { formatMoney } from '@cartwheel/shared/money';
import { Input } from '@cartwheel/ui/input';
import { useDebounced } from '@cartwheel/ui/lib/use-debounced';
import { ListboxGroup, ListboxOption } from '@cartwheel/ui/listbox';
import { Popover, PopoverAnchor, PopoverContent } from '@cartwheel/ui/popover';
import { Inbox, type LucideIcon, Search, Tag, User } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAdminSearch } from '../api/admin-search.ts';

interface Hit {
  key: string;
  group: 'Products' | 'Orders' | 'Customers';
  icon: LucideIcon;
  label: string;
  detail: string;
  /** Inside the /admin basename. */
  to: string;
}

function hitsOf(results: AdminSearchResults | undefined): Hit[] {
  if (!results) return [];
  return [
    ...results.products.map((p) => ({
      key: `product:${p.id}`,
      group: 'Products' as const,
      icon: Tag,
      label: p.name,
      detail: `${p.sku}${p.is_visible ? '' : ' · Draft'}`,
      to: `/products?search=${encodeURIComponent(p.sku)}`,
    })),
    ...results.orders.map((o) => ({
      key: `order:${o.id}`,
      group: 'Orders' as const,
      icon: Inbox,
      label: `#${o.order_number} · ${o.customer_name}`,
      detail: `${o.status} · ${formatMoney(o.total_amount, o.currency)}`,
      to: `/orders/${o.id}`,
    })),
    ...results.customers.map((c) => ({
      key: `customer:${c.id}`,
      group: 'Customers' as const,
      icon: User,
      label: c.name,
      detail: c.email,
      to: `/customers/${c.id}`,
    })),
  ];
}

/**
 * The top bar's search: type a product name or SKU, an order number, a customer's name or email,
 * then pick a result with the mouse or the arrow keys and Enter. Ctrl or Cmd + K focuses it.
 */
export function AdminSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeChoice, setActive] = useState(0);
  const q = useDebounced(text.trim(), 250);
  const search = useAdminSearch(q);
  const hits = useMemo(() => hitsOf(q ? search.data : undefined), [q, search.data]);
  const showing = open && text.trim().length > 0;
  const active = Math.max(0, Math.min(activeChoice, hits.length - 1));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    setOpen(false);
    setText('');
    inputRef.current?.blur();
    navigate(hit.to);
  };

  const groups = (['Products', 'Orders', 'Customers'] as const)
    .map((group) => ({ group, hits: hits.filter((h) => h.group === group) }))
    .filter((g) => g.hits.length);
  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <Popover open={showing} onOpenChange={setOpen}>
      <PopoverAnchor asChild>
        <search className="relative mx-auto w-full max-w-md flex-1">
          <Search
            aria-hidden="true"
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
          />
          <Input
            ref={inputRef}
            type="search"
            role="combobox"
            aria-label="Search"
            aria-autocomplete="list"
            aria-expanded={showing}
            aria-controls={listId}
            aria-activedescendant={showing && hits.length ? optionId(active) : undefined}
            placeholder="Search"
            autoComplete="off"
            className="h-8 pl-8"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                setOpen(true);
                setActive((i) => (hits.length ? (i + 1) % hits.length : 0));
              } else if (event.key === 'ArrowUp') {
                event.preventDefault();
                setActive((i) => (hits.length ? (i - 1 + hits.length) % hits.length : 0));
              } else if (event.key === 'Enter') {
                event.preventDefault();
                go(hits[active]);
              } else if (event.key === 'Escape') {
                setOpen(false);
              }
            }}
          />
        </search>
      </PopoverAnchor>
      <PopoverContent
        align="start"
        className="w-(--radix-popover-trigger-width) min-w-72 p-1"
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => {
          // The input is "outside" the popover to Radix: typing in it must not close the results.
          if (inputRef.current?.contains(event.target as Node)) event.preventDefault();
        }}
      >
        <div id={listId} role="listbox" aria-label="Search results" className="max-h-96 overflow-y-auto">
          {groups.length ? (
            groups.map(({ group, hits: groupHits }) => (
              <ListboxGroup key={group} label={group}>
                {groupHits.map((hit) => {
                  const index = hits.indexOf(hit);
                  return (
                    <ListboxOption
                      key={hit.key}
                      id={optionId(index)}
                      active={index === active}
                      onActivate={() => setActive(index)}
                      onPick={() => go(hit)}
                    >
                      <hit.icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                      <span className="min-w-0 flex-1 truncate">{hit.label}</span>
                      <span className="shrink-0 text-muted-foreground text-xs">{hit.detail}</span>
                    </ListboxOption>
                  );
                })}
              </ListboxGroup>
            ))
          ) : (
            <p className="px-2 py-6 text-center text-muted-foreground text-sm">
              {search.isFetching || q !== text.trim() ? 'Searching...' : 'No results.'}
            </p>
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}
