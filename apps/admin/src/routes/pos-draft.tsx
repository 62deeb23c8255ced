import type { DraftOrder, DraftOrderBody, DraftQuote } from '@cartwheel/shared/contracts/draft-orders';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { formatMoney } from '@cartwheel/shared/money';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { Form, FormError } from '@cartwheel/ui/form';
import { InputField, NativeSelectField, SwitchField, TextareaField } from '@cartwheel/ui/input-field';
import { useDebounced } from '@cartwheel/ui/lib/use-debounced';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import {
  useDeleteDraft,
  useDraftOrder,
  useDraftQuote,
  usePlaceDraft,
  useSaveDraft,
} from '../features/draft-orders/api/draft-orders.ts';
import { AddressPicker, CustomerPicker } from '../features/draft-orders/components/customer-picker.tsx';
import { LinePicker } from '../features/draft-orders/components/line-picker.tsx';
import {
  type DraftForm,
  draftFormSchema,
  EMPTY_DRAFT,
  fromDraft,
  toBody,
} from '../features/draft-orders/draft-form.ts';
import { formErrorBanner, listMessage } from '../lib/form-input.ts';
import { useLocations } from '../lib/stock-locations.ts';
import { DRAFT_STATE_LABELS } from './pos.tsx';

/** /admin/channels/pos/new and /admin/channels/pos/:draftId: build a draft, save it, mark it paid or send a link. */
export function PosDraftRoute() {
  const { draftId } = useParams();
  const draft = useDraftOrder(draftId);
  if (!draftId) return <DraftEditor key="new" saved={null} />;
  if (draft.isPending) return <LoadingBlocks blockClassName="h-40 w-full" />;
  if (draft.isError) return <LoadError title="Error loading the draft order" error={draft.error} />;
  return <DraftEditor key={`${draft.data.id}:${draft.data.version}`} saved={draft.data} />;
}

