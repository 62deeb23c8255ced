import { isColorCode } from '@cartwheel/shared/color-code';
import { OPTION_TYPES } from '@cartwheel/shared/constants';
import {
  colorValueMessage,
  optionCreateBody,
  optionValueSlug,
} from '@cartwheel/shared/contracts/admin-products';
import type { ProductOption } from '@cartwheel/shared/contracts/catalog';
import { toMajorString, toMinorUnits } from '@cartwheel/shared/money';
import { z } from 'zod';

/**
 * The option editor's fields, named after the body's (the price adjustment in the base currency as typed), so
 * the contract's messages and the server's land on them.
 */
const optionValues = z.object({
  name: z.string(),
  display_name: z.string(),
  type: z.enum(OPTION_TYPES),
  values: z.array(
    z.object({
      id: z.string().optional(),
      label: z.string(),
      value: z.string(),
      /** Once the value is typed by hand it no longer follows the label. */
      value_edited: z.boolean(),
      price_adjustment: z.string(),
    }),
  ),
});
export type OptionValues = z.input<typeof optionValues>;
export type OptionValueRow = OptionValues['values'][number];

export const newValueRow = (): OptionValueRow => ({
  label: '',
  value: '',
  value_edited: false,
  price_adjustment: '0',
});

export const optionToValues = (currency: string, option?: ProductOption): OptionValues => ({
  name: option?.name ?? '',
  display_name: option?.display_name ?? '',
  type: option?.type ?? 'select',
  values: (option?.values ?? []).map((v) => ({
    id: v.id,
    label: v.label,
    value: v.value,
    value_edited: v.value !== optionValueSlug(v.label),
    price_adjustment: toMajorString(v.price_adjustment, currency),
  })),
});

/**
 * The editor's values checked as the API checks them: the option contract, and a colour option's
 * values must be colour codes. What passes is the body to send.
 */
export const optionForm = (currency: string) =>
  optionValues
    .superRefine((option, ctx) => {
      if (option.type !== 'color') return;
      option.values.forEach((row, index) => {
        if (!isColorCode(row.value)) {
          ctx.addIssue({
            code: 'custom',
            path: ['values', index, 'value'],
            message: colorValueMessage(row.label.trim()),
          });
        }
      });
    })
    .transform(
      (option): z.input<typeof optionCreateBody> => ({
        name: option.name.trim(),
        display_name: option.display_name.trim() || option.name.trim(),
        type: option.type,
        values: option.values.map((row, index) => ({
          ...(row.id ? { id: row.id } : {}),
          label: row.label.trim(),
          value: row.value.trim() || optionValueSlug(row.label),
          price_adjustment: toMinorUnits(row.price_adjustment, currency),
          sort_order: index,
        })),
      }),
    )
    .pipe(optionCreateBody);
