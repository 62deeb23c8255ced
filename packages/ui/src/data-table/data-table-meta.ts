import type { Column, RowData } from '@tanstack/react-table';
import type { Breakpoint } from '../lib/use-breakpoint.ts';

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
    /**
     * Classes for the column's header and cells (alignment, width; the table's box is the container
     * `table`, so `hidden @[64rem]/table:table-cell` shows a column only where the table has room).
     */
    className?: string;
  }
}

/** Whether the column's meta hides it at this breakpoint. */
export function hiddenAt(column: Column<unknown>, breakpoint: Breakpoint): boolean {
  const meta = column.columnDef.meta;
  if (breakpoint === 'mobile') return Boolean(meta?.hideOnMobile);
  if (breakpoint === 'tablet') return Boolean(meta?.hideOnTablet);
  return Boolean(meta?.hideOnDesktop);
}

export const labelOf = (column: Column<unknown>) => column.columnDef.meta?.label ?? column.id;
