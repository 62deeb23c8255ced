import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { Switch } from '@cartwheel/ui/switch';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useProductSalesChannels, useSaveProductSalesChannels } from '../api/sales-channels.ts';

/** The product editor's "Sales channels" card: the feeds switch (saved at once), GTIN and MPN. */
export function ProductSalesChannelsCard({ productId, canEdit }: { productId: string; canEdit: boolean }) {
  const channels = useProductSalesChannels(productId);
  const save = useSaveProductSalesChannels(productId);
  const [gtin, setGtin] = useState('');
  const [mpn, setMpn] = useState('');
  useEffect(() => {
    setGtin(channels.data?.gtin ?? '');
    setMpn(channels.data?.mpn ?? '');
  }, [channels.data?.gtin, channels.data?.mpn]);
  const included = channels.data?.included ?? true;
  const submit = (body: Parameters<typeof save.mutate>[0], done: string) =>
    save.mutate(body, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(`Failed to save sales channels: ${getErrorMessage(error)}`),
    });
  return (
    <Card data-testid="sales-channels-card">
      <CardHeader>
        <CardTitle>Sales channels</CardTitle>
        <CardDescription>Listed in the Google and Meta product feeds (Shop).</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Label className="flex items-center justify-between gap-3 font-normal">
          Include in sales channels
          <Switch
            checked={included}
            disabled={!canEdit || channels.isPending || save.isPending}
            onCheckedChange={(on) =>
              submit({ included: on }, on ? 'Included in sales channels' : 'Excluded from sales channels')
            }
          />
        </Label>
        <div className="grid gap-2">
          <Label htmlFor="product-gtin">GTIN (barcode)</Label>
          <Input
            id="product-gtin"
            inputMode="numeric"
            value={gtin}
            onChange={(e) => setGtin(e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="product-mpn">MPN</Label>
          <Input id="product-mpn" value={mpn} onChange={(e) => setMpn(e.target.value)} maxLength={70} />
        </div>
        {canEdit ? (
          <Button
            variant="outline"
            disabled={save.isPending || channels.isPending}
            onClick={() =>
              submit({ included, gtin: gtin.trim(), mpn: mpn.trim() }, 'Product identifiers saved')
            }
          >
            Save identifiers
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
