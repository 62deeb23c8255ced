import type { Discount } from '@cartwheel/shared/contracts/discounts';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { apiFieldErrors } from '@cartwheel/shared/field-errors';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { Switch } from '@cartwheel/ui/switch';
import { Shuffle, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useDeleteDiscount, useSaveDiscount } from '../api/discounts.ts';
import {
  type DiscountDraft,
  discountToDraft,
  draftToInput,
  emptyDraft,
  randomCode,
} from '../discount-draft.ts';
import { EligibilityPicker } from './eligibility-picker.tsx';

const KIND_LABELS: Record<Discount['kind'], string> = {
  percentage: 'Percentage off',
  fixed_amount: 'Fixed amount off',
  free_shipping: 'Free shipping',
  buy_x_get_y: 'Buy X get Y',
};

/** A labelled input with the server's message for its field under it. */
function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-muted-foreground text-xs">{hint}</p> : null}
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

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

function Toggle({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/** Creates or edits a discount. Everything is checked on the server; its messages show on the fields. */
export function DiscountForm({ discount }: { discount?: Discount }) {
  const navigate = useNavigate();
  const save = useSaveDiscount(discount?.id);
  const remove = useDeleteDiscount();
  const [draft, setDraft] = useState<DiscountDraft>(() =>
    discount ? discountToDraft(discount) : emptyDraft(),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const set = (patch: Partial<DiscountDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const text = (key: keyof DiscountDraft) => ({
    value: draft[key] as string,
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
  });
  const kind = draft.kind;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    try {
      await save.mutateAsync(draftToInput(draft));
      toast.success(discount ? 'Discount saved' : 'Discount created');
      navigate('/discounts');
    } catch (error) {
      setErrors(Object.fromEntries(apiFieldErrors(error).map((f) => [f.field, f.message])));
      setFormError(getErrorMessage(error));
    }
  };

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
        <Field
          id="discount-title"
          label="Title"
          error={errors.title}
          hint="Shown to shoppers with an automatic discount."
        >
          <Input id="discount-title" {...text('title')} />
        </Field>
        <Toggle
          id="discount-automatic"
          label="Automatic (no code)"
          checked={draft.automatic}
          onChange={(on) => set({ automatic: on })}
        />
        {draft.automatic ? null : (
          <Field id="discount-code" label="Code" error={errors.code}>
            <div className="flex gap-2">
              <Input id="discount-code" className="uppercase" autoComplete="off" {...text('code')} />
              <Button type="button" variant="outline" onClick={() => set({ code: randomCode() })}>
                <Shuffle aria-hidden="true" />
                Generate
              </Button>
            </div>
          </Field>
        )}
      </Section>

      <Section title="Value">
        <Field id="discount-kind" label="Type" error={errors.kind}>
          <NativeSelect
            id="discount-kind"
            value={kind}
            onChange={(e) => set({ kind: e.target.value as Discount['kind'] })}
          >
            {Object.entries(KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          {kind === 'percentage' ? (
            <Field id="discount-percent" label="Percentage (%)" error={errors.percent_bps}>
              <Input id="discount-percent" inputMode="decimal" {...text('percent')} />
            </Field>
          ) : null}
          {kind === 'fixed_amount' ? (
            <Field id="discount-amount" label="Amount ($)" error={errors.amount_cents}>
              <Input id="discount-amount" inputMode="decimal" {...text('amount')} />
            </Field>
          ) : null}
          {kind === 'percentage' || kind === 'fixed_amount' ? (
            <Field id="discount-target" label="Applies to" error={errors.target}>
              <NativeSelect
                id="discount-target"
                value={draft.target}
                onChange={(e) => set({ target: e.target.value as Discount['target'] })}
              >
                <option value="order">The whole order</option>
                <option value="products">Eligible products only</option>
              </NativeSelect>
            </Field>
          ) : null}
          {kind === 'buy_x_get_y' ? (
            <>
              <Field id="discount-buy" label="Customer buys (items)" error={errors.buy_quantity}>
                <Input id="discount-buy" inputMode="numeric" {...text('buyQuantity')} />
              </Field>
              <Field id="discount-get" label="Customer gets (items)" error={errors.get_quantity}>
                <Input id="discount-get" inputMode="numeric" {...text('getQuantity')} />
              </Field>
              <Field
                id="discount-get-percent"
                label="Off the items they get (%)"
                hint="100 makes them free."
                error={errors.get_percent_bps}
              >
                <Input id="discount-get-percent" inputMode="decimal" {...text('getPercent')} />
              </Field>
            </>
          ) : null}
        </div>
      </Section>

      <Section title="Eligible products" description="Leave both empty for every product.">
        <EligibilityPicker
          productIds={draft.productIds}
          categoryIds={draft.categoryIds}
          onChange={(patch) => set(patch)}
          errors={{ products: errors.product_ids, categories: errors.category_ids }}
        />
      </Section>

      <Section title="Requirements and limits">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="discount-min-subtotal" label="Minimum subtotal ($)" error={errors.min_subtotal_cents}>
            <Input id="discount-min-subtotal" inputMode="decimal" {...text('minSubtotal')} />
          </Field>
          <Field id="discount-min-quantity" label="Minimum items" error={errors.min_quantity}>
            <Input id="discount-min-quantity" inputMode="numeric" {...text('minQuantity')} />
          </Field>
          <Field
            id="discount-usage-limit"
            label="Total uses"
            hint="Empty: unlimited."
            error={errors.usage_limit}
          >
            <Input id="discount-usage-limit" inputMode="numeric" {...text('usageLimit')} />
          </Field>
        </div>
        <Toggle
          id="discount-once"
          label="One use per customer"
          checked={draft.oncePerCustomer}
          onChange={(on) => set({ oncePerCustomer: on })}
        />
        <Toggle
          id="discount-combinable"
          label="Combines with other discounts"
          checked={draft.combinable}
          onChange={(on) => set({ combinable: on })}
        />
      </Section>

      <Section title="Active dates">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="discount-starts" label="Starts" error={errors.starts_at}>
            <Input id="discount-starts" type="datetime-local" {...text('startsAt')} />
          </Field>
          <Field id="discount-ends" label="Ends" error={errors.ends_at}>
            <Input id="discount-ends" type="datetime-local" {...text('endsAt')} />
          </Field>
        </div>
        <Toggle
          id="discount-active"
          label="Active"
          checked={draft.isActive}
          onChange={(on) => set({ isActive: on })}
        />
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
  );
}
