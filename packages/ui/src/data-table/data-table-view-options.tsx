import type { Column, Table } from '@tanstack/react-table';
import { Settings2 } from 'lucide-react';
import { Button } from '../button.tsx';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../dropdown-menu.tsx';
import type { Breakpoint } from '../lib/use-breakpoint.ts';
import { hiddenAt, labelOf } from './data-table-meta.ts';

/** The column menu: button "View", heading "Toggle columns", one checkbox per column that can hide. */
export function DataTableViewOptions<TData>({
  table,
  breakpoint,
}: {
  table: Table<TData>;
  breakpoint: Breakpoint;
}) {
  const columns = table
    .getAllLeafColumns()
    .filter((c) => c.getCanHide() && !hiddenAt(c as Column<unknown>, breakpoint));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="h-8">
          <Settings2 aria-hidden="true" />
          View
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        <DropdownMenuLabel>Toggle columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {columns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            className="capitalize"
            checked={column.getIsVisible()}
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(value) => column.toggleVisibility(Boolean(value))}
          >
            {labelOf(column as Column<unknown>)}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
