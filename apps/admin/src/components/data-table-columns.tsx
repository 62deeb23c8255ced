import { formatDate } from '@cartwheel/shared/dates';
import { formatMoney } from '@cartwheel/shared/money';
import { DataTableColumnHeader } from '@cartwheel/ui/data-table/data-table-column-header';
import type { ColumnDef } from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBaseCurrency } from '../lib/base-currency.ts';

type Column<T> = ColumnDef<T, unknown>;

/**
 * A column the server sorts by: `id` is its sort key (and, unless `accessorFn` says otherwise, the
 * row's field), the header a sort button named `title`, which is also its label in menus.
 */
export function sortableColumn<T>(id: string, title: string, column: Partial<Column<T>> = {}): Column<T> {
  return {
    id,
    ...('accessorFn' in column ? {} : { accessorKey: id }),
    header: ({ column: header }) => <DataTableColumnHeader column={header} title={title} />,
    ...column,
    meta: { label: title, ...column.meta },
  } as Column<T>;
}

type Meta = ColumnDef<unknown, unknown>['meta'];

/**
 * A sortable column of an amount in minor units, in the row's currency (`currencyOf`), or the base
 * currency for figures summed across orders.
 */
export function moneyColumn<T>(
  id: keyof T & string,
  title: string,
  currencyOf: ((row: T) => string) | 'base',
  meta?: Meta,
): Column<T> {
  return sortableColumn<T>(id, title, {
    cell: ({ row }) =>
      currencyOf === 'base' ? (
        <BaseMoneyCell minor={row.original[id] as number} />
      ) : (
        <MoneyCell minor={row.original[id] as number} currency={currencyOf(row.original)} />
      ),
    meta,
  });
}

/** A sortable column of a date (ISO timestamp, or null for none). */
export function dateColumn<T>(id: keyof T & string, title: string, meta?: Meta): Column<T> {
  return sortableColumn<T>(id, title, {
    cell: ({ row }) => <DateCell iso={row.original[id] as string | null} />,
    meta,
  });
}

/** The last column: the row's menu, never hidden, never sorted. */
export function actionsColumn<T>(render: (row: T) => ReactNode): Column<T> {
  return {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => render(row.original),
    enableSorting: false,
    enableHiding: false,
    meta: { className: 'w-10 text-right' },
  };
}

/** A day as "Jan 05, 2026", or a dash when there is none. */
export function DateCell({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatDate(iso)}</time> : '—';
}

/** An amount in minor units of its currency, with aligned digits. */
export function MoneyCell({ minor, currency }: { minor: number; currency: string }) {
  return <span className="tabular-nums">{formatMoney(minor, currency)}</span>;
}

function BaseMoneyCell({ minor }: { minor: number }) {
  return <MoneyCell minor={minor} currency={useBaseCurrency()} />;
}

/**
 * Text that may be long (a name, an email): cut with an ellipsis at a column's width so the table fits,
 * the whole text in the tooltip.
 */
export function TextCell({
  text,
  muted = false,
  wide = false,
}: {
  text: string;
  muted?: boolean;
  /** Wide (a name, an email): the column grows to the text, up to a width most addresses fit in. */
  wide?: boolean;
}) {
  return (
    <span
      title={text}
      className={`inline-block align-bottom ${wide ? 'max-w-[12rem]' : 'max-w-[11rem]'} truncate${muted ? ' text-muted-foreground' : ''}`}
    >
      {text}
    </span>
  );
}

/** The link from a row to its record's page (an order number, a customer's name). */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

/** The table's empty state: an icon, a title and a hint. */
export function TableEmpty({
  icon: Icon,
  title,
  hint,
}: {
  icon: LucideIcon;
  title: string;
  hint: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 py-6">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      <p className="text-muted-foreground text-sm">{hint}</p>
    </div>
  );
}
