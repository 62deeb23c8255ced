import type { Column } from '@tanstack/react-table';
import { CirclePlus } from 'lucide-react';
import { Badge } from '../badge.tsx';
import { Button } from '../button.tsx';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../dropdown-menu.tsx';
import { Separator } from '../separator.tsx';

export interface DataTableFilterOption {
  label: string;
  value: string;
}

/** A multi-select filter on one column; its filter value is the array of chosen option values. */
export interface DataTableFilter {
  columnId: string;
  title: string;
  options: DataTableFilterOption[];
}

/** A column's multi-select filter (e.g. Status): a dashed button listing what is chosen. */
export function DataTableFacetedFilter<TData>({
  column,
  filter,
}: {
  column: Column<TData>;
  filter: DataTableFilter;
}) {
  const selected = new Set((column.getFilterValue() as string[] | undefined) ?? []);
  const set = (values: Set<string>) => column.setFilterValue(values.size ? [...values] : undefined);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="h-8 border-dashed">
          <CirclePlus aria-hidden="true" />
          {filter.title}
          {selected.size ? (
            <>
              <Separator orientation="vertical" className="mx-1 data-[orientation=vertical]:h-4" />
              {selected.size > 2 ? (
                <Badge variant="secondary" className="rounded-sm px-1 font-normal">
                  {selected.size} selected
                </Badge>
              ) : (
                filter.options
                  .filter((option) => selected.has(option.value))
                  .map((option) => (
                    <Badge key={option.value} variant="secondary" className="rounded-sm px-1 font-normal">
                      {option.label}
                    </Badge>
                  ))
              )}
            </>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-48">
        <DropdownMenuLabel>{filter.title}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {filter.options.map((option) => (
          <DropdownMenuCheckboxItem
            key={option.value}
            checked={selected.has(option.value)}
            // Stay open so several values can be picked in a row.
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) => {
              const next = new Set(selected);
              if (checked) next.add(option.value);
              else next.delete(option.value);
              set(next);
            }}
          >
            {option.label}
          </DropdownMenuCheckboxItem>
        ))}
        {selected.size ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem className="justify-center" onSelect={() => set(new Set())}>
              Clear filters
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
