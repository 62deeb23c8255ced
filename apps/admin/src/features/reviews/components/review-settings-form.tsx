import { type ReviewSettings, reviewSettingsPatch } from '@cartwheel/shared/contracts/reviews';
import { Button } from '@cartwheel/ui/button';
import { Form } from '@cartwheel/ui/form';
import { InputField, SwitchField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { formErrorBanner, typedNumber } from '../../../lib/form-input.ts';
import { useUpdateReviewSettings } from '../api/reviews.ts';

/** The form as typed (the delay as text), checked by the PATCH contract under the body's field names. */
const settingsForm = z
  .object({ allow_unverified: z.boolean(), request_enabled: z.boolean(), request_delay_days: z.string() })
  .transform(
    (values): z.input<typeof reviewSettingsPatch> => ({
      allow_unverified: values.allow_unverified,
      request_enabled: values.request_enabled,
      request_delay_days: typedNumber(values.request_delay_days) ?? Number.NaN,
    }),
  )
  .pipe(reviewSettingsPatch);

/** Who may review, and the review request email: on or off, and how many days after delivery. */
export function ReviewSettingsForm({ settings }: { settings: ReviewSettings }) {
  const update = useUpdateReviewSettings();
  const form = useForm({
    resolver: zodResolver(settingsForm),
    defaultValues: {
      allow_unverified: settings.allow_unverified,
      request_enabled: settings.request_enabled,
      request_delay_days: String(settings.request_delay_days),
    },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
      toast.success('Review settings saved');
    } catch (error) {
      toast.error(formErrorBanner(form.setError, error));
    }
  });

  return (
    <Form {...form}>
      <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Review settings">
        <SwitchField
          control={form.control}
          name="request_enabled"
          id="review-requests"
          label="Review request emails"
          description="Buyers get one email after delivery with a link to review each product, unless they unsubscribed."
        />
        <InputField
          control={form.control}
          name="request_delay_days"
          id="review-delay"
          label="Send after (days)"
          inputMode="numeric"
          className="w-32"
        />
        <SwitchField
          control={form.control}
          name="allow_unverified"
          id="review-unverified"
          label="Reviews from shoppers who did not buy"
          description="Signed-in shoppers may review any product. Their reviews show without the Verified buyer badge."
        />
        <Button type="submit" className="w-fit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </form>
    </Form>
  );
}
