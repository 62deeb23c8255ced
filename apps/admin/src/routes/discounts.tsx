import { DISCOUNT_STATUSES, type DiscountStatus } from '@cartwheel/shared/contracts/discounts';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { BadgePercent, Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useDiscounts } from '../features/discounts/api/discounts.ts';
import { DiscountTable } from '../features/discounts/components/discount-table.tsx';
import { STATUS_LABELS } from '../features/discounts/discount-draft.ts';

const isStatus = (value: string | null): value is DiscountStatus =>
  (DISCOUNT_STATUSES as readonly string[]).includes(value ?? '');

/** /admin/discounts (managers and admins): codes and automatic discounts, searched and filtered in the URL. */
export function DiscountsRoute() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : 'all';
  const discounts = useDiscounts(q, status);
  const setParam = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value && value !== 'all') next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const createButton = (
    <Button asChild>
      <Link to="/discounts/new">
        <Plus aria-hidden="true" />
        Create discount
      </Link>
    </Button>
  );
  const filtered = q !== '' || status !== 'all';

  return (
    <>
      <title>Discounts | Cartwheel Admin</title>
      <PageHeader title="Discounts">{createButton}</PageHeader>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          type="search"
          aria-label="Search discounts"
          placeholder="Search by title or code"
          value={q}
          onChange={(e) => setParam('q', e.target.value)}
          className="sm:max-w-xs"
        />
        <NativeSelect
          aria-label="Status"
          value={status}
          onChange={(e) => setParam('status', e.target.value)}
          className="sm:w-44"
        >
          <option value="all">All statuses</option>
          {DISCOUNT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {discounts.isPending ? (
        <LoadingBlocks blockClassName="h-16 w-full" />
      ) : discounts.isError ? (
        <LoadError title="Error loading the discounts" error={discounts.error} />
      ) : discounts.data.items.length === 0 ? (
        <EmptyState icon={BadgePercent} title={filtered ? 'No discounts found' : 'No discounts yet'}>
          {filtered
            ? 'No discount matches this search.'
            : 'Create a code for shoppers to enter at checkout, or an automatic discount for every cart that qualifies.'}
        </EmptyState>
      ) : (
        <DiscountTable discounts={discounts.data.items} />
      )}
    </>
  );
}
