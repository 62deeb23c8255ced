import { ApiError } from '@cartwheel/shared/api-client';
import { PRODUCT_CONDITIONS, PRODUCT_TYPES } from '@cartwheel/shared/constants';
import type { AdminProductDetail } from '@cartwheel/shared/contracts/admin-products';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { currencySymbol } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@cartwheel/ui/form';
import { NativeSelectField } from '@cartwheel/ui/input-field';
import { Switch } from '@cartwheel/ui/switch';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ExternalLink, Save, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/page-header.tsx';
import { useUnsavedChanges } from '../../../components/unsaved-changes.tsx';
import { useBaseCurrency } from '../../../lib/base-currency.ts';
import { useBrands, useCategories } from '../api/get-catalog-lists.ts';
import { useSaveProduct } from '../api/save-product.ts';
import { CategoryPicker } from './category-picker.tsx';
import { DeleteProductDialog } from './delete-product-dialog.tsx';
import { LoadingField } from './loading-field.tsx';
import { type NumberFieldConfig, NumberFields } from './number-fields.tsx';
import { DetailsCard } from './product-details-card.tsx';
import {
  DOLLAR_INPUT,
  formToBody,
  NEW_PRODUCT_VALUES,
  type ProductForm,
  type ProductFormInput,
  type ProductFormValues,
  productFormSchema,
  productToForm,
  WHOLE_NUMBER_INPUT,
} from './product-form-schema.ts';
import { ProductImagesCard } from './product-images-card.tsx';
import { ProductOptionsCard } from './product-options-card.tsx';
import { SeoCard } from './product-seo-card.tsx';
import { ProductVariantsCard } from './product-variants-card.tsx';
import { ProductStatusBadge } from './products-table.tsx';

/** The price fields, labelled with the base currency's sign ("Price ($)"). */
const priceFields = (currency: string): NumberFieldConfig<keyof ProductFormInput>[] => [
  { name: 'price', label: `Price (${currencySymbol(currency)})`, input: DOLLAR_INPUT },
  { name: 'cost_price', label: `Cost price (${currencySymbol(currency)})`, input: DOLLAR_INPUT },
  {
    name: 'sale_price',
    label: `Sale price (${currencySymbol(currency)})`,
    input: { ...DOLLAR_INPUT, placeholder: 'None' },
  },
];

const WARNING_AND_WEIGHT: NumberFieldConfig<keyof ProductFormInput>[] = [
  {
    name: 'inventory_warning_level',
    label: 'Warning level',
    description: 'Low stock is flagged at or below this.',
    input: WHOLE_NUMBER_INPUT,
  },
  { name: 'weight', label: 'Weight (lbs)', input: DOLLAR_INPUT },
];

/** A product with variants has no stock of its own: its inventory is their sum (docs/product.md#stock). */
const stockFields = (hasVariants: boolean): NumberFieldConfig<keyof ProductFormInput>[] => [
  hasVariants
    ? {
        name: 'inventory_level',
        label: 'Inventory',
        description: "The sum of the variants' stock: edit each variant below.",
        input: { ...WHOLE_NUMBER_INPUT, readOnly: true },
      }
    : { name: 'inventory_level', label: 'Inventory', input: WHOLE_NUMBER_INPUT },
  ...WARNING_AND_WEIGHT,
];

/**
 * The product editor: every product field with its defaults and rules (docs/product.md),
 * images, options and variants, and the AI rewrite. A new product gets its id on first save and the
 * editor moves to /products/:id, so options, variants and images can be added.
 */
