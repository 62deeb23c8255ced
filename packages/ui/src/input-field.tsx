import type * as React from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import {
  type FieldProps,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from './form.tsx';
import { Input } from './input.tsx';

/**
 * A text (or number, email...) field of a react-hook-form form: label, input, a hint that gives way
 * to the validation message. Other props go to the input.
 */
export function InputField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  control,
  name,
  id,
  label,
  description,
  itemClassName,
  ...inputProps
}: FieldProps<TFieldValues, TName, TTransformedValues> & {
  description?: React.ReactNode;
  /** Classes of the field's wrapper (`className` goes to the input). */
  itemClassName?: string;
} & Omit<React.ComponentProps<typeof Input>, 'name' | 'id' | 'value' | 'defaultValue'>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormItem id={id} className={itemClassName}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...field} {...inputProps} />
          </FormControl>
          {description && !fieldState.error ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
