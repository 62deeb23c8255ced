import { ApiError } from '@cartwheel/shared/api-client';
import {
  type AdminVariant,
  PRODUCT_MESSAGES,
  type VariantUpdateBody,
  variantUpdateBody,
} from '@cartwheel/shared/contracts/admin-products';
import type { ProductImage } from '@cartwheel/shared/contracts/catalog';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { currencySymbol, toMajorString, toMinorUnits } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { Form, FormControl, FormError, FormField, FormItem } from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Sparkles, Trash2, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { useUnsavedChanges } from '../../../components/unsaved-changes.tsx';
import { useBaseCurrency } from '../../../lib/base-currency.ts';
import { formErrorBanner } from '../../../lib/form-input.ts';
import { useDeleteVariant } from '../api/delete-variant.ts';
import { useGenerateVariants } from '../api/generate-variants.ts';
import { useProductVariants } from '../api/get-variants.ts';
import { useUpdateVariant } from '../api/update-variant.ts';
import { DOLLAR_INPUT, numberOrZero, WHOLE_NUMBER_INPUT } from './product-form-schema.ts';
import { ProductThumbnail } from './product-thumbnail.tsx';
import { RowIconButton } from './row-icon-button.tsx';

/** The rules of generation come back as 400s with these messages; anything else is "Failed to generate variants". */
const GENERATION_RULES = new Set<string>([
  PRODUCT_MESSAGES.saveBeforeGenerate,
  PRODUCT_MESSAGES.addOptionFirst,
  PRODUCT_MESSAGES.optionsNeedValues,
]);

