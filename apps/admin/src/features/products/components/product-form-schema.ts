import { PRODUCT_CONDITIONS, PRODUCT_TYPES } from '@cartwheel/shared/constants';
import {
  type AdminProductDetail,
  PRODUCT_MESSAGES as M,
  PRODUCT_DEFAULTS,
  type ProductCreateBody,
  productFieldSchemas,
} from '@cartwheel/shared/contracts/admin-products';
import { toMajorString, toMinorUnits } from '@cartwheel/shared/money';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

/** Input props for an amount (minor units are typed as decimals). */
export const DOLLAR_INPUT = { type: 'number', step: '0.01', inputMode: 'decimal' } as const;
/** Input props for a whole number (inventory levels). */
export const WHOLE_NUMBER_INPUT = { type: 'number', step: '1', inputMode: 'numeric' } as const;

/** Non-numeric input counts as 0. */
export function numberOrZero(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? '').trim());
  return Number.isFinite(n) ? n : 0;
}

const amount = (message: string) => z.string().transform(numberOrZero).pipe(z.number().min(0, message));
const whole = (label: string, message: string) =>
  z
    .string()
    .transform(numberOrZero)
    .pipe(z.number().min(0, message).int(`${label} must be a whole number`));

/** The product form: amounts are typed as decimals of the base currency (strings), with the product rules and messages. */
export const productFormSchema = z.object({
  name: z.string().trim().min(1, M.nameRequired).max(200, 'Product name must be at most 200 characters'),
  sku: z.string().trim().min(1, M.skuRequired).max(100, 'SKU must be at most 100 characters'),
  description: z.string().max(20_000, 'Description must be at most 20000 characters'),
  price: amount(M.price),
  cost_price: amount(M.costPrice),
  /** Empty means no sale price. */
  sale_price: z
    .string()
    .transform((value) => (value.trim() === '' ? null : numberOrZero(value)))
    .pipe(z.number().min(0, M.salePrice).nullable()),
  inventory_level: whole('Inventory', M.inventory),
  inventory_warning_level: whole('Warning level', M.warningLevel),
  weight: amount(M.weight),
  is_visible: z.boolean(),
  is_featured: z.boolean(),
  condition: z.enum(PRODUCT_CONDITIONS, { error: M.condition }),
  type: z.enum(PRODUCT_TYPES, { error: M.type }),
  /** '' for no brand. */
  brand_id: z.string(),
  category_ids: z.array(z.string()),
  seo_title: productFieldSchemas.seo_title,
  seo_description: productFieldSchemas.seo_description,
});
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;
export type ProductForm = UseFormReturn<ProductFormInput, unknown, ProductFormValues>;

/** A new product's form: the product defaults. */
export const NEW_PRODUCT_VALUES: ProductFormInput = {
  name: '',
  sku: '',
  description: PRODUCT_DEFAULTS.description,
  price: '0',
  cost_price: '0',
  sale_price: '',
  inventory_level: String(PRODUCT_DEFAULTS.inventory_level),
  inventory_warning_level: String(PRODUCT_DEFAULTS.inventory_warning_level),
  weight: String(PRODUCT_DEFAULTS.weight),
  is_visible: PRODUCT_DEFAULTS.is_visible,
  is_featured: PRODUCT_DEFAULTS.is_featured,
  condition: PRODUCT_DEFAULTS.condition,
  type: PRODUCT_DEFAULTS.type,
  brand_id: '',
  category_ids: [],
  seo_title: PRODUCT_DEFAULTS.seo_title,
  seo_description: PRODUCT_DEFAULTS.seo_description,
};

/** A stored product as form values (minor units shown as decimals of the base currency; "not set" cost as 0, no sale price as empty). */
export function productToForm(product: AdminProductDetail, currency: string): ProductFormInput {
  return {
    name: product.name,
    sku: product.sku,
    description: product.description,
    price: toMajorString(product.price, currency),
    cost_price: toMajorString(product.cost_price, currency),
    sale_price: product.sale_price ? toMajorString(product.sale_price, currency) : '',
    inventory_level: String(product.inventory_level),
    inventory_warning_level: String(product.inventory_warning_level),
    weight: String(product.weight ?? 0),
    is_visible: product.is_visible,
    is_featured: product.is_featured,
    condition: product.condition,
    type: product.type,
    brand_id: product.brand_id ?? '',
    category_ids: product.categories.map((c) => c.id),
    seo_title: product.seo_title,
    seo_description: product.seo_description,
  };
}

/** The API body: decimals become minor units of the base currency (cost and sale price 0 mean "not set"). */
export function formToBody(values: ProductFormValues, currency: string): ProductCreateBody {
  return {
    name: values.name,
    sku: values.sku,
    description: values.description,
    price: toMinorUnits(values.price, currency),
    cost_price: toMinorUnits(values.cost_price, currency),
    sale_price: values.sale_price === null ? null : toMinorUnits(values.sale_price, currency),
    inventory_level: values.inventory_level,
    inventory_warning_level: values.inventory_warning_level,
    weight: values.weight,
    is_visible: values.is_visible,
    is_featured: values.is_featured,
    condition: values.condition,
    type: values.type,
    brand_id: values.brand_id || null,
    category_ids: values.category_ids,
    seo_title: values.seo_title,
    seo_description: values.seo_description,
  };
}
