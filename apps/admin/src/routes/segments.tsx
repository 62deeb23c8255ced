import type { Segment } from '@cartwheel/shared/contracts/campaigns';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Plus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useSegments } from '../features/campaigns/api/segments.ts';
import { SegmentForm, segmentCounts } from '../features/campaigns/components/segment-form.tsx';
import { useBaseCurrency } from '../lib/base-currency.ts';

/** /admin/segments (campaigns.manage): saved customer filters, and the editor with its live count. */
export function SegmentsRoute() {
  const segments = useSegments();
  const currency = useBaseCurrency();
  // null: the editor is closed; 'new' or a segment's id: that one is being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const current: Segment | null = segments.data?.items.find((s) => s.id === editing) ?? null;

  return (
    <>
      <PageHeader title="Segments">
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          New segment
        </Button>
      </PageHeader>
      {editing ? (
        <Card>
          <CardHeader>
            <CardTitle>{current ? `Edit ${current.name}` : 'New segment'}</CardTitle>
          </CardHeader>
          <CardContent>
            <SegmentForm
              key={editing}
              segment={current}
              currency={currency}
              onSaved={(saved) => setEditing(saved.id)}
            />
          </CardContent>
        </Card>
      ) : null}
      {segments.isPending ? (
        <LoadingBlocks blockClassName="h-12 w-full" />
      ) : segments.isError ? (
        <LoadError title="Error loading the segments" error={segments.error} />
      ) : segments.data.items.length === 0 ? (
        <EmptyState icon={UsersRound} title="No segments yet">
          A segment selects customers by what they bought and spent, where they live and their tags.
        </EmptyState>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border" aria-label="Segments">
          {segments.data.items.map((segment) => (
            <li key={segment.id} className="flex items-center justify-between gap-4 p-3">
              <div>
                <p className="font-medium">{segment.name}</p>
                <p className="text-sm text-muted-foreground">{segmentCounts(segment)}</p>
              </div>
              <Button variant="outline" size="sm" onClick={() => setEditing(segment.id)}>
                Edit
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
