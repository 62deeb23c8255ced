import { cn } from '@cartwheel/ui/lib/utils';
import { NativeSelect } from '@cartwheel/ui/native-select';
import type { ComponentProps } from 'react';

interface FilterSelectProps extends Omit<ComponentProps<'select'>, 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
}

/** The storefront's drop-downs sit on tinted panels: an opaque field, and room for the chevron. */
export const SELECT_CLASS = 'bg-background! pr-9!';

/** A drop-down for the catalog's sort and filters. */
export function FilterSelect({ value, onChange, options, className, ...props }: FilterSelectProps) {
  return (
    <NativeSelect
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={cn('w-full sm:w-auto', className)}
      selectClassName={SELECT_CLASS}
      {...props}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}
