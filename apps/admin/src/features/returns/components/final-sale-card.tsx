import { api } from '@cartwheel/shared/api-client';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Label } from '@cartwheel/ui/label';
import { Switch } from '@cartwheel/ui/switch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

type FinalSale = { final_sale: boolean };

/** The product editor's "Returns" card: the final-sale switch, saved at once. */
export function FinalSaleCard({ productId, canEdit }: { productId: string; canEdit: boolean }) {
  const key = ['admin', 'final-sale', productId];
  const url = `/api/admin/products/${productId}/final-sale`;
  const queryClient = useQueryClient();
  const flag = useQuery({ queryKey: key, queryFn: ({ signal }) => api.get<FinalSale>(url, { signal }) });
  const save = useMutation({
    mutationFn: (body: FinalSale) => api.put<FinalSale>(url, body),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
  return (
    <Card data-testid="final-sale-card">
      <CardHeader>
        <CardTitle>Returns</CardTitle>
        <CardDescription>A final-sale product cannot be returned by shoppers.</CardDescription>
      </CardHeader>
      <CardContent>
        <Label className="flex items-center justify-between gap-3 font-normal">
          Final sale
          <Switch
            checked={flag.data?.final_sale ?? false}
            disabled={!canEdit || flag.isPending || save.isPending}
            onCheckedChange={(on) =>
              save.mutate(
                { final_sale: on },
                {
                  onSuccess: () => toast.success(on ? 'Marked final sale' : 'Returnable again'),
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
