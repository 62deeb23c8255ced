import { issueGiftCardBody } from '@cartwheel/shared/contracts/gift-cards';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { currencySymbol, toMinorUnits } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Form } from '@cartwheel/ui/form';
import { InputField, TextareaField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { setApiFieldErrors } from '../../../lib/form-input.ts';
import { useIssueGiftCard } from '../api/gift-cards.ts';

/** The dialog as typed (the amount in the currency's units, the expiry a date), checked by the contract. */
const issueForm = (currency: string) =>
  z
    .object({
      amount: z.string(),
      expires_on: z.string(),
      recipient_email: z.string(),
      recipient_name: z.string(),
      message: z.string(),
      note: z.string(),
    })
    .transform(
      (v): z.input<typeof issueGiftCardBody> => ({
        amount: toMinorUnits(v.amount, currency),
        currency,
        // A card is good through the whole of its last day.
        expires_at: v.expires_on ? new Date(`${v.expires_on}T23:59:59Z`).toISOString() : null,
        recipient_email: v.recipient_email.trim() || null,
        recipient_name: v.recipient_name,
        message: v.message,
        note: v.note,
      }),
    )
    .pipe(issueGiftCardBody);

const EMPTY = { amount: '', expires_on: '', recipient_email: '', recipient_name: '', message: '', note: '' };

/** Issues a gift card in the shop's base currency; the new code goes to `onIssued`, shown once. */
export function IssueGiftCardDialog({
  open,
  onOpenChange,
  currency,
  onIssued,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currency: string;
  onIssued: (code: string) => void;
}) {
  const schema = useMemo(() => issueForm(currency), [currency]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const issue = useIssueGiftCard();
  const submit = form.handleSubmit((body) =>
    issue.mutate(body, {
      onSuccess: (issued) => {
        form.reset(EMPTY);
        onOpenChange(false);
        onIssued(issued.code);
      },
      onError: (error) => {
        setApiFieldErrors(form.setError, error, (field) => (field === 'expires_at' ? 'expires_on' : field));
        toast.error(`Failed to issue the gift card: ${getErrorMessage(error)}`);
      },
    }),
  );
  return (
    <DialogLayout
      open={open}
      onOpenChange={onOpenChange}
      title="Issue gift card"
      description="The code is shown once, when the card is issued. Only its last four characters are kept readable."
      className="sm:max-w-lg"
    >
      <Form {...form}>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <InputField
            control={form.control}
            name="amount"
            id="gift-card-amount"
            label={`Amount (${currencySymbol(currency)})`}
            inputMode="decimal"
            required
          />
          <InputField
            control={form.control}
            name="expires_on"
            id="gift-card-expiry"
            label="Expires on"
            type="date"
          />
          <InputField
            control={form.control}
            name="recipient_email"
            id="gift-card-recipient-email"
            label="Recipient email"
            type="email"
          />
          <InputField
            control={form.control}
            name="recipient_name"
            id="gift-card-recipient"
            label="Recipient name"
          />
          <TextareaField
            control={form.control}
            name="message"
            id="gift-card-message"
            label="Message"
            maxLength={500}
          />
          <InputField control={form.control} name="note" id="gift-card-note" label="Note (staff only)" />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={issue.isPending || !amount.trim()}>
              {issue.isPending ? 'Issuing...' : 'Issue gift card'}
            </Button>
          </div>
        </form>
      </Form>
    </DialogLayout>
  );
}