/** The variant list with inline edit, and Generate variants. */
export function ProductVariantsCard({
  productId,
  images,
  canEdit,
}: {
  productId: string | undefined;
  /** The product's images, one of which each variant may show. */
  images: ProductImage[];
  canEdit: boolean;
}) {
  const generate = useGenerateVariants(productId ?? '');

  const onGenerate = () => {
    if (!productId) {
      toast.error(PRODUCT_MESSAGES.saveBeforeGenerate);
      return;
    }
    generate.mutate(undefined, {
      onSuccess: ({ generated }) => {
        if (generated) {
          toast.success(`Generated ${plural(generated, 'variant')} successfully`, {
            description: "New variants start with 0 in stock: enter each one's stock below.",
          });
        } else toast.info('No new variants: every combination already has its variant');
      },
      onError: (error) => {
        if (error instanceof ApiError && GENERATION_RULES.has(error.message)) toast.error(error.message);
        else toast.error('Failed to generate variants', { description: getErrorMessage(error) });
      },
    });
  };

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>Variants</CardTitle>
          <CardDescription>
            One per combination of option values: SKU is the product SKU plus the values, price the product
            price plus the values' adjustments. New variants start with 0 in stock: enter each one's stock
            below. Generating again keeps the variants you already have. Pick the image each variant shows
            (its colour, say) when a shopper chooses it.
          </CardDescription>
        </div>
        {canEdit ? (
          <Button variant="outline" onClick={onGenerate} disabled={!productId || generate.isPending}>
            <Sparkles aria-hidden="true" />
            {generate.isPending ? 'Generating...' : 'Generate variants'}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {productId ? (
          <VariantList productId={productId} images={images} canEdit={canEdit} />
        ) : (
          <p className="text-muted-foreground text-sm">{PRODUCT_MESSAGES.saveBeforeGenerate}</p>
        )}
      </CardContent>
    </Card>
  );
}

function VariantList({
  productId,
  images,
  canEdit,
}: {
  productId: string;
  images: ProductImage[];
  canEdit: boolean;
}) {
  const variants = useProductVariants(productId);
  const currency = useBaseCurrency();
  useEffect(() => {
    if (variants.isError) toast.error('Failed to load product variants');
  }, [variants.isError]);

  if (variants.isPending) return <p className="text-muted-foreground text-sm">Loading variants...</p>;
  const items = variants.data ?? [];
  if (!items.length) {
    return (
      <p className="text-muted-foreground text-sm">No variants yet. Add options, then generate variants.</p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table aria-label="Variants" pinEnd>
        <TableHeader>
          <TableRow>
            <TableHead>Variant</TableHead>
            <TableHead>Image</TableHead>
            <TableHead>SKU</TableHead>
            <TableHead>Price ({currencySymbol(currency)})</TableHead>
            <TableHead>Sale price ({currencySymbol(currency)})</TableHead>
            <TableHead>Inventory</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((variant) => (
            <VariantRow
              key={variant.id}
              productId={productId}
              variant={variant}
              images={images}
              canEdit={canEdit}
            />
          ))}
        </TableBody>
      </Table>
      <p className="border-t px-3 py-2 text-muted-foreground text-xs" data-testid="variants-total">
        {plural(items.length, 'variant')} · {items.reduce((sum, v) => sum + v.inventory_level, 0)} in stock in
        all (the product's stock)
      </p>
    </div>
  );
}

type RowValues = {
  /** The image's id; '' for the product's first image. */
  image_id: string;
  sku: string;
  price: string;
  sale_price: string;
  inventory_level: string;
};

const rowValues = (v: AdminVariant, currency: string, images: ProductImage[]): RowValues => ({
  // An image deleted since shows as none, as the server has it.
  image_id: images.some((i) => i.id === v.image_id) ? (v.image_id ?? '') : '',
  sku: v.sku,
  price: toMajorString(v.price, currency),
  sale_price: v.sale_price === null ? '' : toMajorString(v.sale_price, currency),
  inventory_level: String(v.inventory_level),
});

/** A SKU input as wide as its monospaced text (the table scrolls), with the SKU on hover too. */
const wholeSku = (sku: string) => ({ title: sku, style: { width: `${Math.max(14, sku.length + 4)}ch` } });

/** The row as typed, checked by the variant PATCH contract: the body holds the fields that changed. */
const variantRowForm = (saved: RowValues, currency: string) =>
  z
    .object({
      image_id: z.string(),
      sku: z.string(),
      price: z.string(),
      sale_price: z.string(),
      inventory_level: z.string(),
    })
    .transform((values) => {
      const body: z.input<typeof variantUpdateBody> = {};
      if (values.image_id !== saved.image_id) body.image_id = values.image_id || null;
      if (values.sku !== saved.sku) body.sku = values.sku;
      if (values.price !== saved.price) body.price = toMinorUnits(values.price, currency);
      if (values.sale_price !== saved.sale_price) body.sale_price = toMinorUnits(values.sale_price, currency);
      if (values.inventory_level !== saved.inventory_level) {
        body.inventory_level = numberOrZero(values.inventory_level);
      }
      return body;
    })
    .pipe(variantUpdateBody);

/**
 * One variant, edited in place. Edits stay (through refetches, other rows' saves, leaving the field)
 * until the row's Save button or Enter sends them, or Discard drops them; the page warns before
 * leaving with unsaved rows.
 */
function VariantRow({
  productId,
  variant,
  images,
  canEdit,
}: {
  productId: string;
  variant: AdminVariant;
  images: ProductImage[];
  canEdit: boolean;
}) {
  const update = useUpdateVariant(productId);
  const remove = useDeleteVariant(productId);
  const currency = useBaseCurrency();
  const saved = rowValues(variant, currency, images);
  // `values` follows the saved copy as it is refetched; what was typed over it stays.
  const form = useForm({
    resolver: zodResolver(variantRowForm(saved, currency)),
    values: saved,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty: dirty } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const title = variant.title || 'Default';
  useUnsavedChanges(`variant:${variant.id}`, `variant ${title}`, dirty);
  const fieldError =
    errors.image_id?.message ??
    errors.sku?.message ??
    errors.price?.message ??
    errors.sale_price?.message ??
    errors.inventory_level?.message;

  const save = form.handleSubmit((body) => {
    setError(null);
    update.mutate(
      { variantId: variant.id, body },
      {
        onSuccess: () => {
          // What was sent is the saved copy now; the refetched copy replaces it as it comes.
          form.reset(form.getValues(), { keepDirtyValues: false });
          toast.success(`Variant ${title} updated`);
        },
        onError: (e) => {
          const banner = formErrorBanner(form.setError, e);
          setError(banner);
          toast.error(`Failed to update variant: ${banner}`);
        },
      },
    );
  });
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (dirty) void save();
    }
  };
  const field = (name: keyof RowValues, label: string, props: React.ComponentProps<typeof Input> = {}) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field: input }) => (
        <FormItem>
          <FormControl>
            <Input
              aria-label={`${label} of ${title}`}
              disabled={!canEdit}
              onKeyDown={onKeyDown}
              className="h-8"
              {...input}
              {...props}
              {...(name === 'sku' ? wholeSku(input.value) : {})}
            />
          </FormControl>
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <TableRow
        data-testid="variant-row"
        data-unsaved={dirty || undefined}
        className={dirty ? 'bg-amber-50' : ''}
      >
        <TableCell className="font-medium">
          {title}
          {dirty ? <span className="block font-normal text-amber-700 text-xs">Unsaved changes</span> : null}
          <FormError className="font-normal text-xs">{fieldError ?? error}</FormError>
        </TableCell>
        <TableCell className="min-w-48">
          <VariantImagePicker form={form} images={images} title={title} disabled={!canEdit} />
        </TableCell>
        <TableCell>{field('sku', 'SKU', { className: 'h-8 font-mono text-xs' })}</TableCell>
        <TableCell className="min-w-28">{field('price', 'Price', DOLLAR_INPUT)}</TableCell>
        <TableCell className="min-w-28">
          {field('sale_price', 'Sale price', { ...DOLLAR_INPUT, placeholder: '—' })}
        </TableCell>
        <TableCell className="min-w-24">
          {field('inventory_level', 'Inventory', WHOLE_NUMBER_INPUT)}
        </TableCell>
        <TableCell className="w-28 text-right">
          {canEdit ? (
            <div className="flex justify-end gap-1">
              {dirty ? (
                <>
                  <RowIconButton
                    icon={Check}
                    label={`Save ${title}`}
                    variant="default"
                    onClick={() => void save()}
                    disabled={update.isPending}
                  />
                  <RowIconButton
                    icon={Undo2}
                    label={`Discard changes to ${title}`}
                    onClick={() => {
                      form.reset(saved, { keepDirtyValues: false });
                      setError(null);
                    }}
                  />
                </>
              ) : null}
              <RowIconButton
                icon={Trash2}
                label={`Delete ${title}`}
                disabled={remove.isPending}
                onClick={() => setConfirmDelete(true)}
              />
            </div>
          ) : null}
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            title={`Delete variant ${title}?`}
            description={`The variant ${variant.sku} and its ${plural(variant.inventory_level, 'unit')} in stock are deleted; this cannot be undone. Generate variants again to make the combination anew.`}
            confirmLabel="Delete variant"
            pendingLabel="Deleting..."
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(variant.id, {
                onSuccess: () => {
                  setConfirmDelete(false);
                  toast.success(`Variant ${title} deleted`);
                },
                onError: (e) => toast.error(`Failed to delete variant: ${getErrorMessage(e)}`),
              })
            }
          />
        </TableCell>
      </TableRow>
    </Form>
  );
}

/** Which of the product's images the variant shows, with a preview of the one picked. */
function VariantImagePicker({
  form,
  images,
  title,
  disabled,
}: {
  form: UseFormReturn<RowValues, unknown, VariantUpdateBody>;
  images: ProductImage[];
  title: string;
  disabled: boolean;
}) {
  const chosen = form.watch('image_id');
  const shown = images.filter((i) => i.id === chosen);
  return (
    <FormField
      control={form.control}
      name="image_id"
      render={({ field: input }) => (
        <FormItem className="flex items-center gap-2">
          <ProductThumbnail images={shown.length ? shown : images} name={title} className="size-8" />
          <FormControl>
            <NativeSelect
              {...input}
              aria-label={`Image of ${title}`}
              disabled={disabled || !images.length}
              selectClassName="h-8 max-w-48 truncate"
            >
              <option value="">{images.length ? "The product's first image" : 'No images yet'}</option>
              {images.map((image, i) => (
                <option key={image.id} value={image.id}>
                  {image.alt_text ? `Image ${i + 1}: ${image.alt_text}` : `Image ${i + 1}`}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
        </FormItem>
      )}
    />
  );
}
