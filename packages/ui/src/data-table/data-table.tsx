import { type Column, flexRender, type Row, type Table as TanstackTable } from '@tanstack/react-table';
import * as React from 'react';
import { useBreakpoint } from '../lib/use-breakpoint.ts';
import { cn } from '../lib/utils.ts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../table.tsx';
import type { DataTableFilter } from './data-table-faceted-filter.tsx';
import { hiddenAt, labelOf } from './data-table-meta.ts';
import { DataTablePagination } from './data-table-pagination.tsx';
import { DataTableToolbar } from './data-table-toolbar.tsx';

export interface DataTableProps<TData> {
  /** The TanStack table (see `useServerTable`): rows, columns and the paging, sorting and filter state. */
  table: TanstackTable<TData>;
  filters?: DataTableFilter[];
  /** The search box; leave out onSearchChange for a table without one. */
  search?: string;
  onSearchChange?: (search: string) => void;
  searchPlaceholder?: string;
  searchLabel?: string;
  /**
   * Clears the search and every filter in one change (the Reset button). Without it the table clears
   * the filters and then the search, two changes a caller keeping them in the URL may not merge.
   */
  onReset?: () => void;
  isLoading?: boolean;
  /** Shown when there are no rows (default "No results."). */
  emptyState?: React.ReactNode;
  /** Called when a row is clicked (not its checkbox, links or menu); on mobile a click opens the row instead. */
  onRowClick?: (row: TData) => void;
  /** Extra controls at the right of the toolbar. */
  toolbar?: React.ReactNode;
  pageSizes?: readonly number[];
  className?: string;
  /** Accessible name of the table. */
  label?: string;
}

/** Clicks on these, or on anything portalled out of the row (menus, dialogs), are not row clicks. */
function isInteractiveClick(event: React.MouseEvent | React.KeyboardEvent): boolean {
  const target = event.target as Element;
  if (!event.currentTarget.contains(target)) return true;
  return Boolean(
    target.closest('a, button, input, select, textarea, label, [role="checkbox"], [role="menuitem"]') &&
      target.closest('tr') === event.currentTarget,
  );
}

/**
 * The back office's data table: search, multi-select filters, a column menu, sortable columns, row
 * selection, optional row click, columns hidden per breakpoint with tap-to-open rows on mobile, and a
 * footer with the selection count, rows per page and page navigation. Paging, sorting and filtering
 * are done by the server (manual mode); the table only reports what was asked.
 */
export function DataTable<TData>({
  table,
  filters = [],
  search,
  onSearchChange,
  searchPlaceholder = 'Search...',
  searchLabel,
  onReset,
  isLoading = false,
  emptyState,
  onRowClick,
  toolbar,
  pageSizes,
  className,
  label,
}: DataTableProps<TData>) {
  const breakpoint = useBreakpoint();
  const [openRows, setOpenRows] = React.useState<Record<string, boolean>>({});

  const shown = (column: Column<TData>) =>
    column.getIsVisible() && !hiddenAt(column as Column<unknown>, breakpoint);
  const visibleColumns = table.getVisibleLeafColumns().filter(shown);
  const mobile = breakpoint === 'mobile';
  const mobileHidden = table
    .getAllLeafColumns()
    .filter((c) => c.getIsVisible() && hiddenAt(c as Column<unknown>, breakpoint));

  const handleRowClick = (row: Row<TData>, event: React.MouseEvent | React.KeyboardEvent) => {
    if (isInteractiveClick(event)) return;
    if (mobile && mobileHidden.length) {
      setOpenRows((open) => ({ ...open, [row.id]: !open[row.id] }));
      return;
    }
    onRowClick?.(row.original);
  };
  const rowsClickable = Boolean(onRowClick) || (mobile && mobileHidden.length > 0);

  return (
    <div className={cn('flex flex-col gap-4', className)} data-slot="data-table">
      <DataTableToolbar
        table={table}
        filters={filters}
        search={search}
        onSearchChange={onSearchChange}
        searchPlaceholder={searchPlaceholder}
        searchLabel={searchLabel ?? searchPlaceholder.replace(/\.+$/, '')}
        onReset={onReset}
        breakpoint={breakpoint}
      >
        {toolbar}
      </DataTableToolbar>
      <div className="@container/table overflow-hidden rounded-md border">
        <Table
          aria-label={label}
          aria-busy={isLoading || undefined}
          pinEnd={visibleColumns.at(-1)?.id === 'actions'}
        >
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers
                  .filter((header) => shown(header.column))
                  .map((header) => {
                    const sorted = header.column.getIsSorted();
                    return (
                      <TableHead
                        key={header.id}
                        className={header.column.columnDef.meta?.className}
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                        }
                      >
                        {header.isPlaceholder
                          ? null
                          : flexRender(header.column.columnDef.header, header.getContext())}
                      </TableHead>
                    );
                  })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {isLoading ? (
              <TableRow>
                <TableCell colSpan={visibleColumns.length} className="h-24 text-center">
                  Loading...
                </TableCell>
              </TableRow>
            ) : table.getRowModel().rows.length ? (
              table.getRowModel().rows.map((row) => {
                const open = mobile && Boolean(openRows[row.id]);
                return (
                  <React.Fragment key={row.id}>
                    <TableRow
                      data-state={row.getIsSelected() ? 'selected' : undefined}
                      data-testid="data-table-row"
                      className={cn(rowsClickable && 'cursor-pointer')}
                      tabIndex={rowsClickable ? 0 : undefined}
                      aria-expanded={mobile && mobileHidden.length ? open : undefined}
                      onClick={rowsClickable ? (event) => handleRowClick(row, event) : undefined}
                      onKeyDown={
                        rowsClickable
                          ? (event) => {
                              if (event.key !== 'Enter' && event.key !== ' ') return;
                              if (event.target !== event.currentTarget) return;
                              event.preventDefault();
                              handleRowClick(row, event);
                            }
                          : undefined
                      }
                    >
                      {row
                        .getVisibleCells()
                        .filter((cell) => shown(cell.column))
                        .map((cell) => (
                          <TableCell key={cell.id} className={cell.column.columnDef.meta?.className}>
                            {flexRender(cell.column.columnDef.cell, cell.getContext())}
                          </TableCell>
                        ))}
                    </TableRow>
                    {open ? (
                      <TableRow
                        data-testid="data-table-row-details"
                        className="bg-muted/30 hover:bg-muted/30"
                      >
                        <TableCell colSpan={visibleColumns.length} className="whitespace-normal">
                          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 py-1 text-sm">
                            {row
                              .getAllCells()
                              .filter((cell) => mobileHidden.includes(cell.column))
                              .map((cell) => (
                                <React.Fragment key={cell.id}>
                                  <dt className="text-muted-foreground">
                                    {labelOf(cell.column as Column<unknown>)}
                                  </dt>
                                  <dd className="min-w-0 break-words">
                                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                                  </dd>
                                </React.Fragment>
                              ))}
                          </dl>
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </React.Fragment>
                );
              })
            ) : (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={visibleColumns.length} className="h-24 whitespace-normal text-center">
                  {emptyState ?? 'No results.'}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      <DataTablePagination table={table} pageSizes={pageSizes} />
    </div>
  );
}
