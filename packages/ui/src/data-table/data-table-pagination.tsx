import { PAGE_SIZES } from '@cartwheel/shared/constants';
import { plural } from '@cartwheel/shared/text';
import type { Table } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { Button } from '../button.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../select.tsx';

/** The footer: how many rows are selected, rows per page, "Page N of M" and the four page buttons. */
export function DataTablePagination<TData>({
  table,
  pageSizes = PAGE_SIZES,
}: {
  table: Table<TData>;
  pageSizes?: readonly number[];
}) {
  const { pagination, rowSelection } = table.getState();
  const { pageIndex, pageSize } = pagination;
  const selectedCount = Object.values(rowSelection).filter(Boolean).length;
  const pageCount = Math.max(1, table.getPageCount());
  // The count only means something when rows can be selected (a "select" column).
  const selectable = table.getAllLeafColumns().some((column) => column.id === 'select');
  const page = Math.min(pageIndex + 1, pageCount);
  const go = (index: number) => table.setPageIndex(Math.max(0, Math.min(index, pageCount - 1)));
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 px-2">
      <p className="text-muted-foreground text-sm" data-testid="data-table-selection">
        {selectable ? `${selectedCount} of ${plural(table.getRowCount(), 'row')} selected.` : null}
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
          <PageButton label="Go to first page" onClick={() => go(0)} disabled={page <= 1}>
            <ChevronsLeft aria-hidden="true" />
          </PageButton>
          <PageButton label="Go to previous page" onClick={() => go(pageIndex - 1)} disabled={page <= 1}>
            <ChevronLeft aria-hidden="true" />
          </PageButton>
          <PageButton label="Go to next page" onClick={() => go(pageIndex + 1)} disabled={page >= pageCount}>
            <ChevronRight aria-hidden="true" />
          </PageButton>
          <PageButton label="Go to last page" onClick={() => go(pageCount - 1)} disabled={page >= pageCount}>
            <ChevronsRight aria-hidden="true" />
          </PageButton>
        </div>
      </div>
    </div>
  );
}

function PageButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button variant="outline" size="icon" className="size-8" onClick={onClick} disabled={disabled}>
      <span className="sr-only">{label}</span>
      {children}
    </Button>
  );
}
