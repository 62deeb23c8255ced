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
import { PasswordInput } from './password-input.tsx';

/**
 * A password field of a react-hook-form form: label, the input with its show/hide toggle, the rule
 * (kept in view, since it explains the message) and the validation message. Other props go to the
 * input.
 */
export function PasswordField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  control,
  name,
  id,
  label,
  labelAction,
  rule,
  quietMessage,
  invalid,
  ...inputProps
}: FieldProps<TFieldValues, TName, TTransformedValues> & {
  /** Shown on the label's line, at its end (a "Forgot password?" link, say). */
  labelAction?: React.ReactNode;
  rule?: React.ReactNode;
  /** An error the form shows elsewhere; see `FormField`. */
  quietMessage?: string;
  /** Marks the input invalid even while the field has no error of its own. */
  invalid?: boolean;
} & Omit<React.ComponentProps<typeof PasswordInput>, 'name' | 'id' | 'value' | 'defaultValue'>) {
  return (
    <FormField
      control={control}
      name={name}
      quietMessage={quietMessage}
      render={({ field }) => (
        <FormItem id={id}>
          {labelAction ? (
            <div className="flex items-center justify-between gap-2">
              <FormLabel>{label}</FormLabel>
              {labelAction}
            </div>
          ) : (
            <FormLabel>{label}</FormLabel>
          )}
          <FormControl aria-invalid={invalid}>
            <PasswordInput {...field} {...inputProps} />
          </FormControl>
          {rule ? <FormDescription>{rule}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
