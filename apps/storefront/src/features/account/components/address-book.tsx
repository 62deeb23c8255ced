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

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('Address deleted');
      setDeleting(null);
    } catch (cause) {
      toast.error(getErrorMessage(cause, 'Could not delete the address'));
    }
  };

  const setDefault = async (address: SavedAddress) => {
    try {
      await makeDefault.mutateAsync(address.id);
      toast.success('Default address updated');
    } catch (cause) {
      toast.error(getErrorMessage(cause, 'Could not change the default address'));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Addresses</CardTitle>
        <CardDescription>Your saved shipping addresses</CardDescription>
        {addresses.length > 0 ? (
          <CardAction>
            <Button size="sm" variant="outline" onClick={() => setEditing({ address: null })}>
              <Plus aria-hidden="true" />
              Add address
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
            <p className="font-medium">No saved addresses</p>
            <p className="text-muted-foreground text-sm">Save an address to check out faster</p>
            <Button onClick={() => setEditing({ address: null })}>
              <Plus aria-hidden="true" />
              Add address
            </Button>
          </div>
        ) : (
          <ul aria-label="Saved addresses" className="grid gap-4 sm:grid-cols-2">
            {addresses.map((address) => (
              <li
                key={address.id}
                data-testid="saved-address"
                className="flex flex-col gap-3 rounded-lg border p-4"
              >
                <div className="flex items-start justify-between gap-2">
                  <PostalAddress address={address} className="text-sm" />
                  {address.is_default ? <Badge variant="secondary">Default</Badge> : null}
                </div>
                {address.phone ? <p className="text-muted-foreground text-sm">{address.phone}</p> : null}
                <div className="mt-auto flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Edit ${address.address_line_1}`}
                    onClick={() => setEditing({ address })}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Delete ${address.address_line_1}`}
                    onClick={() => setDeleting(address)}
                  >
                    Delete
                  </Button>
                  {address.is_default ? null : (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Make ${address.address_line_1} the default`}
                      disabled={makeDefault.isPending}
                      onClick={() => setDefault(address)}
                    >
                      Make default
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
        title="Delete this address?"
        description={deleting ? `${deleting.address_line_1}, ${deleting.city} will be removed.` : ''}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
