import { ApiError } from '@cartwheel/shared/api-client';
import { PRODUCT_CONDITIONS, PRODUCT_TYPES } from '@cartwheel/shared/constants';
import { type AdminProductDetail, PRODUCT_MESSAGES } from '@cartwheel/shared/contracts/admin-products';
import { Alert, AlertDescription, AlertTitle } from '@cartwheel/ui/alert';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { Switch } from '@cartwheel/ui/switch';
import { Textarea } from '@cartwheel/ui/textarea';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ExternalLink, Save, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/page-header.tsx';
import { useBrands, useCategories } from '../api/get-catalog-lists.ts';
import { useImproveProduct } from '../api/improve-product.ts';
import { errorMessage } from '../api/product-keys.ts';
import { useSaveProduct } from '../api/save-product.ts';
import { CategoryPicker } from './category-picker.tsx';
import { DeleteProductDialog } from './delete-product-dialog.tsx';
import { FormField, fieldAria } from './form-field.tsx';
import {
  formToBody,
  NEW_PRODUCT_VALUES,
  type ProductFormInput,
  type ProductFormValues,
  productFormSchema,
  productToForm,
} from './product-form-schema.ts';
import { ProductImagesCard } from './product-images-card.tsx';
import { ProductOptionsCard } from './product-options-card.tsx';
import { ProductVariantsCard } from './product-variants-card.tsx';
import { ProductStatusBadge } from './products-table.tsx';

type ProductForm = UseFormReturn<ProductFormInput, unknown, ProductFormValues>;

/**
 * The product editor (spec section 2): every section 3 field with the section 5 defaults and rules,
 * images, options and variants, and the AI rewrite. A new product gets its id on first save and the
 * editor moves to /products/:id, so options, variants and images can be added.
 */
export function ProductEditor({ product, canEdit }: { product?: AdminProductDetail; canEdit: boolean }) {
  const navigate = useNavigate();
  const save = useSaveProduct();
  const [deleting, setDeleting] = useState(false);
  const form: ProductForm = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? productToForm(product) : NEW_PRODUCT_VALUES,
  });
  const { errors, isDirty } = form.formState;

  // When the stored product changes (an image upload, another tab), take the new values but keep edits.
  useEffect(() => {
    if (product) form.reset(productToForm(product), { keepDirtyValues: true });
  }, [product, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ productId: product?.id, body: formToBody(values) });
      form.reset(productToForm(saved));
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
        description: errorMessage(error),
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

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 gap-6 lg:col-span-2">
          <form id="product-form" onSubmit={onSubmit} noValidate className="grid gap-6">
            <fieldset disabled={!canEdit} className="grid min-w-0 gap-6">
              <DetailsCard form={form} canEdit={canEdit} />
              <Card>
                <CardHeader>
                  <CardTitle>Pricing</CardTitle>
                  <CardDescription>
                    In US dollars. A sale price is shown when it is lower than the price.
                  </CardDescription>
                </CardHeader>
                <CardContent className="grid gap-4 sm:grid-cols-3">
                  <MoneyField form={form} name="price" label="Price" error={errors.price?.message} />
                  <MoneyField
                    form={form}
                    name="cost_price"
                    label="Cost price"
                    error={errors.cost_price?.message}
                  />
                  <MoneyField
                    form={form}
                    name="sale_price"
                    label="Sale price"
                    error={errors.sale_price?.message}
                  />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Inventory and shipping</CardTitle>
                </CardHeader>
                <CardContent className="grid gap-4 sm:grid-cols-3">
                  <FormField id="inventory_level" label="Inventory" error={errors.inventory_level?.message}>
                    <Input
                      type="number"
                      step="1"
                      inputMode="numeric"
                      {...fieldAria('inventory_level', errors.inventory_level?.message)}
                      {...form.register('inventory_level')}
                    />
                  </FormField>
                  <FormField
                    id="inventory_warning_level"
                    label="Warning level"
                    error={errors.inventory_warning_level?.message}
                    hint="Low stock is flagged at or below this."
                  >
                    <Input
                      type="number"
                      step="1"
                      inputMode="numeric"
                      {...fieldAria('inventory_warning_level', errors.inventory_warning_level?.message, true)}
                      {...form.register('inventory_warning_level')}
                    />
                  </FormField>
                  <FormField id="weight" label="Weight (lbs)" error={errors.weight?.message}>
                    <Input
                      type="number"
                      step="0.01"
                      inputMode="decimal"
                      {...fieldAria('weight', errors.weight?.message)}
                      {...form.register('weight')}
                    />
                  </FormField>
                </CardContent>
              </Card>
            </fieldset>
          </form>
          <ProductImagesCard productId={product?.id} images={product?.images ?? []} canEdit={canEdit} />
          <ProductOptionsCard productId={product?.id} canEdit={canEdit} />
          <ProductVariantsCard productId={product?.id} canEdit={canEdit} />
        </div>
        <fieldset disabled={!canEdit} className="grid min-w-0 gap-6">
          <StatusCard form={form} />
          <OrganizationCard form={form} canEdit={canEdit} />
        </fieldset>
      </div>
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

function MoneyField({
  form,
  name,
  label,
  error,
}: {
  form: ProductForm;
  name: 'price' | 'cost_price' | 'sale_price';
  label: string;
  error: string | undefined;
}) {
  return (
    <FormField id={name} label={`${label} ($)`} error={error}>
      <Input
        type="number"
        step="0.01"
        inputMode="decimal"
        {...fieldAria(name, error)}
        {...form.register(name)}
      />
    </FormField>
  );
}

