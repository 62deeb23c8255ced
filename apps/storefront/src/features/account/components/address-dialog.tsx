import { DEFAULT_COUNTRY } from '@cartwheel/shared/constants';
import { type AddressInput, addressInput, type SavedAddress } from '@cartwheel/shared/contracts/addresses';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { apiFieldErrors } from '@cartwheel/shared/field-errors';
import { Button } from '@cartwheel/ui/button';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Form, FormError } from '@cartwheel/ui/form';
import { Label } from '@cartwheel/ui/label';
import { localizedResolver } from '@cartwheel/ui/lib/localized-resolver';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  AddressFields,
  type AddressFormValues,
  addressGridClass,
  emptyAddress,
} from '../../../components/address/address-fields.tsx';
import { toAddressForm } from '../../../components/address/saved-addresses.ts';
import { allCountryOptions } from '../../../components/address/shipping-countries.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { localizeMessage } from '../../../i18n/validation.ts';
import { useCreateAddress } from '../api/create-address.ts';
import { useUpdateAddress } from '../api/update-address.ts';

type Values = AddressFormValues & { is_default: boolean };

/**
 * Adds an address (`address` null) or edits one. Fields are checked here and again on the server;
 * the server's field messages show on their fields.
 */
export function AddressDialog({
  open,
  onOpenChange,
  address,
  firstAddress,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  address: SavedAddress | null;
  /** The shopper has no address yet: this one becomes the default whatever the box says. */
  firstAddress: boolean;
}) {
  const formId = useId();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const [formError, setFormError] = useState<string | undefined>();
  const t = useT();
  const resolver = useMemo(
    () =>
      localizedResolver<Values, unknown, z.output<typeof addressInput>>(
        zodResolver(addressInput) as never,
        (message) => localizeMessage(t, message),
      ),
    [t],
  );
  const form = useForm<Values, unknown, z.output<typeof addressInput>>({
    resolver,
    defaultValues: { ...emptyAddress(DEFAULT_COUNTRY), is_default: false },
  });

  useEffect(() => {
    if (!open) return;
    setFormError(undefined);
    form.reset(
      address
        ? { ...toAddressForm(address), is_default: address.is_default }
        : { ...emptyAddress(DEFAULT_COUNTRY), is_default: firstAddress },
    );
  }, [open, address, firstAddress, form]);

  const pending = create.isPending || update.isPending;
  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    const body: AddressInput = values;
    try {
      if (address) await update.mutateAsync({ id: address.id, patch: body });
      else await create.mutateAsync(body);
      toast.success(address ? t('addresses.updated') : t('addresses.saved'));
      onOpenChange(false);
    } catch (error) {
      const fields = apiFieldErrors(error);
      for (const { field, message } of fields) {
        form.setError(field as keyof Values, { message: localizeMessage(t, message) }, { shouldFocus: true });
      }
      if (fields.length === 0) setFormError(getErrorMessage(error, t('addresses.saveFailed')));
    }
  });

  const defaultBoxId = `${formId}-default`;
  return (
    <DialogLayout
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={address ? t('addresses.editTitle') : t('addresses.add')}
      description={t('addresses.dialogText')}
      className="max-h-[95dvh]! overflow-y-auto sm:max-w-lg"
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={pending}>
            {pending ? t('addresses.saving') : t('addresses.save')}
          </Button>
        </>
      }
    >
      <Form {...form}>
        <form id={formId} noValidate onSubmit={submit} className={addressGridClass()}>
          <AddressFields countries={allCountryOptions()} withPhone disabled={pending} />
          {address?.is_default || firstAddress ? null : (
            <div className="col-span-2 flex items-center gap-2">
              <Checkbox
                id={defaultBoxId}
                checked={form.watch('is_default')}
                onCheckedChange={(checked) => form.setValue('is_default', checked === true)}
                disabled={pending}
              />
              <Label htmlFor={defaultBoxId}>{t('addresses.makeMine')}</Label>
            </div>
          )}
          <FormError className="col-span-2">{formError}</FormError>
        </form>
      </Form>
    </DialogLayout>
  );
}
