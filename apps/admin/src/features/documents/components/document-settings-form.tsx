import { type DocumentSettings, documentSettingsPatch } from '@cartwheel/shared/contracts/documents';
import { Button } from '@cartwheel/ui/button';
import { Form } from '@cartwheel/ui/form';
import { InputField, TextareaField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { formErrorBanner } from '../../../lib/form-input.ts';
import { useSaveDocumentSettings } from '../api/document-settings.ts';

/** The seller's address and tax number printed on invoices, and the prefixes of the next numbers (admins). */
export function DocumentSettingsForm({ settings }: { settings: DocumentSettings }) {
  const save = useSaveDocumentSettings();
  const form = useForm({ resolver: zodResolver(documentSettingsPatch), defaultValues: settings });
  const { control } = form;

  const onSubmit = form.handleSubmit(async (patch) => {
    try {
      await save.mutateAsync(patch);
      toast.success('Invoice settings saved');
    } catch (error) {
      toast.error(formErrorBanner(form.setError, error));
    }
  });

  return (
    <Form {...form}>
      <form className="flex max-w-2xl flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Invoices">
        <TextareaField
          control={control}
          name="address"
          id="documents-address"
          label="Business address"
          rows={4}
          description="Printed under your legal name (set in Online Store) on invoices, credit notes and packing slips."
        />
        <InputField
          control={control}
          name="tax_number"
          id="documents-tax_number"
          label="VAT ID or tax number"
          description="Printed on invoices and credit notes; leave empty to print none."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            control={control}
            name="invoice_prefix"
            id="documents-invoice_prefix"
            label="Invoice number prefix"
            description="{year} becomes the year: INV-{year}- gives INV-2026-0001. Each prefix counts from 1."
          />
          <InputField
            control={control}
            name="credit_note_prefix"
            id="documents-credit_note_prefix"
            label="Credit note number prefix"
          />
        </div>
        <Button type="submit" className="w-fit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </form>
    </Form>
  );
}
