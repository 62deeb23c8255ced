import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { Pager } from '../components/pager.tsx';
import { OUTBOX_PAGE_SIZE, useOutbox } from '../features/outbox/api/get-outbox.ts';
import { OutboxTable } from '../features/outbox/components/outbox-table.tsx';

/** /admin/emails (admins): every email the shop sent, as stored by the outbox mailer. */
export function EmailsRoute() {
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page);

  return (
    <>
      <PageHeader title="Mail outbox">
        <Link to="/emails/templates" className="text-sm underline underline-offset-4">
          Email templates
        </Link>
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
          <Pager
            page={page}
            pageSize={OUTBOX_PAGE_SIZE}
            total={outbox.data.total}
            noun="email"
            onPage={setPage}
          />
        </>
      )}
    </>
  );
}
