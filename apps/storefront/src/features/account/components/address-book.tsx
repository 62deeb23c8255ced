import type { SavedAddress } from '@cartwheel/shared/contracts/addresses';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { PostalAddress } from '@cartwheel/ui/postal-address';
import { MapPin, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useSavedAddresses } from '../../../components/address/saved-addresses.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { useDeleteAddress } from '../api/delete-address.ts';
import { useSetDefaultAddress } from '../api/set-default-address.ts';
import { AddressDialog } from './address-dialog.tsx';
import { OrderListSkeleton } from './order-list-skeleton.tsx';

/** /account's address book: the saved addresses with edit, delete (asked first) and make default. */
export function AddressBook({ userId }: { userId: string }) {
  const { data, isPending, isError, error } = useSavedAddresses(userId);
  const addresses = data?.items ?? [];
  const [editing, setEditing] = useState<{ address: SavedAddress | null } | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const remove = useDeleteAddress();
  const makeDefault = useSetDefaultAddress();
  const t = useT();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('addresses.deleted'));
      setDeleting(null);
    } catch (cause) {
      toast.error(getErrorMessage(cause, t('addresses.deleteFailed')));
    }
  };

  const setDefault = async (address: SavedAddress) => {
    try {
      await makeDefault.mutateAsync(address.id);
      toast.success(t('addresses.defaultUpdated'));
    } catch (cause) {
      toast.error(getErrorMessage(cause, t('addresses.defaultFailed')));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg leading-7!">{t('addresses.title')}</CardTitle>
        <CardDescription>{t('addresses.text')}</CardDescription>
        {addresses.length > 0 ? (
          <CardAction>
            <Button size="sm" variant="outline" onClick={() => setEditing({ address: null })}>
              <Plus aria-hidden="true" />
              {t('addresses.add')}
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <OrderListSkeleton rows={2} className="space-y-3" rowClassName="h-24 w-full" />
        ) : isError ? (
          <p role="alert" className="text-destructive text-sm">
            {error.message}
          </p>
        ) : addresses.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <MapPin aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="font-medium">{t('addresses.none')}</p>
            <p className="text-muted-foreground text-sm">{t('addresses.noneText')}</p>
            <Button onClick={() => setEditing({ address: null })}>
              <Plus aria-hidden="true" />
              {t('addresses.add')}
            </Button>
          </div>
        ) : (
          <ul aria-label={t('addresses.label')} className="grid gap-4 sm:grid-cols-2">
            {addresses.map((address) => (
              <li
                key={address.id}
                data-testid="saved-address"
                className="flex flex-col gap-3 rounded-lg border p-4"
              >
                <div className="flex items-start justify-between gap-2">
                  <PostalAddress address={address} className="text-sm" />
                  {address.is_default ? <Badge variant="secondary">{t('addresses.default')}</Badge> : null}
                </div>
                {address.phone ? <p className="text-muted-foreground text-sm">{address.phone}</p> : null}
                <div className="mt-auto flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={t('addresses.editOf', { address: address.address_line_1 })}
                    onClick={() => setEditing({ address })}
                  >
                    {t('addresses.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={t('addresses.deleteOf', { address: address.address_line_1 })}
                    onClick={() => setDeleting(address)}
                  >
                    {t('addresses.delete')}
                  </Button>
                  {address.is_default ? null : (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('addresses.makeDefaultOf', { address: address.address_line_1 })}
                      disabled={makeDefault.isPending}
                      onClick={() => setDefault(address)}
                    >
                      {t('addresses.makeDefault')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <AddressDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        address={editing?.address ?? null}
        firstAddress={addresses.length === 0}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('addresses.confirmTitle')}
        description={
          deleting
            ? t('addresses.confirmText', { address: deleting.address_line_1, city: deleting.city })
            : ''
        }
        confirmLabel={t('addresses.delete')}
        pendingLabel={t('addresses.deleting')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