export function ProductEditor({
  product,
  canEdit,
  sideCards,
}: {
  product?: AdminProductDetail;
  canEdit: boolean;
  /** Cards of other features shown under Organization (the route composes them). */
  sideCards?: React.ReactNode;
}) {
  const navigate = useNavigate();
  const save = useSaveProduct();
  // Catalog prices are typed in the base currency (decision 0066).
  const currency = useBaseCurrency();
  const [deleting, setDeleting] = useState(false);
  const form: ProductForm = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? productToForm(product, currency) : NEW_PRODUCT_VALUES,
  });
  const { isDirty } = form.formState;
  const hasVariants = Boolean(product?.variant_count);
  useUnsavedChanges('product-form', 'the product details', canEdit && isDirty);

  // When the stored product changes (an image upload, another tab), take the new values but keep edits.
  useEffect(() => {
    if (product) form.reset(productToForm(product, currency), { keepDirtyValues: true });
  }, [product, form, currency]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const body = formToBody(values, currency);
      // The stock of a product with variants is theirs; the server refuses a different number.
      if (hasVariants) delete body.inventory_level;
      const saved = await save.mutateAsync({ productId: product?.id, body });
      form.reset(productToForm(saved, currency));
      if (product) {
        toast.success('Product updated successfully');
      } else {
        toast.success('Product created successfully');
        navigate(`/products/${saved.id}`, { replace: true });
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'sku_taken') {
        form.setError('sku', { message: error.message });
      }
      toast.error(product ? 'Failed to update product' : 'Failed to create product', {
        description: getErrorMessage(error),
      });
    }
  });

  const title = product ? product.name : 'Add product';
  return (
    <>
      <div>
        <Button variant="ghost" size="sm" asChild className="-ml-2">
          <Link to="/products">
            <ArrowLeft aria-hidden="true" />
            Products
          </Link>
        </Button>
      </div>
      <PageHeader title={title}>
        <div className="flex flex-wrap items-center gap-2">
          {product ? <ProductStatusBadge visible={product.is_visible} /> : null}
          {product?.is_visible ? (
            <Button variant="outline" asChild>
              <a href={`/product/${product.slug}`} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" />
                View in store
              </a>
            </Button>
          ) : null}
          {product && canEdit ? (
            <Button variant="outline" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          ) : null}
          {canEdit ? (
            <Button
              type="submit"
              form="product-form"
              disabled={save.isPending || (Boolean(product) && !isDirty)}
            >
              <Save aria-hidden="true" />
              {save.isPending ? 'Saving...' : product ? 'Save changes' : 'Save product'}
            </Button>
          ) : null}
        </div>
      </PageHeader>
      {!canEdit ? (
        <p className="text-muted-foreground text-sm">
          You can view this product; managers and admins can change it.
        </p>
      ) : null}

      <Form {...form}>
        {/* Explicit minmax(0, 1fr) columns (grid-cols-1) at every level: an implicit column grows to its
            widest card's content (the variants table), so the page scrolled sideways on a phone and the
            left column ran under the Status and Organization cards. A wide table scrolls in its frame. */}
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
          <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-span-2">
            <form id="product-form" onSubmit={onSubmit} noValidate className="grid gap-6">
              <fieldset disabled={!canEdit} className="grid min-w-0 gap-6">
                <DetailsCard form={form} canEdit={canEdit} />
                <Card>
                  <CardHeader>
                    <CardTitle>Pricing</CardTitle>
                    <CardDescription>
                      In US dollars. A sale price is shown when it is lower than the price; leave it empty for
                      none.
                    </CardDescription>
                  </CardHeader>
                  <CardContent className="grid gap-4 sm:grid-cols-3">
                    <NumberFields control={form.control} fields={priceFields(currency)} />
                  </CardContent>
                </Card>
                <Card>
                  <CardHeader>
                    <CardTitle>Inventory and shipping</CardTitle>
                  </CardHeader>
                  <CardContent className="grid gap-4 sm:grid-cols-3">
                    <NumberFields control={form.control} fields={stockFields(hasVariants)} />
                  </CardContent>
                </Card>
                <SeoCard form={form} />
              </fieldset>
            </form>
            <ProductImagesCard
              productId={product?.id}
              images={product?.images ?? []}
              canEdit={canEdit}
              onSaveFirst={() => void onSubmit()}
            />
          </div>
          <fieldset disabled={!canEdit} className="grid min-w-0 grid-cols-1 gap-6">
            <StatusCard form={form} />
            <OrganizationCard form={form} canEdit={canEdit} />
            {sideCards}
          </fieldset>
        </div>
        {/* Full width under both columns: the variants table needs more than two thirds of the page
            beside an open sidebar at 1280 px, and would otherwise scroll inside its card. */}
        <div className="grid grid-cols-1 gap-6">
          <ProductOptionsCard productId={product?.id} canEdit={canEdit} onSaveFirst={() => void onSubmit()} />
          <ProductVariantsCard productId={product?.id} images={product?.images ?? []} canEdit={canEdit} />
        </div>
      </Form>
      {product ? (
        <DeleteProductDialog
          product={product}
          open={deleting}
          onOpenChange={setDeleting}
          onDeleted={() => navigate('/products', { replace: true })}
        />
      ) : null}
    </>
  );
}

