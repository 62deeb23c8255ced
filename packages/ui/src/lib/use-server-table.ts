import {
  type ColumnDef,
  type ColumnFiltersState,
  functionalUpdate,
  getCoreRowModel,
  type OnChangeFn,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import * as React from 'react';

/** The list state every server-paged table has (see `useListParams`). */
export interface ServerListParams {
  page: number;
  limit: number;
  search: string;
  sort: string;
}

/** How one column filter maps to the list's params and back. */
export interface ServerTableFilter<P> {
  columnId: string;
  /** The chosen values of the column's filter (none: not filtered). */
  values: (params: P) => string[];
  /** The params change when the chosen values change (`[]` when the filter is cleared). */
  change: (values: string[]) => Partial<P>;
}

export interface ServerTableOptions<TData, P extends ServerListParams> {
  data: TData[];
  columns: ColumnDef<TData, never>[] | ColumnDef<TData, unknown>[];
  getRowId: (row: TData) => string;
  /** Rows matching the filters on the server, across every page. */
  rowCount: number;
  params: P;
  onParamsChange: (change: Partial<P>) => void;
  /** The params key of the sort direction, 'asc' or 'desc' (default `dir`). */
  directionKey?: keyof P & string;
  /** A sort no column shows (e.g. newest first, when no column sorts by creation date). */
  unsortedBy?: P['sort'];
  filters?: ServerTableFilter<P>[];
  /** Selected rows, when the caller acts on them; else the table keeps its own. */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
}

/**
 * A TanStack table whose paging, sorting and filtering are done by the server: its state is read
 * from the list's params, and each change (from a header, the pager or a filter) becomes a params
 * change. Returns the table and the search box's value and handlers, to spread into `DataTable`.
 */
export function useServerTable<TData, P extends ServerListParams>({
  data,
  columns,
  getRowId,
  rowCount,
  params,
  onParamsChange,
  directionKey = 'dir' as keyof P & string,
  unsortedBy,
  filters = [],
  rowSelection: rowSelectionProp,
  onRowSelectionChange,
}: ServerTableOptions<TData, P>) {
  const [ownSelection, setOwnSelection] = React.useState<RowSelectionState>({});
  const [columnVisibility, setColumnVisibility] = React.useState<VisibilityState>({});
  const change = (values: Record<string, unknown>) => onParamsChange(values as Partial<P>);

  const pagination: PaginationState = { pageIndex: params.page - 1, pageSize: params.limit };
  const direction = (params as unknown as Record<string, unknown>)[directionKey];
  const sorting: SortingState =
    params.sort === unsortedBy ? [] : [{ id: params.sort, desc: direction === 'desc' }];
  const columnFilters: ColumnFiltersState = filters.flatMap((filter) => {
    const values = filter.values(params);
    return values.length ? [{ id: filter.columnId, value: values }] : [];
  });

  const table = useReactTable<TData>({
    data,
    columns: columns as ColumnDef<TData, unknown>[],
    getRowId: (row) => getRowId(row),
    rowCount,
    state: {
      pagination,
      sorting,
      columnFilters,
      rowSelection: rowSelectionProp ?? ownSelection,
      columnVisibility,
    },
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableRowSelection: true,
    enableMultiSort: false,
    // A server-sorted list always has an order: a header click flips between ascending and descending.
    enableSortingRemoval: false,
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination);
      change(next.pageSize !== params.limit ? { limit: next.pageSize } : { page: next.pageIndex + 1 });
    },
    onSortingChange: (updater) => {
      const [next] = functionalUpdate(updater, sorting);
      if (next) change({ sort: next.id, [directionKey]: next.desc ? 'desc' : 'asc' });
    },
    onColumnFiltersChange: (updater) => {
      const next = functionalUpdate(updater, columnFilters);
      const chosen = (id: string) => (next.find((f) => f.id === id)?.value as string[] | undefined) ?? [];
      onParamsChange(Object.assign({}, ...filters.map((filter) => filter.change(chosen(filter.columnId)))));
    },
    onRowSelectionChange: onRowSelectionChange ?? setOwnSelection,
    onColumnVisibilityChange: setColumnVisibility,
    getCoreRowModel: getCoreRowModel(),
  });

  return {
    table,
    search: params.search,
    onSearchChange: (search: string) => change({ search }),
    // The search and every filter cleared in one change, so neither undoes the other in the URL.
    onReset: () =>
      onParamsChange(Object.assign({ search: '' }, ...filters.map((filter) => filter.change([])))),
  };
}
