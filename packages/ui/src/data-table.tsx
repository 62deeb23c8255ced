import {
  type Column,
  type ColumnDef,
  type ColumnFiltersState,
  flexRender,
  getCoreRowModel,
  type OnChangeFn,
  type PaginationState,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Table as TanstackTable,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import {
  ArrowDown,
  ArrowUp,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  ChevronsUpDown,
  CirclePlus,
  Search,
  Settings2,
  X,
} from 'lucide-react';
import * as React from 'react';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';
import { Checkbox } from './checkbox.tsx';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu.tsx';
import { Input } from './input.tsx';
import { type Breakpoint, useBreakpoint } from './lib/use-breakpoint.ts';
import { cn } from './lib/utils.ts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select.tsx';
import { Separator } from './separator.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table.tsx';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name in the column menu and in a row's mobile details (default: its id). */
    label?: string;
    /** Hidden under 768 px; its value then shows when the row is tapped open. */
    hideOnMobile?: boolean;
    /** Hidden from 768 to 1023 px. */
    hideOnTablet?: boolean;
    /** Hidden from 1024 px. */
    hideOnDesktop?: boolean;
    /** Classes for the column's header and cells (alignment, width). */
    className?: string;
  }
}

/** Page-size choices of the table (spec section 9). */
export const DATA_TABLE_PAGE_SIZES = [10, 20, 30, 40, 50] as const;

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

export interface DataTableProps<TData> {
  columns: ColumnDef<TData, never>[] | ColumnDef<TData, unknown>[];
  data: TData[];
  getRowId: (row: TData) => string;
  /** Rows matching the filters on the server, across every page. */
  rowCount: number;
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  columnFilters?: ColumnFiltersState;
  onColumnFiltersChange?: OnChangeFn<ColumnFiltersState>;
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
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
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

function hiddenAt(column: Column<unknown>, breakpoint: Breakpoint): boolean {
  const meta = column.columnDef.meta;
  if (breakpoint === 'mobile') return Boolean(meta?.hideOnMobile);
  if (breakpoint === 'tablet') return Boolean(meta?.hideOnTablet);
  return Boolean(meta?.hideOnDesktop);
}

const labelOf = (column: Column<unknown>) => column.columnDef.meta?.label ?? column.id;

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
 * The back office's data table (spec section 2): search, multi-select filters, a column menu,
 * sortable columns, row selection, optional row click, columns hidden per breakpoint with tap-to-open
 * rows on mobile, and a footer with the selection count, rows per page and page navigation. Paging,
 * sorting and filtering are done by the server (manual mode); the table only reports what was asked.
 */
export function DataTable<TData>({
  columns,
  data,
  getRowId,
  rowCount,
  pagination,
  onPaginationChange,
  sorting = [],
  onSortingChange,
  columnFilters = [],
  onColumnFiltersChange,
  filters = [],
  search,
  onSearchChange,
  searchPlaceholder = 'Search...',
  searchLabel,
  onReset,
  rowSelection: rowSelectionProp,
  onRowSelectionChange,
  isLoading = false,
  emptyState,
  onRowClick,
  toolbar,
  pageSizes = DATA_TABLE_PAGE_SIZES,
  className,
  label,
}: DataTableProps<TData>) {
  const breakpoint = useBreakpoint();
  const [ownSelection, setOwnSelection] = React.useState<RowSelectionState>({});
  const rowSelection = rowSelectionProp ?? ownSelection;
  const [userVisibility, setUserVisibility] = React.useState<VisibilityState>({});
  const [openRows, setOpenRows] = React.useState<Record<string, boolean>>({});

  const table = useReactTable<TData>({
    data,
    columns: columns as ColumnDef<TData, unknown>[],
    getRowId: (row) => getRowId(row),
    rowCount,
    state: { pagination, sorting, columnFilters, rowSelection, columnVisibility: userVisibility },
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableRowSelection: true,
    enableMultiSort: false,
    // A server-sorted list always has an order: a header click flips between ascending and descending.
    enableSortingRemoval: false,
    onPaginationChange,
    onSortingChange,
    onColumnFiltersChange,
    onRowSelectionChange: onRowSelectionChange ?? setOwnSelection,
    onColumnVisibilityChange: setUserVisibility,
    getCoreRowModel: getCoreRowModel(),
  });

  const shown = (column: Column<TData>) =>
    column.getIsVisible() && !hiddenAt(column as Column<unknown>, breakpoint);
  const visibleColumns = table.getVisibleLeafColumns().filter(shown);
  const mobile = breakpoint === 'mobile';
  const mobileHidden = table
    .getAllLeafColumns()
    .filter((c) => c.getIsVisible() && hiddenAt(c as Column<unknown>, breakpoint));

  const selectedCount = Object.values(rowSelection).filter(Boolean).length;
  const pageCount = Math.max(1, table.getPageCount());

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
      <div className="overflow-hidden rounded-md border">
        <Table aria-label={label} aria-busy={isLoading || undefined}>
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
      <DataTablePagination
        table={table}
        selectedCount={selectedCount}
        rowCount={rowCount}
        pageCount={pageCount}
        pageSizes={pageSizes}
      />
    </div>
  );
}

function DataTableToolbar<TData>({
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
  table: TanstackTable<TData>;
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

/** The column menu: button "View", heading "Toggle columns", one checkbox per column that can hide. */
export function DataTableViewOptions<TData>({
  table,
  breakpoint,
}: {
  table: TanstackTable<TData>;
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

function DataTablePagination<TData>({
  table,
  selectedCount,
  rowCount,
  pageCount,
  pageSizes,
}: {
  table: TanstackTable<TData>;
  selectedCount: number;
  rowCount: number;
  pageCount: number;
  pageSizes: readonly number[];
}) {
  const { pageIndex, pageSize } = table.getState().pagination;
  // The count only means something when rows can be selected (a "select" column).
  const selectable = table.getAllLeafColumns().some((column) => column.id === 'select');
  const page = Math.min(pageIndex + 1, pageCount);
  const go = (index: number) => table.setPageIndex(Math.max(0, Math.min(index, pageCount - 1)));
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 px-2">
      <p className="text-muted-foreground text-sm" data-testid="data-table-selection">
        {selectable ? `${selectedCount} of ${rowCount} row(s) selected.` : null}
      </p>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 lg:gap-x-8">
        <div className="flex items-center gap-2">
          <p id="data-table-rows-per-page" className="font-medium text-sm">
            Rows per page
          </p>
          <Select value={String(pageSize)} onValueChange={(value) => table.setPageSize(Number(value))}>
            <SelectTrigger size="sm" className="w-[4.5rem]" aria-labelledby="data-table-rows-per-page">
              <SelectValue placeholder={String(pageSize)} />
            </SelectTrigger>
            <SelectContent side="top">
              {pageSizes.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <p className="font-medium text-sm" aria-live="polite">
          Page {page} of {pageCount}
        </p>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="icon" className="size-8" onClick={() => go(0)} disabled={page <= 1}>
            <span className="sr-only">Go to first page</span>
            <ChevronsLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            onClick={() => go(pageIndex - 1)}
            disabled={page <= 1}
          >
            <span className="sr-only">Go to previous page</span>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            onClick={() => go(pageIndex + 1)}
            disabled={page >= pageCount}
          >
            <span className="sr-only">Go to next page</span>
            <ChevronRight aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            onClick={() => go(pageCount - 1)}
            disabled={page >= pageCount}
          >
            <span className="sr-only">Go to last page</span>
            <ChevronsRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </div>
  );
}
