import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink, RecordError, RecordLoading } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useAdminCategories } from '../features/categories/api/categories.ts';
import { useCustomerGroups, useDeletePriceList, usePriceList } from '../features/wholesale/api/wholesale.ts';
import { PriceListEditor } from '../features/wholesale/components/price-list-editor.tsx';
import { useCan } from '../lib/use-can.ts';

const back = <BackLink to="/price-lists">Back to Price lists</BackLink>;

/** /admin/price-lists/new and /admin/price-lists/:priceListId: a price list's prices and tiers. */
export function PriceListRoute() {
  const { priceListId } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const list = usePriceList(priceListId ?? null);
  const groups = useCustomerGroups();
  const categories = useAdminCategories();
  const remove = useDeletePriceList();

  if ((priceListId && list.isPending) || groups.isPending)
    return <RecordLoading back={back} bodyClassName="h-64 w-full" />;
  if (list.isError) return <RecordError back={back} noun="price list" error={list.error} />;
  if (groups.isError) return <RecordError back={back} noun="customer groups" error={groups.error} />;
  const current = priceListId ? (list.data ?? null) : null;
  return (
    <>
      <title>{`${current?.name ?? 'New price list'} | Cartwheel Admin`}</title>
      <div className="flex flex-col gap-2">
        {back}
        <PageHeader title={current?.name ?? 'New price list'}>
          {current && can('wholesale.manage') ? (
            <Button
              variant="outline"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(current.id, {
                  onSuccess: () => {
                    toast.success('Price list deleted');
                    navigate('/price-lists');
                  },
                  onError: (error) =>
                    toast.error(`Failed to delete the price list: ${getErrorMessage(error)}`),
                })
              }
            >
              Delete
            </Button>
          ) : null}
        </PageHeader>
      </div>
      <PriceListEditor
        key={current?.id ?? 'new'}
        list={current}
        groups={groups.data.items}
        categories={categories.data?.items ?? []}
        baseCurrency={groups.data.base_currency}
        onSaved={(saved) => navigate(`/price-lists/${saved.id}`, { replace: true })}
      />
    </>
  );
}
