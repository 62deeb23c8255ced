import type * as React from 'react';
import type { ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
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
import { cn } from './lib/utils.ts';
import { NativeSelect } from './native-select.tsx';
import { Switch } from './switch.tsx';
import { Textarea } from './textarea.tsx';

/** The label, hint and message around one control of a react-hook-form form. */
function LabeledField<
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
  render,
}: FieldProps<TFieldValues, TName, TTransformedValues> & {
  description?: React.ReactNode;
  itemClassName?: string | undefined;
  render: (field: ControllerRenderProps<TFieldValues, TName>) => React.ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormItem id={id} className={itemClassName}>
          <FormLabel>{label}</FormLabel>
          <FormControl>{render(field)}</FormControl>
          {description && !fieldState.error ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

type ExtraFieldProps = {
  description?: React.ReactNode;
  /** Classes of the field's wrapper (`className` goes to the control). */
  itemClassName?: string;
};

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
}: FieldProps<TFieldValues, TName, TTransformedValues> &
  ExtraFieldProps &
  Omit<React.ComponentProps<typeof Input>, 'name' | 'id' | 'value' | 'defaultValue'>) {
  return (
    <LabeledField
      {...{ control, name, id, label, description, itemClassName }}
      render={(field) => <Input {...field} {...inputProps} />}
    />
  );
}

/** A multi-line text field of a react-hook-form form, like `InputField`. Other props go to the textarea. */
export function TextareaField<
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
  ...textareaProps
}: FieldProps<TFieldValues, TName, TTransformedValues> &
  ExtraFieldProps &
  Omit<React.ComponentProps<typeof Textarea>, 'name' | 'id' | 'value' | 'defaultValue'>) {
  return (
    <LabeledField
      {...{ control, name, id, label, description, itemClassName }}
      render={(field) => <Textarea {...field} {...textareaProps} />}
    />
  );
}

/**
 * A native select field of a react-hook-form form; `options` are its [value, text] pairs. Other props
 * go to the select (`className` to its wrapper).
 */
export function NativeSelectField<
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
  options,
  ...selectProps
}: FieldProps<TFieldValues, TName, TTransformedValues> &
  ExtraFieldProps & { options: ReadonlyArray<readonly [string, string]> } & Omit<
    React.ComponentProps<typeof NativeSelect>,
    'name' | 'id' | 'value' | 'defaultValue' | 'children'
  >) {
  return (
    <LabeledField
      {...{ control, name, id, label, description, itemClassName }}
      render={(field) => (
        <NativeSelect {...field} {...selectProps}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </NativeSelect>
      )}
    />
  );
}

/**
 * An on/off field of a react-hook-form form. Without a description the switch comes first and its
 * label beside it; with one, the label and description stand on the left and the switch on the right.
 * Other props go to the switch.
 */
export function SwitchField<
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
  ...switchProps
}: FieldProps<TFieldValues, TName, TTransformedValues> &
  ExtraFieldProps &
  Omit<
    React.ComponentProps<typeof Switch>,
    'name' | 'id' | 'checked' | 'defaultChecked' | 'onCheckedChange'
  >) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const toggle = (
          <FormControl>
            <Switch
              {...switchProps}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
            />
          </FormControl>
        );
        return description ? (
          <FormItem id={id} className={cn('flex items-start justify-between gap-4', itemClassName)}>
            <div className="flex flex-col gap-1">
              <FormLabel>{label}</FormLabel>
              <FormDescription className="text-sm">{description}</FormDescription>
              <FormMessage />
            </div>
            {toggle}
          </FormItem>
        ) : (
          <FormItem id={id} className={cn('flex items-center gap-2', itemClassName)}>
            {toggle}
            <FormLabel>{label}</FormLabel>
          </FormItem>
        );
      }}
    />
  );
}
