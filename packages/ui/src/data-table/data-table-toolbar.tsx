import type { Table } from '@tanstack/react-table';
import { Search, X } from 'lucide-react';
import * as React from 'react';
import { Button } from '../button.tsx';
import { Input } from '../input.tsx';
import type { Breakpoint } from '../lib/use-breakpoint.ts';
import { DataTableFacetedFilter, type DataTableFilter } from './data-table-faceted-filter.tsx';
import { DataTableViewOptions } from './data-table-view-options.tsx';

/** The row above the table: the search box, the column filters, Reset, extra controls and View. */
export function DataTableToolbar<TData>({
  table,
  filters,
  search,
  onSearchChange,
  searchPlaceholder,
  searchLabel,
  onReset,
  breakpoint,
  children,
}: {
  table: Table<TData>;
  onReset: (() => void) | undefined;
  filters: DataTableFilter[];
  search: string | undefined;
  onSearchChange: ((search: string) => void) | undefined;
  searchPlaceholder: string;
  searchLabel: string;
  breakpoint: Breakpoint;
  children?: React.ReactNode;
}) {
  const [text, setText] = React.useState(search ?? '');
  // The box follows the value from outside (back button, reset), and reports typing after a pause.
  React.useEffect(() => setText(search ?? ''), [search]);
  React.useEffect(() => {
    if (!onSearchChange || text === (search ?? '')) return;
    const timer = setTimeout(() => onSearchChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, search, onSearchChange]);

  const filtered = table.getState().columnFilters.length > 0 || Boolean(search);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {onSearchChange ? (
        <div className="relative w-full sm:w-64">
          <Search
            aria-hidden="true"
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
          />
          <Input
            type="search"
            value={text}
            placeholder={searchPlaceholder}
            aria-label={searchLabel}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onSearchChange(text);
            }}
            className="h-8 pl-8"
          />
        </div>
      ) : null}
      {filters.map((filter) => {
        const column = table.getColumn(filter.columnId);
        return column ? (
          <DataTableFacetedFilter key={filter.columnId} column={column} filter={filter} />
        ) : null;
      })}
      {filtered ? (
        <Button
          variant="ghost"
          size="sm"
          className="h-8 px-2 lg:px-3"
          onClick={() => {
            setText('');
            if (onReset) return onReset();
            table.resetColumnFilters(true);
            onSearchChange?.('');
          }}
        >
          Reset
          <X aria-hidden="true" />
        </Button>
      ) : null}
      <div className="ml-auto flex items-center gap-2">
        {children}
        <DataTableViewOptions table={table} breakpoint={breakpoint} />
      </div>
    </div>
  );
}
