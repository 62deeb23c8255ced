import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../../../i18n/i18n.tsx';
import { authPath } from '../../../lib/return-to.ts';
import { useSubmitReview } from '../api/submit-review.ts';

// The form is its own chunk: most visitors read reviews and never write one.
const ReviewForm = lazy(() => import('./review-form.tsx').then((m) => ({ default: m.ReviewForm })));

/**
 * "Write a review" under the product's reviews: signed-in shoppers open the form (the server says
 * whether they may review: buyers, or anyone when the shop allows it); others sign in first.
 */
export function WriteReview({ slug, productName }: { slug: string; productName: string }) {
  const t = useT();
  const { user, profile } = useMe();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const submit = useSubmitReview(slug);

  if (submit.isSuccess) {
    return (
      <p role="status" className="text-muted-foreground">
        {t('reviewForm.thanks')}
        {submit.data.photosFailed
          ? ` ${t('reviewForm.photosFailed', { count: submit.data.photosFailed })}`
          : null}
      </p>
    );
  }
  if (!user) {
    return (
      <Button asChild variant="outline" className="self-start">
        <Link to={authPath(location.pathname)}>{t('reviews.write')}</Link>
      </Button>
    );
  }
  if (!open) {
    return (
      <Button variant="outline" className="self-start" onClick={() => setOpen(true)}>
        {t('reviews.write')}
      </Button>
    );
  }
  return (
    <Suspense fallback={<p className="text-muted-foreground">{t('reviewForm.loading')}</p>}>
      <ReviewForm
        productName={productName}
        defaultName={[profile?.first_name, profile?.last_name?.charAt(0)].filter(Boolean).join(' ')}
        pending={submit.isPending}
        onSubmit={(submission) => submit.mutateAsync(submission)}
      />
    </Suspense>
  );
}
