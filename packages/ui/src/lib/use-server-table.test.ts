import type { ColumnDef, Table } from '@tanstack/react-table';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type ServerListParams, useServerTable } from './use-server-table.ts';

interface Row {
  id: string;
  name: string;
  status: string;
}
interface Params extends ServerListParams {
  order: 'asc' | 'desc';
  status: 'all' | 'active' | 'draft';
}

const columns: ColumnDef<Row, unknown>[] = [
  { id: 'name', accessorKey: 'name' },
  { id: 'status', accessorKey: 'status' },
  { id: 'created_at', accessorKey: 'name' },
];
const defaults: Params = { page: 2, limit: 10, search: 'mug', sort: 'name', order: 'asc', status: 'draft' };

/** Renders a table for `params` once and hands back its TanStack table and the changes it asks for. */
function serverTable(params: Params = defaults) {
  const changes: Partial<Params>[] = [];
  let result!: ReturnType<typeof useServerTable<Row, Params>>;
  function Probe() {
    result = useServerTable<Row, Params>({
      data: [{ id: '1', name: 'Mug', status: 'draft' }],
      columns,
      getRowId: (row) => row.id,
      rowCount: 25,
      params,
      onParamsChange: (change) => changes.push(change),
      directionKey: 'order',
      unsortedBy: 'created_at',
      filters: [
        {
          columnId: 'status',
          values: (p) => (p.status === 'all' ? [] : [p.status]),
          change: (values) => ({ status: values.length === 1 ? (values[0] as Params['status']) : 'all' }),
        },
      ],
    });
    return null;
  }
  renderToString(createElement(Probe));
  return { ...result, table: result.table as Table<Row>, changes };
}

describe('useServerTable', () => {
  it('reads paging, sorting and filters from the params', () => {
    const { table, search } = serverTable();
    expect(table.getState().pagination).toEqual({ pageIndex: 1, pageSize: 10 });
    expect(table.getState().sorting).toEqual([{ id: 'name', desc: false }]);
    expect(table.getState().columnFilters).toEqual([{ id: 'status', value: ['draft'] }]);
    expect(table.getPageCount()).toBe(3);
    expect(search).toBe('mug');
  });

  it('shows no sorted column for the sort no column stands for', () => {
    const { table } = serverTable({ ...defaults, sort: 'created_at', order: 'desc' });
    expect(table.getState().sorting).toEqual([]);
  });

  it('turns the pager, a header and a filter into params changes', () => {
    const { table, changes } = serverTable();
    table.nextPage();
    table.setPageSize(30);
    table.getColumn('name')?.toggleSorting();
    table.getColumn('status')?.setFilterValue(['active', 'draft']);
    expect(changes).toEqual([{ page: 3 }, { limit: 30 }, { sort: 'name', order: 'desc' }, { status: 'all' }]);
  });

  it('resets the search and every filter in one change', () => {
    const { onReset, onSearchChange, changes } = serverTable();
    onSearchChange('cup');
    onReset();
    expect(changes).toEqual([{ search: 'cup' }, { search: '', status: 'all' }]);
  });
});
