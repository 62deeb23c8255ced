import type * as React from 'react';
import { cn } from './lib/utils.ts';

/** A pulsing placeholder block; hidden from assistive technology (announce loading on the container). */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