function DraftEditor({ saved }: { saved: DraftOrder | null }) {
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(draftFormSchema),
    defaultValues: saved ? fromDraft(saved) : EMPTY_DRAFT,
  });
  const values = form.watch();
  const [method, setMethod] = useState<'cash' | 'other'>('cash');
  const [till, setTill] = useState('');
  const locations = useLocations();
  const [deleting, setDeleting] = useState(false);
  const save = useSaveDraft(saved?.id);
  const place = usePlaceDraft();
  const remove = useDeleteDraft();
  const quote = useDraftQuote(useDebounced(toBody(values, true), 300));
  const locked = saved !== null && saved.state !== 'open';
  const patch = (p: Partial<DraftForm>) => {
    for (const [key, value] of Object.entries(p)) {
      form.setValue(key as keyof DraftForm, value as never, { shouldDirty: true });
    }
  };
  const busy = save.isPending || place.isPending;

  // The zone's methods change with the address: a method it does not offer is dropped.
  const methods = quote.data?.shipping_methods ?? [];
  const methodId = values.shipping_method_id;
  useEffect(() => {
    if (methodId && methods.length && !methods.some((m) => m.id === methodId)) {
      form.setValue('shipping_method_id', '');
    }
  }, [methods, methodId, form]);

  /** A refused save: the server's field messages on their fields, and its message in a toast. */
  const showError = (error: unknown) => {
    toast.error(
      formErrorBanner(form.setError, error, (field) => (field.startsWith('lines.') ? 'lines' : field)),
    );
  };

  const saveDraft = (body: DraftOrderBody): Promise<DraftOrder> =>
    save.mutateAsync({ ...body, ...(saved ? { version: saved.version } : {}) });

  const onSave = form.handleSubmit(async (body) => {
    try {
      const result = await saveDraft(body);
      toast.success('Draft order saved');
      if (!saved) navigate(`/channels/pos/${result.id}`, { replace: true });
    } catch (error) {
      showError(error);
    }
  });

  const onPlace = (action: 'mark-paid' | 'send-link') =>
    form.handleSubmit(async (body) => {
      try {
        const current = await saveDraft(body);
        if (current.quote.problem) {
          toast.error(current.quote.problem);
          if (!saved) navigate(`/channels/pos/${current.id}`, { replace: true });
          return;
        }
        const placed = await place.mutateAsync({
          id: current.id,
          action,
          version: current.version,
          payment_method: method,
          location_id: till || null,
        });
        if (action === 'mark-paid') {
          toast.success(`Order #${placed.order_number} created`);
          navigate(`/orders/${placed.order_id}`);
        } else {
          toast.success(`Payment link sent to ${current.email}`);
          navigate(`/channels/pos/${current.id}`, { replace: true });
        }
      } catch (error) {
        showError(error);
      }
    })();

  const onDelete = async () => {
    if (!saved) return;
    try {
      await remove.mutateAsync(saved.id);
      toast.success('Draft order deleted');
      navigate('/channels/pos');
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };

  return (
    <Form {...form}>
      <PageHeader title={saved ? `Draft order #D${saved.draft_number}` : 'New order'}>
        {saved ? <Badge variant="secondary">{DRAFT_STATE_LABELS[saved.state]}</Badge> : null}
      </PageHeader>
      {saved?.order_id && saved.state === 'completed' ? (
        <p className="text-sm">
          Paid:{' '}
          <Link className="underline" to={`/orders/${saved.order_id}`}>
            order #{saved.order_number}
          </Link>
        </p>
      ) : null}
      {saved?.state === 'link_sent' ? (
        <p className="text-sm">
          A payment link was sent to {saved.email}. The items are held until it is paid or it expires.
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <LinePicker
            lines={values.lines}
            onChange={(lines) => patch({ lines })}
            quote={quote.data}
            disabled={locked}
          />
          <FormError>{listMessage(form.formState.errors.lines)}</FormError>
          <CustomerPicker form={values} onChange={patch} disabled={locked} />
          {values.pickup ? null : <AddressPicker form={values} onChange={patch} disabled={locked} />}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Shipping and discount</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <SwitchField
                control={form.control}
                name="pickup"
                id="draft-pickup"
                label="No shipping / picked up"
                description="The customer takes the items: no address, no shipping charged."
                disabled={locked}
              />
              {values.pickup ? null : (
                <NativeSelectField
                  control={form.control}
                  name="shipping_method_id"
                  id="draft-shipping"
                  label="Shipping method"
                  disabled={locked || methods.length === 0}
                  options={[
                    ['', methods.length ? 'Choose a shipping method' : 'Add an address first'],
                    ...methods.map(
                      (m) =>
                        [
                          m.id,
                          `${m.name} · ${formatMoney(m.amount, quote.data?.currency ?? 'USD')}`,
                        ] as const,
                    ),
                  ]}
                />
              )}
              <InputField
                control={form.control}
                name="discount_code"
                id="draft-code"
                label="Discount code"
                disabled={locked}
              />
              {quote.data?.code_error ? (
                <p className="text-destructive text-sm">{quote.data.code_error.message}</p>
              ) : null}
              <TextareaField
                control={form.control}
                name="note"
                id="draft-note"
                label="Note"
                disabled={locked}
              />
            </CardContent>
          </Card>
          <Totals quote={quote.data} />
          {locked ? null : (
            <Card>
              <CardContent className="flex flex-col gap-3 pt-6">
                <Button variant="outline" disabled={busy} onClick={onSave}>
                  Save draft
                </Button>
                <NativeSelect
                  aria-label="Sells from"
                  className="w-full"
                  value={till}
                  onChange={(e) => setTill(e.target.value)}
                >
                  <option value="">Stock for online orders</option>
                  {(locations.data?.items ?? [])
                    .filter((l) => l.active)
                    .map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.name}
                      </option>
                    ))}
                </NativeSelect>
                <div className="flex gap-2">
                  <NativeSelect
                    aria-label="Payment method"
                    value={method}
                    onChange={(e) => setMethod(e.target.value as 'cash' | 'other')}
                  >
                    <option value="cash">Cash</option>
                    <option value="other">Other</option>
                  </NativeSelect>
                  <Button className="flex-1" disabled={busy} onClick={() => onPlace('mark-paid')}>
                    Mark as paid
                  </Button>
                </div>
                <Button variant="secondary" disabled={busy} onClick={() => onPlace('send-link')}>
                  Send payment link
                </Button>
                {saved ? (
                  <Button variant="ghost" className="text-destructive" onClick={() => setDeleting(true)}>
                    Delete draft
                  </Button>
                ) : null}
              </CardContent>
            </Card>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete draft order #D${saved?.draft_number ?? ''}?`}
        description="The draft is removed. No stock was held for it."
        confirmLabel="Delete draft"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </Form>
  );
}

/** The totals as the server computed them. */
function Totals({ quote }: { quote: DraftQuote | undefined }) {
  const p = quote?.priced;
  const row = (label: string, cents: number, testId?: string) => (
    <div className="flex justify-between text-sm">
      <span>{label}</span>
      <span className="tabular-nums" data-testid={testId}>
        {quote ? formatMoney(cents, quote.currency) : null}
      </span>
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Summary</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {p ? (
          <>
            {row('Subtotal', p.subtotal)}
            {p.discount_total ? row('Discount', -p.discount_total) : null}
            {row('Shipping', p.shipping)}
            {row('Tax', p.tax)}
            <div className="border-t pt-2 font-semibold">{row('Total', p.total, 'draft-total')}</div>
          </>
        ) : null}
        {quote?.problem ? (
          <p className="text-muted-foreground text-sm" data-testid="draft-problem">
            {quote.problem}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