/** Name (with the AI rewrite), SKU and description. */
function DetailsCard({ form, canEdit }: { form: ProductForm; canEdit: boolean }) {
  const { errors } = form.formState;
  const improve = useImproveProduct();
  const name = useWatch({ control: form.control, name: 'name' });
  const [original, setOriginal] = useState<{ name: string; description: string } | null>(null);
  const [aiError, setAiError] = useState<string | null>(null);
  const nameBlank = !name?.trim();

  const runImprove = () => {
    const current = { name: form.getValues('name'), description: form.getValues('description') };
    if (!current.name.trim()) {
      setAiError(PRODUCT_MESSAGES.aiNameRequired);
      return;
    }
    setAiError(null);
    improve.mutate(current, {
      onSuccess: ({ improved }) => {
        // The first original is kept when the text is improved again.
        setOriginal((previous) => previous ?? current);
        form.setValue('name', improved.name, { shouldDirty: true, shouldValidate: true });
        form.setValue('description', improved.description, { shouldDirty: true, shouldValidate: true });
        toast.success('Product improved successfully!');
      },
      onError: (error) => {
        const message = `Failed to improve product: ${errorMessage(error)}`;
        setAiError(message);
        toast.error(message);
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Product details</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField id="name" label="Product name" error={errors.name?.message}>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input {...fieldAria('name', errors.name?.message)} {...form.register('name')} />
            {canEdit ? (
              <Button
                variant="outline"
                onClick={runImprove}
                disabled={nameBlank || improve.isPending}
                title={nameBlank ? PRODUCT_MESSAGES.aiNameRequired : 'Rewrite the name and description'}
              >
                <Sparkles aria-hidden="true" />
                {improve.isPending ? 'Improving...' : 'Improve with AI'}
              </Button>
            ) : null}
          </div>
          {canEdit && nameBlank && !errors.name ? (
            <p className="text-muted-foreground text-xs">{PRODUCT_MESSAGES.aiNameRequired}</p>
          ) : null}
        </FormField>
        {aiError ? (
          <p role="alert" className="text-destructive text-sm" data-testid="ai-error">
            {aiError}
          </p>
        ) : null}
        {original ? (
          <Alert data-testid="ai-notice">
            <Sparkles aria-hidden="true" />
            <AlertTitle>Name and description improved</AlertTitle>
            <AlertDescription>
              <p>
                Review the new text; it is saved with the product. The original is kept until you dismiss
                this.
              </p>
              <div className="mt-1 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    form.setValue('name', original.name, { shouldDirty: true, shouldValidate: true });
                    form.setValue('description', original.description, {
                      shouldDirty: true,
                      shouldValidate: true,
                    });
                    setOriginal(null);
                  }}
                >
                  Revert to Original
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setOriginal(null)}>
                  Dismiss
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : null}
        <FormField id="sku" label="SKU" error={errors.sku?.message}>
          <Input className="font-mono" {...fieldAria('sku', errors.sku?.message)} {...form.register('sku')} />
        </FormField>
        <FormField id="description" label="Description" error={errors.description?.message}>
          <Textarea
            rows={6}
            {...fieldAria('description', errors.description?.message)}
            {...form.register('description')}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}

/** Active (visible in the store) or Draft, and featured. */
function StatusCard({ form }: { form: ProductForm }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Status</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Controller
          control={form.control}
          name="is_visible"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-4">
              <div className="grid gap-1">
                <Label htmlFor="is_visible">Active</Label>
                <p className="text-muted-foreground text-xs">
                  {field.value ? 'Shown in the store.' : 'Draft: hidden from the store.'}
                </p>
              </div>
              <Switch id="is_visible" checked={field.value} onCheckedChange={field.onChange} />
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="is_featured"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-4">
              <div className="grid gap-1">
                <Label htmlFor="is_featured">Featured</Label>
                <p className="text-muted-foreground text-xs">
                  Listed under Featured Products on the home page.
                </p>
              </div>
              <Switch id="is_featured" checked={field.value} onCheckedChange={field.onChange} />
            </div>
          )}
        />
      </CardContent>
    </Card>
  );
}

/** Condition, type, brand and categories (brands and categories from the catalog API). */
function OrganizationCard({ form, canEdit }: { form: ProductForm; canEdit: boolean }) {
  const { errors } = form.formState;
  const categories = useCategories();
  const brands = useBrands();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Organization</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField id="condition" label="Condition" error={errors.condition?.message}>
          <NativeSelect
            className="w-full"
            {...fieldAria('condition', errors.condition?.message)}
            {...form.register('condition')}
          >
            {PRODUCT_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="type" label="Type" error={errors.type?.message}>
          <NativeSelect
            className="w-full"
            {...fieldAria('type', errors.type?.message)}
            {...form.register('type')}
          >
            {PRODUCT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t === 'physical' ? 'Physical' : 'Digital'}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="brand_id" label="Brand">
          {/* Controlled: the brands arrive after the form, and the choice must follow. */}
          <Controller
            control={form.control}
            name="brand_id"
            render={({ field }) => (
              <NativeSelect
                className="w-full"
                id="brand_id"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              >
                <option value="">No brand</option>
                {(brands.data?.items ?? []).map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </FormField>
        <FormField id="category_ids" label="Categories">
          <Controller
            control={form.control}
            name="category_ids"
            render={({ field }) => (
              <CategoryPicker
                id="category_ids"
                categories={categories.data?.items ?? []}
                value={field.value}
                onChange={field.onChange}
                disabled={!canEdit}
              />
            )}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}
