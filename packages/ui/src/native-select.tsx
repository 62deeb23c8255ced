import { ChevronDown } from 'lucide-react';
import type * as React from 'react';
import { cn } from './lib/utils.ts';

/**
 * A styled native <select>: the platform's own picker, keyboard and screen-reader behaviour.
 * `className` goes to the wrapper (width, placement); `selectClassName` to the select itself.
 */
export function NativeSelect({
  className,
  selectClassName,
  ...props
}: React.ComponentProps<'select'> & { selectClassName?: string }) {
  return (
    <div className={cn('relative', className ?? 'w-fit')} data-slot="native-select-wrapper">
      <select
        data-slot="native-select"
        className={cn(
          'h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-transparent py-1 pr-8 pl-3 text-sm shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
          selectClassName,
        )}
        {...props}
      />
      <ChevronDown
        aria-hidden="true"
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 right-2.5 size-4 text-muted-foreground"
      />
    </div>
  );
}
