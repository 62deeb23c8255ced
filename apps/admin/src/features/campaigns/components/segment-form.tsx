import {
  type Segment,
  type SegmentFilters,
  segmentBody,
  segmentFilters,
} from '@cartwheel/shared/contracts/campaigns';
import { toMajorString } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Form } from '@cartwheel/ui/form';
import { InputField, NativeSelectField } from '@cartwheel/ui/input-field';
import { Label } from '@cartwheel/ui/label';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { formErrorBanner, typedMinorUnits, typedNumber } from '../../../lib/form-input.ts';
import { useSaveSegment, useSegmentPreview } from '../api/segments.ts';
import { ProductPicker } from './product-picker.tsx';

const values = z.object({
  name: z.string(),
  total_spent_min: z.string(),
  total_spent_max: z.string(),
  order_count_min: z.string(),
  order_count_max: z.string(),
  last_order_from: z.string(),
  last_order_to: z.string(),
  countries: z.string(),
  tags: z.string(),
  marketing_consent: z.enum(['', 'yes', 'no']),
  product_ids: z.array(z.string()),
});
type Values = z.infer<typeof values>;

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The form as typed, as the API's filters (amounts in the base currency's minor units). */
function filtersOf(v: Values, currency: string): z.input<typeof segmentFilters> {
  const optional = <T,>(value: T | null | '') => (value === null || value === '' ? undefined : value);
  const countries = list(v.countries);
  const tags = list(v.tags);
  return {
    total_spent_min: optional(typedMinorUnits(v.total_spent_min, currency)),
    total_spent_max: optional(typedMinorUnits(v.total_spent_max, currency)),
    order_count_min: optional(typedNumber(v.order_count_min)),
    order_count_max: optional(typedNumber(v.order_count_max)),
    last_order_from: optional(v.last_order_from),
    last_order_to: optional(v.last_order_to),
    countries: countries.length ? countries : undefined,
    tags: tags.length ? tags : undefined,
    marketing_consent: v.marketing_consent === '' ? undefined : v.marketing_consent === 'yes',
    product_ids: v.product_ids.length ? v.product_ids : undefined,
  };
}

/** The body's fields side by side, so a refused filter's message lands on its own input. */
const flat = z.object({ name: segmentBody.shape.name, ...segmentFilters.shape });

const formOf = (currency: string) =>
  values
    .transform((v) => ({ name: v.name, ...filtersOf(v, currency) }))
    .pipe(flat)
    .transform(({ name, ...filters }) => ({ name, filters }));

const defaultsOf = (segment: Segment | null, currency: string): Values => {
  const f: SegmentFilters = segment?.filters ?? {};
  const money = (minor: number | undefined) => (minor === undefined ? '' : toMajorString(minor, currency));
  return {
    name: segment?.name ?? '',
    total_spent_min: money(f.total_spent_min),
    total_spent_max: money(f.total_spent_max),
    order_count_min: f.order_count_min?.toString() ?? '',
    order_count_max: f.order_count_max?.toString() ?? '',
    last_order_from: f.last_order_from ?? '',
    last_order_to: f.last_order_to ?? '',
    countries: (f.countries ?? []).join(', '),
    tags: (f.tags ?? []).join(', '),
    marketing_consent: f.marketing_consent === undefined ? '' : f.marketing_consent ? 'yes' : 'no',
    product_ids: f.product_ids ?? [],
  };
};

/** The live count under the filters: how many customers, and how many a campaign would reach. */
function LiveCount({ filters }: { filters: SegmentFilters | null }) {
  const preview = useSegmentPreview(filters);
  if (!filters)
    return <p className="text-sm text-muted-foreground">Fix the filters to see who they select.</p>;
  if (!preview.data) return <p className="text-sm text-muted-foreground">Counting…</p>;
  return (
    <div aria-live="polite" className="flex flex-col gap-1 text-sm">
      <p data-testid="segment-count">
        {plural(preview.data.customer_count, 'customer')}, {preview.data.consented_count} agreed to marketing
        email
      </p>
      {preview.data.sample.length > 0 ? (
        <p className="text-muted-foreground">
          For example: {preview.data.sample.map((c) => c.name).join(', ')}
        </p>
      ) : null}
    </div>
  );
}

/** A segment's name and filters, with the live count of the customers they select. */
export function SegmentForm({
  segment,
  currency,
  onSaved,
}: {
  segment: Segment | null;
  currency: string;
  onSaved: (saved: Segment) => void;
}) {
  const save = useSaveSegment();
  const schema = formOf(currency);
  const form = useForm<Values, unknown, z.output<typeof segmentBody>>({
    resolver: zodResolver(schema),
    defaultValues: defaultsOf(segment, currency),
  });
  const watched = useWatch({ control: form.control });
  const [filters, setFilters] = useState<SegmentFilters | null>({});
  useEffect(() => {
    const timer = setTimeout(() => {
      const parsed = schema.safeParse({ ...defaultsOf(null, currency), ...watched, name: 'preview' });
      setFilters(parsed.success ? parsed.data.filters : null);
    }, 300);
    return () => clearTimeout(timer);
  }, [watched, schema, currency]);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: segment?.id ?? null, body });
      toast.success('Segment saved');
      onSaved(saved);
    } catch (error) {
      toast.error(formErrorBanner(form.setError, error, (field) => field.replace(/^body\.(filters\.)?/, '')));
    }
  });

  return (
    <Form {...form}>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-label="Segment">
        <InputField control={form.control} name="name" id="segment-name" label="Name" className="max-w-sm" />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            control={form.control}
            name="total_spent_min"
            id="segment-spent-min"
            label={`Spent at least (${currency})`}
            inputMode="decimal"
          />
          <InputField
            control={form.control}
            name="total_spent_max"
            id="segment-spent-max"
            label={`Spent at most (${currency})`}
            inputMode="decimal"
          />
          <InputField
            control={form.control}
            name="order_count_min"
            id="segment-orders-min"
            label="Orders, at least"
            inputMode="numeric"
          />
          <InputField
            control={form.control}
            name="order_count_max"
            id="segment-orders-max"
            label="Orders, at most"
            inputMode="numeric"
          />
          <InputField
            control={form.control}
            name="last_order_from"
            id="segment-last-from"
            label="Last order on or after"
            type="date"
          />
          <InputField
            control={form.control}
            name="last_order_to"
            id="segment-last-to"
            label="Last order on or before"
            type="date"
          />
          <InputField
            control={form.control}
            name="countries"
            id="segment-countries"
            label="Countries"
            description="Two-letter codes, separated by commas (US, DE)"
          />
          <InputField
            control={form.control}
            name="tags"
            id="segment-tags"
            label="Tags"
            description="Any of these tags, separated by commas"
          />
          <NativeSelectField
            control={form.control}
            name="marketing_consent"
            id="segment-consent"
            label="Marketing consent"
            options={[
              ['', 'Any'],
              ['yes', 'Agreed to marketing email'],
              ['no', 'Did not agree'],
            ]}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="segment-products">Bought any of these products</Label>
          <Controller
            control={form.control}
            name="product_ids"
            render={({ field }) => (
              <ProductPicker id="segment-products" value={field.value} onChange={field.onChange} max={20} />
            )}
          />
        </div>
        <LiveCount filters={filters} />
        <Button type="submit" className="w-fit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save segment'}
        </Button>
      </form>
    </Form>
  );
}

/** A segment's counts as the list shows them. */
export const segmentCounts = (segment: Segment) =>
  `${plural(segment.customer_count, 'customer')} · ${segment.consented_count} reachable`;
