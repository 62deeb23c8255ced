import { getErrorMessage } from '@cartwheel/shared/errors';
import { cn } from '@cartwheel/ui/lib/utils';
import { Skeleton } from '@cartwheel/ui/skeleton';

/** A page's list or figures that could not be loaded: "Error loading {what}" and the server's message. */
export function LoadError({ title, error }: { title: string; error: unknown }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/50 p-4">
      <p className="font-medium text-destructive">{title}</p>
      <p className="text-muted-foreground text-sm">{getErrorMessage(error)}</p>
    </div>
  );
}

/** Three grey blocks standing in for rows (or cards) while they load. */
export function LoadingBlocks({
  className = 'flex flex-col gap-2',
  blockClassName = 'h-10 w-full',
}: {
  className?: string;
  blockClassName?: string;
}) {
  return (
    <div className={cn(className)} aria-busy="true">
      <Skeleton className={blockClassName} />
      <Skeleton className={blockClassName} />
      <Skeleton className={blockClassName} />
    </div>
  );
}
