import { PRODUCT_MESSAGES } from '@cartwheel/shared/contracts/admin-products';
import { dollarsToCents } from '@cartwheel/shared/money';
import { Button } from '@cartwheel/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@cartwheel/ui/dialog';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { useState } from 'react';
import { useBulkUpdateProducts } from '../api/bulk-update-products.ts';

/** More actions > Bulk edit: one price and/or inventory level for every selected product. */
export function BulkEditDialog({
  ids,
  open,
  onOpenChange,
  onDone,
}: {
  ids: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const bulk = useBulkUpdateProducts();
  const [price, setPrice] = useState('');
  const [inventory, setInventory] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body: { price?: number; inventory_level?: number } = {};
    if (price.trim()) {
      const cents = dollarsToCents(price);
      if (cents < 0) return setError(PRODUCT_MESSAGES.price);
      body.price = cents;
    }
    if (inventory.trim()) {
      const level = Math.trunc(Number(inventory)) || 0;
      if (level < 0) return setError(PRODUCT_MESSAGES.inventory);
      body.inventory_level = level;
    }
    if (body.price === undefined && body.inventory_level === undefined) {
      return setError('Enter a price or an inventory level to apply');
    }
    setError(null);
    bulk.mutate(
      { action: 'edit', ids, ...body },
      {
        onSuccess: () => {
          setPrice('');
          setInventory('');
          onOpenChange(false);
          onDone();
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Bulk edit</DialogTitle>
            <DialogDescription>
              Set the price and/or inventory of the {ids.length} selected{' '}
              {ids.length === 1 ? 'product' : 'products'}. Leave a field empty to keep each product's own
              value.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="bulk-price">Price ($)</Label>
              <Input
                id="bulk-price"
                type="number"
                step="0.01"
                inputMode="decimal"
                placeholder="Unchanged"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="bulk-inventory">Inventory</Label>
              <Input
                id="bulk-inventory"
                type="number"
                step="1"
                inputMode="numeric"
                placeholder="Unchanged"
                value={inventory}
                onChange={(e) => setInventory(e.target.value)}
              />
            </div>
          </div>
          {error ? (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={bulk.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={bulk.isPending}>
              {bulk.isPending ? 'Saving...' : 'Apply'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
