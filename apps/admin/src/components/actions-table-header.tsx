import { TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';

/** A plain table's header: one cell per title, then an unlabelled one over each row's buttons. */
export function ActionsTableHeader({ titles }: { titles: string[] }) {
  return (
    <TableHeader>
      <TableRow>
        {titles.map((title) => (
          <TableHead key={title}>{title}</TableHead>
        ))}
        <TableHead className="text-right">
          <span className="sr-only">Actions</span>
        </TableHead>
      </TableRow>
    </TableHeader>
  );
}