/** Active (visible in the store) or Draft, and featured. */
function StatusCard({ form }: { form: ProductForm }) {
  const visible = useWatch({ control: form.control, name: 'is_visible' });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Status</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SwitchField
          form={form}
          name="is_visible"
          label="Active"
          note={visible ? 'Shown in the store.' : 'Draft: hidden from the store.'}
        />
        <SwitchField
          form={form}
          name="is_featured"
          label="Featured"
          note="Listed under Featured Products on the home page."
        />
      </CardContent>
    </Card>
  );
}

function SwitchField({
  form,
  name,
  label,
  note,
}: {
  form: ProductForm;
  name: 'is_visible' | 'is_featured';
  label: string;
  note: string;
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem id={name} className="flex items-center justify-between gap-4">
          <div className="grid gap-1">
            <FormLabel>{label}</FormLabel>
            <p className="text-muted-foreground text-xs">{note}</p>
          </div>
          <FormControl>
            <Switch checked={field.value} onCheckedChange={field.onChange} />
          </FormControl>
        </FormItem>
      )}
    />
  );
}

/** Condition, type, brand and categories (brands and categories from the catalog API). */
function OrganizationCard({ form, canEdit }: { form: ProductForm; canEdit: boolean }) {
  const categories = useCategories();
  const brands = useBrands();
  const selects: ReadonlyArray<{
    name: 'condition' | 'type' | 'brand_id';
    label: string;
    /** [value, text] of each option. */
    options: ReadonlyArray<readonly [string, string]>;
  }> = [
    { name: 'condition', label: 'Condition', options: PRODUCT_CONDITIONS.map((c) => [c, c] as const) },
    {
      name: 'type',
      label: 'Type',
      options: PRODUCT_TYPES.map((t) => [t, t === 'physical' ? 'Physical' : 'Digital'] as const),
    },
    {
      // The brands arrive after the form; the select is controlled, so the choice follows them.
      name: 'brand_id',
      label: 'Brand',
      options: [['', 'No brand'], ...(brands.data?.items ?? []).map((b) => [b.id, b.name] as const)],
    },
  ];
  // While the brands load, the brand select would read "No brand": a placeholder stands in for it.
  const shown = brands.isPending ? selects.filter((select) => select.name !== 'brand_id') : selects;
  return (
    <Card data-testid="organization-card">
      <CardHeader>
        <CardTitle>Organization</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {shown.map(({ name, label, options }) => (
          <NativeSelectField
            key={name}
            control={form.control}
            name={name}
            id={name}
            label={label}
            className="w-full"
            options={options}
          />
        ))}
        {brands.isPending ? (
          <LoadingField label="Brand" status="Loading brands..." testId="brand-skeleton" />
        ) : null}
        <FormField
          control={form.control}
          name="category_ids"
          render={({ field }) => (
            <FormItem id="category_ids">
              <FormLabel>Categories</FormLabel>
              <CategoryPicker
                id="category_ids"
                categories={categories.data?.items ?? []}
                loading={categories.isPending}
                value={field.value}
                onChange={field.onChange}
                disabled={!canEdit}
              />
            </FormItem>
          )}
        />
      </CardContent>
    </Card>
  );
}
