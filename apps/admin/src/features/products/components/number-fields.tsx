import { InputField } from '@cartwheel/ui/input-field';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { DOLLAR_INPUT, WHOLE_NUMBER_INPUT } from './product-form-schema.ts';

export interface NumberFieldConfig<TName extends string> {
  name: TName;
  /** The input's id; the field's name when left out. */
  id?: string;
  label: string;
  description?: string;
  input: (typeof DOLLAR_INPUT | typeof WHOLE_NUMBER_INPUT) & { readOnly?: boolean; placeholder?: string };
}

/** Number inputs (amounts as decimals, whole numbers) side by side, one per entry. */
export function NumberFields<TFieldValues extends FieldValues, TTransformedValues>({
  control,
  fields,
  placeholder,
}: {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  fields: ReadonlyArray<NumberFieldConfig<FieldPath<TFieldValues>>>;
  placeholder?: string;
}) {
  return fields.map(({ name, id = name, label, description, input }) => (
    <InputField
      key={name}
      control={control}
      name={name}
      id={id}
      label={label}
      description={description}
      placeholder={placeholder}
      {...input}
    />
  ));
}
