import { type CustomerGroup, customerGroupInput } from '@cartwheel/shared/contracts/wholesale';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { currencySymbol, formatMoney, toMajorString } from '@cartwheel/shared/money';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Form } from '@cartwheel/ui/form';
import { InputField } from '@cartwheel/ui/input-field';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { setApiFieldErrors, typedMinorUnits, typedNumber } from '../../../lib/form-input.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useDeleteCustomerGroup, useSaveCustomerGroup } from '../api/wholesale.ts';

const groupForm = (currency: string) =>
  z
    .object({ name: z.string(), min_order_amount: z.string(), payment_terms_days: z.string() })
    .transform((v) => ({
      name: v.name,
      min_order_amount: typedMinorUnits(v.min_order_amount, currency),
      payment_terms_days: typedNumber(v.payment_terms_days),
    }))
    .pipe(customerGroupInput);

const EMPTY = { name: '', min_order_amount: '', payment_terms_days: '' };

/** The customer groups: their minimum order and payment terms, with a form to add or change one. */
export function CustomerGroups({ groups, currency }: { groups: CustomerGroup[]; currency: string }) {
  const can = useCan();
  const save = useSaveCustomerGroup();
  const remove = useDeleteCustomerGroup();
  const [editing, setEditing] = useState<string | null>(null);
  const schema = useMemo(() => groupForm(currency), [currency]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const edit = (g: CustomerGroup) => {
    setEditing(g.id);
    form.reset({
      name: g.name,
      min_order_amount: g.min_order_amount === null ? '' : toMajorString(g.min_order_amount, currency),
      payment_terms_days: g.payment_terms_days === null ? '' : String(g.payment_terms_days),
    });
  };
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: editing, body },
      {
        onSuccess: () => {
          toast.success(editing ? 'Customer group saved' : 'Customer group created');
          setEditing(null);
          form.reset(EMPTY);
        },
        onError: (error) => {
          setApiFieldErrors(form.setError, error);
          toast.error(`Failed to save the customer group: ${getErrorMessage(error)}`);
        },
      },
    ),
  );
  const manage = can('wholesale.manage');
  return (
    <>
      <Card>
        <CardContent className="pt-6">
          {groups.length === 0 ? (
            <p className="text-muted-foreground text-sm">No customer groups yet.</p>
          ) : (
            <Table aria-label="Customer groups" pinEnd>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Minimum order</TableHead>
                  <TableHead>Payment terms</TableHead>
                  <TableHead>Members</TableHead>
                  <TableHead>Price lists</TableHead>
                  {manage ? (
                    <TableHead>
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  ) : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {groups.map((g) => (
                  <TableRow key={g.id}>
                    <TableCell className="min-w-40 whitespace-normal font-medium [overflow-wrap:anywhere]">
                      {g.name}
                    </TableCell>
                    <TableCell>
                      {g.min_order_amount === null ? 'None' : formatMoney(g.min_order_amount, currency)}
                    </TableCell>
                    <TableCell>
                      {g.payment_terms_days === null ? 'Pay at checkout' : `Net ${g.payment_terms_days}`}
                    </TableCell>
                    <TableCell>{plural(g.member_count, 'customer')}</TableCell>
                    <TableCell>{g.price_list_count}</TableCell>
                    {manage ? (
                      <TableCell>
                        <div className="flex flex-col items-end gap-2 lg:flex-row lg:justify-end">
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => edit(g)}
                            aria-label={`Edit ${g.name}`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Delete ${g.name}`}
                            disabled={remove.isPending}
                            onClick={() =>
                              remove.mutate(g.id, {
                                onSuccess: () => toast.success('Customer group deleted'),
                                onError: (error) =>
                                  toast.error(
                                    `Failed to delete the customer group: ${getErrorMessage(error)}`,
                                  ),
                              })
                            }
                          >
                            Delete
                          </Button>
                        </div>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      {manage ? (
        <Card>
          <CardHeader>
            <CardTitle>{editing ? 'Edit customer group' : 'Add a customer group'}</CardTitle>
          </CardHeader>
          <CardContent>
            <Form {...form}>
              <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
                <InputField control={form.control} name="name" id="group-name" label="Name" />
                <InputField
                  control={form.control}
                  name="min_order_amount"
                  id="group-min-order"
                  label={`Minimum order (${currencySymbol(currency)}; empty: none)`}
                  inputMode="decimal"
                />
                <InputField
                  control={form.control}
                  name="payment_terms_days"
                  id="group-terms"
                  label="Payment terms in days (empty: pay at checkout)"
                  inputMode="numeric"
                />
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? 'Saving...' : editing ? 'Save' : 'Add group'}
                </Button>
                {editing ? (
                  <Button
                    type="button"
                    variant="ghost"
                    onClick={() => {
                      setEditing(null);
                      form.reset(EMPTY);
                    }}
                  >
                    Cancel
                  </Button>
                ) : null}
              </form>
            </Form>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
