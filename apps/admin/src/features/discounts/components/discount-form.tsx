import type { Discount } from '@cartwheel/shared/contracts/discounts';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { currencySymbol } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { InputField, NativeSelectField, SwitchField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { Shuffle, Trash2 } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useBaseCurrency } from '../../../lib/base-currency.ts';
import { listMessage, setApiFieldErrors } from '../../../lib/form-input.ts';
import { useDeleteDiscount, useSaveDiscount } from '../api/discounts.ts';
import { discountForm, discountToDraft, emptyDraft, randomCode } from '../discount-draft.ts';
import { EligibilityPicker } from './eligibility-picker.tsx';

const KIND_LABELS: Record<Discount['kind'], string> = {
  percentage: 'Percentage off',
  fixed_amount: 'Fixed amount off',
  free_shipping: 'Free shipping',
  buy_x_get_y: 'Buy X get Y',
};

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}

const TARGET_LABELS = [
  ['order', 'The whole order'],
  ['products', 'Eligible products only'],
] as const;

/** Creates or edits a discount. Everything is checked on the server; its messages show on the fields. */
export function DiscountForm({ discount }: { discount?: Discount }) {
  const navigate = useNavigate();
  const save = useSaveDiscount(discount?.id);
  const remove = useDeleteDiscount();
  // Amounts are typed in the base currency; the server stamps it on the discount.
  const currency = useBaseCurrency();
  const schema = useMemo(() => discountForm(currency), [currency]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: discount ? discountToDraft(discount) : emptyDraft(),
  });
  const { control } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [kind, automatic, productIds, categoryIds] = useWatch({
    control,
    name: ['kind', 'automatic', 'product_ids', 'category_ids'],
  });

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await save.mutateAsync(body);
      toast.success(discount ? 'Discount saved' : 'Discount created');
      navigate('/discounts');
    } catch (error) {
      // An item of the product or category list is reported on the list.
      setApiFieldErrors(form.setError, error, (field) =>
        field.replace(/^(product_ids|category_ids)\..*/, '$1'),
      );
      setFormError(getErrorMessage(error));
    }
  });

  const onDelete = async () => {
    if (!discount) return;
    try {
      await remove.mutateAsync(discount.id);
      toast.success('Discount deleted');
      navigate('/discounts');
    } catch (error) {
      toast.error(getErrorMessage(error));
      setDeleting(false);
    }
  };

  return (
    <Form {...form}>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-label="Discount">
        {formError ? (
          <p role="alert" className="rounded-md border border-destructive/50 p-3 text-destructive text-sm">
            {formError}
          </p>
        ) : null}
        <Section
          title="Discount"
          description="Shoppers enter a code at checkout, or an automatic discount applies by itself."
        >
          <InputField
            control={control}
            name="title"
            id="discount-title"
            label="Title"
            description="Shown to shoppers with an automatic discount."
          />
          <SwitchField
            control={control}
            name="automatic"
            id="discount-automatic"
            label="Automatic (no code)"
          />
          {automatic ? null : (
            <FormField
              control={control}
              name="code"
              render={({ field }) => (
                <FormItem id="discount-code">
                  <FormLabel>Code</FormLabel>
                  <div className="flex gap-2">
                    <FormControl>
                      <Input className="uppercase" autoComplete="off" {...field} />
                    </FormControl>
                    <Button
                      type="button"
                      variant="outline"
                      onClick={() => form.setValue('code', randomCode(), { shouldDirty: true })}
                    >
                      <Shuffle aria-hidden="true" />
                      Generate
                    </Button>
                  </div>
                  <FormMessage />
                </FormItem>
              )}
            />
          )}
        </Section>

        <Section title="Value">
          <NativeSelectField
            control={control}
            name="kind"
            id="discount-kind"
            label="Type"
            options={Object.entries(KIND_LABELS)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {kind === 'percentage' ? (
              <InputField
                control={control}
                name="percent_bps"
                id="discount-percent"
                label="Percentage (%)"
                inputMode="decimal"
              />
            ) : null}
            {kind === 'fixed_amount' ? (
              <InputField
                control={control}
                name="amount_cents"
                id="discount-amount"
                label={`Amount (${currencySymbol(currency)})`}
                inputMode="decimal"
              />
            ) : null}
            {kind === 'percentage' || kind === 'fixed_amount' ? (
              <NativeSelectField
                control={control}
                name="target"
                id="discount-target"
                label="Applies to"
                options={TARGET_LABELS}
              />
            ) : null}
            {kind === 'buy_x_get_y' ? (
              <>
                <InputField
                  control={control}
                  name="buy_quantity"
                  id="discount-buy"
                  label="Customer buys (items)"
                  inputMode="numeric"
                />
                <InputField
                  control={control}
                  name="get_quantity"
                  id="discount-get"
                  label="Customer gets (items)"
                  inputMode="numeric"
                />
                <InputField
                  control={control}
                  name="get_percent_bps"
                  id="discount-get-percent"
                  label="Off the items they get (%)"
                  description="100 makes them free."
                  inputMode="decimal"
                />
              </>
            ) : null}
          </div>
        </Section>

        <Section title="Eligible products" description="Leave both empty for every product.">
          <EligibilityPicker
            productIds={productIds}
            categoryIds={categoryIds}
            onChange={(patch) => {
              if (patch.productIds) form.setValue('product_ids', patch.productIds, { shouldDirty: true });
              if (patch.categoryIds) form.setValue('category_ids', patch.categoryIds, { shouldDirty: true });
            }}
            errors={{
              products: listMessage(form.formState.errors.product_ids),
              categories: listMessage(form.formState.errors.category_ids),
            }}
          />
        </Section>

        <Section title="Requirements and limits">
          <div className="grid gap-4 sm:grid-cols-3">
            <InputField
              control={control}
              name="min_subtotal_cents"
              id="discount-min-subtotal"
              label={`Minimum subtotal (${currencySymbol(currency)})`}
              inputMode="decimal"
            />
            <InputField
              control={control}
              name="min_quantity"
              id="discount-min-quantity"
              label="Minimum items"
              inputMode="numeric"
            />
            <InputField
              control={control}
              name="usage_limit"
              id="discount-usage-limit"
              label="Total uses"
              description="Empty: unlimited."
              inputMode="numeric"
            />
          </div>
          <SwitchField
            control={control}
            name="once_per_customer"
            id="discount-once"
            label="One use per customer"
          />
          <SwitchField
            control={control}
            name="combinable"
            id="discount-combinable"
            label="Combines with other discounts"
          />
        </Section>

        <Section title="Active dates">
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              control={control}
              name="starts_at"
              id="discount-starts"
              label="Starts"
              type="datetime-local"
            />
            <InputField
              control={control}
              name="ends_at"
              id="discount-ends"
              label="Ends"
              type="datetime-local"
            />
          </div>
          <SwitchField control={control} name="is_active" id="discount-active" label="Active" />
        </Section>

        <div className="flex flex-wrap justify-end gap-2">
          {discount ? (
            <Button type="button" variant="ghost" className="mr-auto" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          ) : null}
          <Button type="button" variant="outline" onClick={() => navigate('/discounts')}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save discount'}
          </Button>
        </div>
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title={`Delete ${discount?.code ?? discount?.title ?? 'discount'}?`}
          description="Shoppers can no longer use it. Orders that used it keep their discount."
          confirmLabel="Delete discount"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          onConfirm={onDelete}
        />
      </form>
    </Form>
  );
}
