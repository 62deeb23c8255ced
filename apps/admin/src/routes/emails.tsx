import { getErrorMessage } from '@cartwheel/shared/errors';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { OUTBOX_PAGE_SIZE, useOutbox } from '../features/outbox/api/get-outbox.ts';
import { OutboxTable } from '../features/outbox/components/outbox-table.tsx';

/** /admin/emails (admins): every email the shop sent, as stored by the outbox mailer. */
export function EmailsRoute() {
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page);
  const pages = outbox.data ? Math.max(1, Math.ceil(outbox.data.total / OUTBOX_PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeader title="Mail outbox">
        <Button variant="outline" onClick={() => outbox.refetch()} disabled={outbox.isFetching}>
          {outbox.isFetching ? 'Refreshing...' : 'Refresh'}
        </Button>
      </PageHeader>
      {outbox.isPending ? (
        <LoadingBlocks />
      ) : outbox.isError ? (
        <p role="alert" className="text-destructive">
          Error loading emails: {getErrorMessage(outbox.error)}
        </p>
      ) : outbox.data.items.length === 0 ? (
        <EmptyState icon={Mail} title="No emails yet">
          Password resets and order emails the shop sends will show up here.
        </EmptyState>
      ) : (
        <>
          <div className="rounded-xl border">
            <OutboxTable emails={outbox.data.items} />
          </div>
          <div className="flex items-center justify-end gap-2 text-sm">
            <span className="text-muted-foreground">
              Page {page} of {pages} · {plural(outbox.data.total, 'email')}
            </span>
            <Button variant="outline" size="sm" onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setPage((p) => p + 1)}
              disabled={page >= pages}
            >
              Next
            </Button>
          </div>
        </>
      )}
    </>
  );
}
