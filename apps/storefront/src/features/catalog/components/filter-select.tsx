import { cn } from '@cartwheel/ui/lib/utils';
import type { ComponentProps } from 'react';
import { NativeSelect } from './native-select.tsx';

interface FilterSelectProps extends Omit<ComponentProps<'select'>, 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
}

/** A drop-down for the catalog's sort and filters. */
export function FilterSelect({ value, onChange, options, className, ...props }: FilterSelectProps) {
  return (
    <NativeSelect
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={cn('w-full sm:w-auto', className)}
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
