import { REVIEW_STATUSES, type ReviewStatus } from '@cartwheel/shared/contracts/reviews';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { MessageSquare } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { Pager } from '../components/pager.tsx';
import { REVIEWS_PAGE_SIZE, useReviewSettings, useReviews } from '../features/reviews/api/reviews.ts';
import { ReviewCard } from '../features/reviews/components/review-card.tsx';
import { ReviewSettingsForm } from '../features/reviews/components/review-settings-form.tsx';
import { useCan } from '../lib/use-can.ts';

const LABELS: Record<ReviewStatus, string> = { pending: 'Pending', published: 'Published', hidden: 'Hidden' };

/** /admin/reviews (reviews.moderate): the moderation queue by status; admins also see the settings. */
export function ReviewsRoute() {
  const [params, setParams] = useSearchParams();
  const status = (REVIEW_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as ReviewStatus)
    : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const reviews = useReviews(status, page);
  const can = useCan();
  const settings = useReviewSettings();
  const go = (next: { status?: ReviewStatus; page?: number }) =>
    setParams({ status: next.status ?? status, page: String(next.page ?? 1) }, { replace: true });

  return (
    <>
      <PageHeader title="Reviews" />
      <nav className="flex flex-wrap gap-2" aria-label="Show reviews">
        {REVIEW_STATUSES.map((option) => (
          <Button
            key={option}
            size="sm"
            variant={option === status ? 'default' : 'outline'}
            aria-pressed={option === status}
            onClick={() => go({ status: option })}
          >
            {LABELS[option]}
            {reviews.data ? ` (${reviews.data.counts[option]})` : ''}
          </Button>
        ))}
      </nav>
      {reviews.isPending ? (
        <LoadingBlocks blockClassName="h-32 w-full" />
      ) : reviews.isError ? (
        <LoadError title="Error loading the reviews" error={reviews.error} />
      ) : reviews.data.items.length === 0 ? (
        <EmptyState icon={MessageSquare} title={`No ${LABELS[status].toLowerCase()} reviews`}>
          {status === 'pending'
            ? 'New reviews wait here until you approve or hide them.'
            : 'Nothing here yet.'}
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-3">
          {reviews.data.items.map((review) => (
            <ReviewCard key={`${review.id}-${review.status}`} review={review} />
          ))}
          <Pager
            page={page}
            pageSize={REVIEWS_PAGE_SIZE}
            total={reviews.data.total}
            noun="review"
            onPage={(next) => go({ page: next })}
          />
        </div>
      )}
      {can('settings.manage') && settings.data ? (
        <Card>
          <CardHeader>
            <CardTitle>Settings</CardTitle>
            <CardDescription>Who may review, and the email that asks buyers for a review.</CardDescription>
          </CardHeader>
          <CardContent>
            <ReviewSettingsForm settings={settings.data} />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
