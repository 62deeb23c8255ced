import { AUDIT_ACTIONS } from '@cartwheel/shared/contracts/audit';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { ScrollText } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { Pager } from '../components/pager.tsx';
import { AUDIT_PAGE_SIZE, type AuditFilter, useAuditLog } from '../features/audit-log/api/get-audit-log.ts';
import { AuditLogTable } from '../features/audit-log/components/audit-log-table.tsx';

/** The targets' prefixes ("webhook"), offered before the single actions. */
const ACTION_GROUPS = [...new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]!))];

/** The day after an ISO date: the filter's "to" day is included, the API's range is half-open. */
const dayAfter = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

const FIELDS = ['actor', 'action', 'target_type', 'target_id', 'from', 'to'] as const;

/** /admin/audit-log (admins): who did what that matters, filtered and paged in the URL. */
export function AuditLogRoute() {
  const [params, setParams] = useSearchParams();
  const value = (key: string) => params.get(key) ?? '';
  const filter: AuditFilter = {
    actor: value('actor'),
    action: value('action'),
    target_type: value('target_type'),
    target_id: value('target_id'),
    from: value('from'),
    to: value('to') ? dayAfter(value('to')) : '',
  };
  const page = Math.max(1, Number(value('page')) || 1);
  const log = useAuditLog(filter, page);
  const setParam = (key: string, next: string) =>
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (next) updated.set(key, next);
        else updated.delete(key);
        if (key !== 'page') updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  const filtered = FIELDS.some((key) => value(key) !== '');

  return (
    <>
      <title>Audit log | Cartwheel Admin</title>
      <PageHeader title="Audit log" />
      <p className="text-muted-foreground text-sm">
        Changes to the team, API keys, webhooks, refunds, discounts and settings, and exports of orders: who
        made them, when, from where and what changed. Entries cannot be edited or deleted.
      </p>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-actor">Who</Label>
          <Input
            id="audit-actor"
            type="search"
            placeholder="Email or user id"
            value={value('actor')}
            onChange={(e) => setParam('actor', e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <NativeSelect
            id="audit-action"
            value={value('action')}
            onChange={(e) => setParam('action', e.target.value)}
            className="w-full"
          >
            <option value="">All actions</option>
            <optgroup label="Everything about">
              {ACTION_GROUPS.map((group) => (
                <option key={group} value={group}>
                  {group}
                </option>
              ))}
            </optgroup>
            <optgroup label="One action">
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {action}
                </option>
              ))}
            </optgroup>
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-target-type">Target type</Label>
          <Input
            id="audit-target-type"
            placeholder="user, webhook, order..."
            value={value('target_type')}
            onChange={(e) => setParam('target_type', e.target.value.trim())}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-target-id">Target id</Label>
          <Input
            id="audit-target-id"
            value={value('target_id')}
            onChange={(e) => setParam('target_id', e.target.value.trim())}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            value={value('from')}
            onChange={(e) => setParam('from', e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">To</Label>
          <Input
            id="audit-to"
            type="date"
            value={value('to')}
            onChange={(e) => setParam('to', e.target.value)}
          />
        </div>
      </div>
      {log.isPending ? (
        <LoadingBlocks blockClassName="h-16 w-full" />
      ) : log.isError ? (
        <LoadError title="Error loading the audit log" error={log.error} />
      ) : log.data.items.length === 0 ? (
        <EmptyState icon={ScrollText} title={filtered ? 'No entries found' : 'No entries yet'}>
          {filtered
            ? 'No entry matches this filter.'
            : 'Role changes, API keys, webhooks, refunds, discounts, settings and exports will show up here.'}
        </EmptyState>
      ) : (
        <>
          <div className="rounded-xl border">
            <AuditLogTable entries={log.data.items} />
          </div>
          <Pager
            page={page}
            pageSize={AUDIT_PAGE_SIZE}
            total={log.data.total}
            noun="entry"
            nounPlural="entries"
            onPage={(next) => setParam('page', String(next))}
          />
        </>
      )}
    </>
  );
}
