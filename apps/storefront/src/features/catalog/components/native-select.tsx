import { cn } from '@cartwheel/ui/lib/utils';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';

interface NativeSelectProps extends ComponentProps<'select'> {
  /** Classes of the select itself (`className` goes to its wrapper, which sets the width). */
  selectClassName?: string;
}

/** A native drop-down with the chevron drawn over it: the platform's own picker and keyboard. */
export function NativeSelect({ className, selectClassName, children, ...props }: NativeSelectProps) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'h-9 w-full appearance-none rounded-md border border-input bg-background py-1 pr-9 pl-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
          selectClassName,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 right-3 size-4 text-muted-foreground"
      />
    </div>
  );
}
