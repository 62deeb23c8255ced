import type { Market } from '@cartwheel/shared/contracts/markets';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useDeleteMarket } from '../api/markets.ts';

/** Deletes a market other than the base one, with its fixed prices, after a confirmation. */
export function DeleteMarket({ market }: { market: Market }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteMarket();
  const navigate = useNavigate();
  if (market.is_base) return null;
  const onConfirm = async () => {
    try {
      await remove.mutateAsync(market.id);
      toast.success(`${market.name} deleted`);
      navigate('/settings/markets', { replace: true });
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Delete market
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${market.name}?`}
        description="Its countries will see the base market's prices, and its fixed prices are deleted."
        confirmLabel="Delete market"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={onConfirm}
      />
    </>
  );
}
