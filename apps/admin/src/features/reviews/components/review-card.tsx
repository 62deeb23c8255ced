import type { AdminReview } from '@cartwheel/shared/contracts/reviews';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent } from '@cartwheel/ui/card';
import { Label } from '@cartwheel/ui/label';
import { Textarea } from '@cartwheel/ui/textarea';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useModeratePhoto, useModerateReview } from '../api/reviews.ts';

const stars = (rating: number) =>
  [1, 2, 3, 4, 5].map((n) => (
    <Star
      key={n}
      aria-hidden="true"
      className={`size-4 text-amber-500 ${n <= rating ? 'fill-amber-500' : 'fill-transparent'}`}
    />
  ));

/**
 * A review's photos, each opening at full size, with its own Hide/Show: a hidden photo stays here
 * for staff but leaves the product page.
 */
function ReviewPhotos({ review }: { review: AdminReview }) {
  const moderate = useModeratePhoto();
  const toggle = async (photoId: string, hidden: boolean) => {
    try {
      await moderate.mutateAsync({ reviewId: review.id, photoId, hidden });
      toast.success(hidden ? 'Photo hidden' : 'Photo shown');
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };
  return (
    <ul className="flex flex-wrap gap-3" aria-label="Photos">
      {review.photos.map((photo, index) => (
        <li key={photo.id} className="flex flex-col items-start gap-1">
          <a href={photo.url} target="_blank" rel="noreferrer">
            <img
              src={photo.url}
              alt={`From ${review.author_name} (${index + 1} of ${review.photos.length})`}
              width={96}
              height={96}
              className={`size-24 rounded-md border object-cover ${photo.hidden ? 'opacity-40' : ''}`}
            />
          </a>
          <Button
            size="sm"
            variant="outline"
            disabled={moderate.isPending}
            onClick={() => toggle(photo.id, !photo.hidden)}
          >
            {photo.hidden ? 'Show photo' : 'Hide photo'}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * One review in the moderation queue: who wrote it (email and whether they bought it), its text as
 * text, its photos, and the actions: publish, hide, and the shop's public reply.
 */
export function ReviewCard({ review }: { review: AdminReview }) {
  const moderate = useModerateReview();
  const [reply, setReply] = useState(review.reply ?? '');
  const id = useId();

  const act = async (change: Parameters<typeof moderate.mutateAsync>[0]['change'], done: string) => {
    try {
      await moderate.mutateAsync({ id: review.id, change });
      toast.success(done);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };

  return (
    <Card data-testid="review-card">
      <CardContent className="flex flex-col gap-3 py-4">
        <div className="flex flex-wrap items-center gap-2">
          <span role="img" aria-label={`${review.rating} out of 5 stars`} className="flex">
            {stars(review.rating)}
          </span>
          <h3 className="font-semibold">{review.title}</h3>
          {review.verified ? (
            <Badge variant="secondary">Verified buyer</Badge>
          ) : (
            <Badge variant="outline">Not a buyer</Badge>
          )}
        </div>
        <p className="text-muted-foreground text-sm">
          {review.author_name} ({review.email}) on{' '}
          <a
            className="inline-block underline"
            href={`/product/${encodeURIComponent(review.product.slug)}`}
            target="_blank"
            rel="noreferrer"
          >
            {review.product.name}
          </a>{' '}
          · {new Date(review.created_at).toLocaleDateString()}
        </p>
        <p className="whitespace-pre-line">{review.body}</p>
        {review.photos.length ? <ReviewPhotos review={review} /> : null}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-reply`}>Public reply</Label>
          <Textarea
            id={`${id}-reply`}
            rows={2}
            value={reply}
            maxLength={2000}
            onChange={(event) => setReply(event.target.value)}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {review.status !== 'published' ? (
            <Button
              size="sm"
              disabled={moderate.isPending}
              onClick={() => act({ status: 'published' }, 'Review published')}
            >
              Approve
            </Button>
          ) : null}
          {review.status !== 'hidden' ? (
            <Button
              size="sm"
              variant="outline"
              disabled={moderate.isPending}
              onClick={() => act({ status: 'hidden' }, 'Review hidden')}
            >
              Hide
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            disabled={moderate.isPending || reply === (review.reply ?? '')}
            onClick={() => act({ reply }, reply.trim() ? 'Reply saved' : 'Reply removed')}
          >
            Save reply
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
