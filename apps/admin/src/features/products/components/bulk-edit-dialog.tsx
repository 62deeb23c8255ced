import { PRODUCT_MESSAGES } from '@cartwheel/shared/contracts/admin-products';
import { currencySymbol, toMinorUnits } from '@cartwheel/shared/money';
import { pluralText } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Form, FormError } from '@cartwheel/ui/form';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useBaseCurrency } from '../../../lib/base-currency.ts';
import { useBulkUpdateProducts } from '../api/bulk-update-products.ts';
import { NumberFields } from './number-fields.tsx';
import { DOLLAR_INPUT, WHOLE_NUMBER_INPUT } from './product-form-schema.ts';

interface BulkEditValues {
  price: string;
  inventory: string;
}

/** Left empty, a field keeps each product's own value. */
const bulkFields = (currency: string) =>
  [
    { name: 'price', id: 'bulk-price', label: `Price (${currencySymbol(currency)})`, input: DOLLAR_INPUT },
    { name: 'inventory', id: 'bulk-inventory', label: 'Inventory', input: WHOLE_NUMBER_INPUT },
  ] as const;

/** What the bulk inventory does to products with variants (docs/product.md#stock). */
function variantsNote(selected: number, withVariants: number): string {
  if (!withVariants) return '';
  const who =
    withVariants === selected
      ? pluralText(selected, { one: 'It has', other: 'They have' })
      : pluralText(withVariants, { one: '# of them has', other: '# of them have' });
  return ` ${who} variants: the inventory is set on each variant, and the product's stock is their sum.`;
}

/** More actions > Bulk edit: one price and/or inventory level for every selected product. */
export function BulkEditDialog({
  ids,
  withVariants,
  open,
  onOpenChange,
  onDone,
}: {
  ids: string[];
  /** How many of the selected products have variants (their inventory is set on each variant). */
  withVariants: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const bulk = useBulkUpdateProducts();
  const currency = useBaseCurrency();
  const form = useForm<BulkEditValues>({ defaultValues: { price: '', inventory: '' } });
  const [error, setError] = useState<string | null>(null);

  const submit = form.handleSubmit(({ price, inventory }) => {
    const body: { price?: number; inventory_level?: number } = {};
    if (price.trim()) {
      const cents = toMinorUnits(price, currency);
      if (cents < 0) return setError(PRODUCT_MESSAGES.price);
      body.price = cents;
    }
    if (inventory.trim()) {
      const level = Math.trunc(Number(inventory)) || 0;
      if (level < 0) return setError(PRODUCT_MESSAGES.inventory);
      body.inventory_level = level;
    }
    if (body.price === undefined && body.inventory_level === undefined) {
      return setError('Enter a price or an inventory level to apply');
    }
    setError(null);
    bulk.mutate(
      { action: 'edit', ids, ...body },
      {
        onSuccess: () => {
          form.reset();
          onOpenChange(false);
          onDone();
        },
      },
    );
  });

  return (
    <DialogLayout
      open={open}
      onOpenChange={onOpenChange}
      title="Bulk edit"
      description={`Set the price and/or inventory of the ${pluralText(ids.length, { one: 'selected product', other: '# selected products' })}. Leave a field empty to keep each product's own value.${variantsNote(ids.length, withVariants)}`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={bulk.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="bulk-edit-form" disabled={bulk.isPending}>
            {bulk.isPending ? 'Saving...' : 'Apply'}
          </Button>
        </>
      }
    >
      <Form {...form}>
        <form id="bulk-edit-form" onSubmit={submit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberFields control={form.control} fields={bulkFields(currency)} placeholder="Unchanged" />
          </div>
          <FormError>{error}</FormError>
        </form>
      </Form>
    </DialogLayout>
  );
}
