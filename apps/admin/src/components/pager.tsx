import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';

/** "Page 2 of 5 · 93 emails" with Previous and Next, under a simple paged list. */
export function Pager(props: {
  page: number;
  pageSize: number;
  total: number;
  noun: string;
  /** The noun's plural when adding an s is wrong ("entries"). */
  nounPlural?: string;
  onPage: (page: number) => void;
}) {
  const { page, total, noun, onPage } = props;
  const pages = Math.max(1, Math.ceil(total / props.pageSize));
  return (
    <div className="flex items-center justify-end gap-2 text-sm">
      <span className="text-muted-foreground">
        Page {page} of {pages} · {plural(total, noun, props.nounPlural)}
      </span>
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
      </Button>
    </div>
  );
}
