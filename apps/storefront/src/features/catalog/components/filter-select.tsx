import { cn } from '@cartwheel/ui/lib/utils';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';

interface FilterSelectProps extends Omit<ComponentProps<'select'>, 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
}

/** A native drop-down for the catalog's sort and filters: the platform's own picker and keyboard. */
export function FilterSelect({ value, onChange, options, className, ...props }: FilterSelectProps) {
  return (
    <div className={cn('relative w-full sm:w-auto', className)}>
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 w-full appearance-none rounded-md border border-input bg-background py-1 pr-9 pl-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 right-3 size-4 text-muted-foreground"
      />
    </div>
  );
}
