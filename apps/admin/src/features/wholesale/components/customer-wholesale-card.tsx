import { customerWholesaleInput } from '@cartwheel/shared/contracts/wholesale';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Form } from '@cartwheel/ui/form';
import { InputField, NativeSelectField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { setApiFieldErrors } from '../../../lib/form-input.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useCustomerGroups, useCustomerWholesale, useSetCustomerWholesale } from '../api/wholesale.ts';

const formSchema = z
  .object({ customer_group_id: z.string(), tax_exemption_number: z.string() })
  .transform((v) => ({
    customer_group_id: v.customer_group_id || null,
    tax_exemption_number: v.tax_exemption_number.trim() || null,
  }))
  .pipe(customerWholesaleInput);

/** A customer's wholesale group (their prices and terms) and tax exemption number. */
export function CustomerWholesaleCard({ customerId }: { customerId: string }) {
  const can = useCan();
  const groups = useCustomerGroups();
  const current = useCustomerWholesale(customerId);
  const save = useSetCustomerWholesale(customerId);
  const form = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { customer_group_id: '', tax_exemption_number: '' },
  });
  const { reset } = form;
  useEffect(() => {
    if (current.data) {
      reset({
        customer_group_id: current.data.customer_group_id ?? '',
        tax_exemption_number: current.data.tax_exemption_number ?? '',
      });
    }
  }, [current.data, reset]);
  // A guest has no account to put in a group.
  if (current.isError) return null;
  const options: Array<readonly [string, string]> = [
    ['', 'None (retail prices)'],
    ...(groups.data?.items ?? []).map((g) => [g.id, g.name] as const),
  ];
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => toast.success('Wholesale settings saved'),
      onError: (error) => {
        setApiFieldErrors(form.setError, error);
        toast.error(`Failed to save the wholesale settings: ${getErrorMessage(error)}`);
      },
    }),
  );
  const disabled = !can('wholesale.manage');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Wholesale</CardTitle>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
            <NativeSelectField
              control={form.control}
              name="customer_group_id"
              id="customer-group"
              label="Customer group"
              options={options}
              disabled={disabled}
            />
            <InputField
              control={form.control}
              name="tax_exemption_number"
              id="tax-exemption-number"
              label="Tax exemption number"
              disabled={disabled}
            />
            {disabled ? null : (
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save'}
              </Button>
            )}
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
