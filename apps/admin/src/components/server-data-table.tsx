import { DataTable, type DataTableProps } from '@cartwheel/ui/data-table/data-table';
import type { DataTableFilter } from '@cartwheel/ui/data-table/data-table-faceted-filter';
import {
  type ServerListParams,
  type ServerTableFilter,
  type ServerTableOptions,
  useServerTable,
} from '@cartwheel/ui/lib/use-server-table';
import { useNavigate } from 'react-router';

/** A column filter: its menu (title, options) and how its choice maps to the list's params. */
export type ListFilter<P> = DataTableFilter & ServerTableFilter<P>;

type Props<T extends { id: string }, P extends ServerListParams> = Omit<
  ServerTableOptions<T, P>,
  'getRowId' | 'filters'
> &
  Omit<DataTableProps<T>, 'table' | 'filters' | 'onRowClick' | 'search' | 'onSearchChange' | 'onReset'> & {
    filters?: ListFilter<P>[];
    /** The page a row click opens. */
    rowHref: (row: T) => string;
  };

/** A back-office list paged, sorted and filtered by the server, its state in the list's params. */
export function ServerDataTable<T extends { id: string }, P extends ServerListParams>({
  rowHref,
  ...props
}: Props<T, P>) {
  const navigate = useNavigate();
  // Each takes the props it knows: the table's state from the params, the rest for the markup.
  const serverTable = useServerTable({ ...props, getRowId: (row) => row.id });
  return <DataTable {...props} {...serverTable} onRowClick={(row) => navigate(rowHref(row))} />;
}
