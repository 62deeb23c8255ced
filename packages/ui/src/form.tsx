import { Slot } from 'radix-ui';
import * as React from 'react';
import {
  type Control,
  Controller,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { Label } from './label.tsx';
import { cn } from './lib/utils.ts';

/** Gives the fields below it the form made by `useForm` (`<Form {...form}>`). */
export const Form = FormProvider;

interface FormFieldContextValue {
  name: string;
  quietMessage: string | undefined;
}

const FormFieldContext = React.createContext<FormFieldContextValue | null>(null);

/**
 * One field of the form: a react-hook-form `Controller` whose label, control, description and
 * message find each other. `quietMessage` is an error the form shows in a place of its own (an
 * alert, say): the field neither repeats it under the input nor points to it.
 */
export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  quietMessage,
  ...props
}: ControllerProps<TFieldValues, TName, TTransformedValues> & { quietMessage?: string }) {
  const value = React.useMemo(() => ({ name: props.name, quietMessage }), [props.name, quietMessage]);
  return (
    <FormFieldContext.Provider value={value}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

interface FormItemContextValue {
  id: string;
  described: boolean;
  setDescribed: (described: boolean) => void;
}

const FormItemContext = React.createContext<FormItemContextValue | null>(null);

/** The ids and the shown error of the field around the calling component. */
export function useFormField() {
  const field = React.useContext(FormFieldContext);
  const item = React.useContext(FormItemContext);
  if (!field || !item) throw new Error('useFormField is used inside <FormField> and <FormItem>');
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field.name });
  const { error } = getFieldState(field.name, formState);
  return {
    name: field.name,
    formItemId: item.id,
    formDescriptionId: `${item.id}-description`,
    formMessageId: `${item.id}-error`,
    described: item.described,
    error: field.quietMessage !== undefined && error?.message === field.quietMessage ? undefined : error,
  };
}

/**
 * A field's label, control, description and message, stacked. `id` is the control's id (made up
 * when not given); the description and message ids follow from it.
 */
export function FormItem({ id, className, ...props }: React.ComponentProps<'div'>) {
  const generated = React.useId();
  const [described, setDescribed] = React.useState(false);
  const value = React.useMemo(
    () => ({ id: id ?? generated, described, setDescribed }),
    [id, generated, described],
  );
  return (
    <FormItemContext.Provider value={value}>
      <div data-slot="form-item" className={cn('grid content-start gap-2', className)} {...props} />
    </FormItemContext.Provider>
  );
}

export function FormLabel(props: React.ComponentProps<typeof Label>) {
  const { formItemId } = useFormField();
  return <Label data-slot="form-label" htmlFor={formItemId} {...props} />;
}

/**
 * Passes the field's id and aria attributes to its one child, the input. The input is invalid while
 * the field shows an error, or when `aria-invalid` says so.
 */
export function FormControl({ 'aria-invalid': invalid, ...props }: React.ComponentProps<typeof Slot.Root>) {
  const { error, formItemId, formDescriptionId, formMessageId, described } = useFormField();
  const describedBy = [described ? formDescriptionId : '', error ? formMessageId : ''].filter(Boolean);
  return (
    <Slot.Root
      data-slot="form-control"
      id={formItemId}
      aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
      aria-invalid={error || invalid === true || invalid === 'true' ? true : undefined}
      {...props}
    />
  );
}

/** A hint under the input; the input points to it (aria-describedby) while it is shown. */
export function FormDescription({ className, ...props }: React.ComponentProps<'p'>) {
  const { formDescriptionId } = useFormField();
  const item = React.useContext(FormItemContext);
  const setDescribed = item?.setDescribed;
  React.useLayoutEffect(() => {
    setDescribed?.(true);
    return () => setDescribed?.(false);
  }, [setDescribed]);
  return (
    <p
      data-slot="form-description"
      id={formDescriptionId}
      className={cn('text-muted-foreground text-xs', className)}
      {...props}
    />
  );
}

/** The field's validation message, or `children` while there is none; nothing when both are empty. */
export function FormMessage({ className, children, ...props }: React.ComponentProps<'p'>) {
  const { error, formMessageId } = useFormField();
  const body = error ? String(error.message ?? '') : children;
  if (!body) return null;
  return (
    <p
      data-slot="form-message"
      id={formMessageId}
      className={cn('text-destructive text-sm', className)}
      {...props}
    >
      {body}
    </p>
  );
}

/** A message about the whole form (or one row of it), announced as an alert; nothing when empty. */
export function FormError({ className, children, ...props }: React.ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p role="alert" data-slot="form-error" className={cn('text-destructive text-sm', className)} {...props}>
      {children}
    </p>
  );
}

/** The props every ready-made field (`InputField`, `PasswordField`) starts from. */
export interface FieldProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
> {
  /** The form's control; the one of the `<Form>` around the field when left out. */
  control?: Control<TFieldValues, unknown, TTransformedValues>;
  name: TName;
  /** The input's id (made up when not given). */
  id?: string;
  label: React.ReactNode;
}
