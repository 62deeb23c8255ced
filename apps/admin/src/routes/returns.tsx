import { RETURN_STATUSES, type ReturnStatus } from '@cartwheel/shared/contracts/returns';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { Undo2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useReturnSettings, useReturns } from '../features/returns/api/returns.ts';
import { ReturnSettingsCard } from '../features/returns/components/return-settings-card.tsx';
import { ReturnTable, STATUS_LABELS } from '../features/returns/components/return-table.tsx';
import { useCan } from '../lib/use-can.ts';

const isStatus = (value: string): value is ReturnStatus =>
  (RETURN_STATUSES as readonly string[]).includes(value);

/** /admin/returns: the returns shoppers asked for, filtered by status; admins set the window and address. */
export function ReturnsRoute() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? '';
  const status = isStatus(raw) ? raw : '';
  const list = useReturns(status);
  const can = useCan();
  const settings = useReturnSettings(can('settings.manage'));

  return (
    <>
      <PageHeader title="Returns" />
      <NativeSelect
        aria-label="Filter by status"
        value={status}
        onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {}, { replace: true })}
      >
        <option value="">All statuses</option>
        {RETURN_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
      {list.isPending ? (
        <LoadingBlocks blockClassName="h-12 w-full" />
      ) : list.isError ? (
        <LoadError title="Error loading the returns" error={list.error} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={Undo2} title={status ? 'No returns with this status' : 'No returns yet'}>
          Shoppers ask for returns from their order page; they appear here for review.
        </EmptyState>
      ) : (
        <ReturnTable items={list.data.items} />
      )}
      {settings.data ? <ReturnSettingsCard settings={settings.data} /> : null}
    </>
  );
}
