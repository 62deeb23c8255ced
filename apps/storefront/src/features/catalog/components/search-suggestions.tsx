import { cn } from '@cartwheel/ui/lib/utils';
import { Popover, PopoverAnchor, PopoverContent } from '@cartwheel/ui/popover';
import type { RefObject } from 'react';

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
