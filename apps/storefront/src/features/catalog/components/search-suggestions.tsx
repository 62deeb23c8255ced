import { ListboxGroup, ListboxOption } from '@cartwheel/ui/listbox';
import { Popover, PopoverAnchor, PopoverContent } from '@cartwheel/ui/popover';
import type { RefObject } from 'react';
import { useT } from '../../../i18n/i18n.tsx';

export interface Suggestion {
  key: string;
  group: 'Products' | 'Categories';
  label: string;
  detail: string;
  to: string;
}

interface SearchSuggestionsProps {
  /** The header's search element: the list is placed below it and as wide as it. */
  anchor: RefObject<HTMLElement | null>;
  inputRef: RefObject<HTMLInputElement | null>;
  showing: boolean;
  setOpen: (open: boolean) => void;
  listId: string;
  items: Suggestion[];
  active: number;
  setActive: (index: number) => void;
  optionId: (index: number) => string;
  go: (to: string) => void;
}

/**
 * The header search's list of suggestions, in a popover below the search box. Its own chunk: Radix's
 * popover and its positioning code load when the shopper first focuses the search, not with the page.
 */
export function SearchSuggestions({
  anchor,
  inputRef,
  showing,
  setOpen,
  listId,
  items,
  active,
  setActive,
  optionId,
  go,
}: SearchSuggestionsProps) {
  const t = useT();
  return (
    <Popover open={showing} onOpenChange={setOpen}>
      <PopoverAnchor virtualRef={anchor} />
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
        <div
          id={listId}
          role="listbox"
          aria-label={t('search.suggestions')}
          className="max-h-96 overflow-y-auto"
        >
          {(['Products', 'Categories'] as const).map((group) => {
            const groupItems = items.filter((item) => item.group === group);
            if (!groupItems.length) return null;
            return (
              <ListboxGroup
                key={group}
                label={group === 'Products' ? t('header.productsLink') : t('search.categories')}
              >
                {groupItems.map((item) => {
                  const index = items.indexOf(item);
                  return (
                    <ListboxOption
                      key={item.key}
                      id={optionId(index)}
                      active={index === active}
                      className="min-h-10"
                      onActivate={() => setActive(index)}
                      onPick={() => go(item.to)}
                    >
                      <span className="min-w-0 flex-1 truncate">{item.label}</span>
                      <span className="shrink-0 text-muted-foreground text-xs">{item.detail}</span>
                    </ListboxOption>
                  );
                })}
              </ListboxGroup>
            );
          })}
        </div>
      </PopoverContent>
    </Popover>
  );
}
