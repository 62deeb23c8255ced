import { ApiError } from '@cartwheel/shared/api-client';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { capitalize } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { cn } from '@cartwheel/ui/lib/utils';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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

/** The ghost button above a record's page, back to its list ("Back to Orders"). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 w-fit">
      <Link to={to}>
        <ArrowLeft aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

/** A record's page while it loads: the back link, then grey blocks for its title and body. */
export function RecordLoading({ back, bodyClassName }: { back: ReactNode; bodyClassName: string }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      {back}
      <Skeleton className="h-8 w-48" />
      <Skeleton className={bodyClassName} />
    </div>
  );
}

/**
 * A record's page that could not load: "{Noun} not found" when the server has no such record (404, or
 * 400 for an id that cannot be one), else "Error loading {noun}" with the server's message.
 */
export function RecordError({ back, noun, error }: { back: ReactNode; noun: string; error: unknown }) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  const title = missing ? `${capitalize(noun)} not found` : `Error loading ${noun}`;
  return (
    <div className="flex flex-col gap-4">
      {back}
      <title>{`${title} | Cartwheel Admin`}</title>
      <div role="alert" className="rounded-md border p-6 text-center">
        <h1 className="font-semibold text-xl">{title}</h1>
        <p className="text-muted-foreground text-sm">
          {missing ? `The ${noun} you're looking for doesn't exist.` : getErrorMessage(error, '')}
        </p>
      </div>
    </div>
  );
}
