import { useParams } from 'react-router';
import { BackLink, RecordError, RecordLoading } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useDiscount } from '../features/discounts/api/discounts.ts';
import { DiscountForm } from '../features/discounts/components/discount-form.tsx';
import { DiscountStatusBadge } from '../features/discounts/components/discount-table.tsx';
import { describeDiscount, usesText } from '../features/discounts/discount-draft.ts';

/** /admin/discounts/new and /admin/discounts/:discountId (managers and admins): the discount editor. */
export function DiscountEditRoute() {
  const { discountId } = useParams();
  const discount = useDiscount(discountId);
  const back = <BackLink to="/discounts">Back to Discounts</BackLink>;
  if (!discountId) {
    return (
      <>
        <title>Create discount | Cartwheel Admin</title>
        {back}
        <PageHeader title="Create discount" />
        <DiscountForm />
      </>
    );
  }
  if (discount.isPending) return <RecordLoading back={back} bodyClassName="h-96 w-full" />;
  if (discount.isError) return <RecordError back={back} noun="discount" error={discount.error} />;
  const d = discount.data;
  return (
    <>
      <title>{`${d.code ?? d.title} | Cartwheel Admin`}</title>
      {back}
      <PageHeader title={d.code ?? d.title} />
      <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
        <DiscountStatusBadge status={d.status} />
        <span>{describeDiscount(d)}</span>
        <span>· {usesText(d)}</span>
      </div>
      <DiscountForm key={d.id} discount={d} />
    </>
  );
}
