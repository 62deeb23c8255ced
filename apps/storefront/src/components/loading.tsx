import { cn } from '@cartwheel/ui/lib/utils';
import { Skeleton } from '@cartwheel/ui/skeleton';
import type { ReactNode } from 'react';

/**
 * Placeholders while something loads: marked busy, with a status message for screen readers (the
 * placeholders themselves say nothing). A list of placeholders is a `ul` of `li` skeletons.
 */
export function LoadingRegion({
  label,
  as: Tag = 'div',
  className,
  children,
}: {
  label: string;
  as?: 'div' | 'ul';
  className?: string;
  children: ReactNode;
}) {
  return (
    <Tag aria-busy="true" className={className}>
      <span className="sr-only" role="status">
        {label}
      </span>
      {children}
    </Tag>
  );
}

/** A column of skeleton bars, one per class list (its height and width), e.g. a card's text lines. */
export function SkeletonStack({ bars, className }: { bars: string[]; className?: string }) {
  return (
    <div className={cn('flex flex-col', className)}>
      {bars.map((bar) => (
        <Skeleton key={bar} className={bar} />
      ))}
    </div>
  );
}
