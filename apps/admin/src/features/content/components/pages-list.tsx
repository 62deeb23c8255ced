import type { ContentPage } from '@cartwheel/shared/contracts/content';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';

/** The shop's pages: title, address and status, each opening the editor. */
export function PagesList({
  pages,
  onOpen,
}: {
  pages: Omit<ContentPage, 'body'>[];
  onOpen: (id: string) => void;
}) {
  if (pages.length === 0) return <p className="text-muted-foreground text-sm">No pages yet.</p>;
  return (
    <ul className="divide-y rounded-xl border">
      {pages.map((page) => (
        <li key={page.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
          <div className="flex min-w-0 flex-col">
            <span className="truncate font-medium">{page.title}</span>
            <span className="truncate text-muted-foreground text-sm">/pages/{page.slug}</span>
          </div>
          <div className="flex items-center gap-2">
            <Badge variant={page.published ? 'default' : 'secondary'}>
              {page.published ? 'Published' : 'Draft'}
            </Badge>
            <Button
              variant="outline"
              size="sm"
              onClick={() => onOpen(page.id)}
              aria-label={`Edit ${page.title}`}
            >
              Edit
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
