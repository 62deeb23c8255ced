import { api } from '@cartwheel/shared/api-client';
import type { productGiftCardBody } from '@cartwheel/shared/contracts/gift-card-lines';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Label } from '@cartwheel/ui/label';
import { Switch } from '@cartwheel/ui/switch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';

type GiftCardFlag = z.infer<typeof productGiftCardBody>;

/** The product editor's "Gift card" card: sells the product as a gift card (decision 0094), saved at once. */
export function GiftCardProductCard({ productId, canEdit }: { productId: string; canEdit: boolean }) {
  const key = ['admin', 'product-gift-card', productId];
  const url = `/api/admin/products/${productId}/gift-card`;
  const queryClient = useQueryClient();
  const flag = useQuery({ queryKey: key, queryFn: ({ signal }) => api.get<GiftCardFlag>(url, { signal }) });
  const save = useMutation({
    mutationFn: (body: GiftCardFlag) => api.put<GiftCardFlag>(url, body),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
  return (
    <Card data-testid="gift-card-product-card">
      <CardHeader>
        <CardTitle>Gift card</CardTitle>
        <CardDescription>
          Shoppers name a recipient, a message and a send date; each unit bought is a gift card of the price
          paid, emailed on that date. Variants are the amounts. Gift cards are never shipped or taxed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Label className="flex items-center justify-between gap-3 font-normal">
          Sold as a gift card
          <Switch
            checked={flag.data?.is_gift_card ?? false}
            disabled={!canEdit || flag.isPending || save.isPending}
            onCheckedChange={(on) =>
              save.mutate(
                { is_gift_card: on },
                {
                  onSuccess: () => toast.success(on ? 'Sold as a gift card' : 'Sold as goods again'),
                  onError: (error) => toast.error(`Failed to save: ${getErrorMessage(error)}`),
                },
              )
            }
          />
        </Label>
      </CardContent>
    </Card>
  );
}
