import type { Column, ColumnDef } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { Button } from '../button.tsx';
import { Checkbox } from '../checkbox.tsx';
import { cn } from '../lib/utils.ts';

/** A sortable column's header: a button that cycles the server-side sort and shows its direction. */
export function DataTableColumnHeader<TData, TValue>({
  column,
  title,
  className,
}: {
  column: Column<TData, TValue>;
  title: string;
  className?: string;
}) {
  if (!column.getCanSort()) return <div className={className}>{title}</div>;
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown;
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn('-ml-3 h-8 data-[state=open]:bg-accent', className)}
      onClick={column.getToggleSortingHandler()}
    >
      {title}
      <Icon aria-hidden="true" className={cn('size-3.5', !sorted && 'text-muted-foreground')} />
      <span className="sr-only">
        {sorted === 'asc' ? ', sorted ascending' : sorted === 'desc' ? ', sorted descending' : ', sort'}
      </span>
    </Button>
  );
}

/** The checkbox column: select every row on the page from the header, or one row. */
export function dataTableSelectColumn<TData>(): ColumnDef<TData, unknown> {
  return {
    id: 'select',
    header: ({ table }) => (
      <Checkbox
        checked={
          table.getIsAllPageRowsSelected() || (table.getIsSomePageRowsSelected() ? 'indeterminate' : false)
        }
        onCheckedChange={(value) => table.toggleAllPageRowsSelected(Boolean(value))}
        aria-label="Select all"
        className="translate-y-[2px]"
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        checked={row.getIsSelected()}
        onCheckedChange={(value) => row.toggleSelected(Boolean(value))}
        aria-label="Select row"
        className="translate-y-[2px]"
      />
    ),
    enableSorting: false,
    enableHiding: false,
    meta: { className: 'w-8' },
  };
}
