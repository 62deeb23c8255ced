import {
  REVIEW_BODY_MAX,
  REVIEW_NAME_MAX,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTOS_MAX,
  REVIEW_TITLE_MAX,
  type ReviewInput,
} from '@cartwheel/shared/contracts/reviews';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { cn } from '@cartwheel/ui/lib/utils';
import { Textarea } from '@cartwheel/ui/textarea';
import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { localizeMessage } from '../../../i18n/validation.ts';
import type { ReviewSubmission } from '../api/submit-review.ts';

const PHOTO_MB = REVIEW_PHOTO_MAX_BYTES / (1024 * 1024);

/**
 * The review form: a star rating (five radio buttons drawn as stars), a title, the text, the name
 * shown with it and up to three photos. The server checks everything again; its message shows under
 * the form.
 */
export function ReviewForm({
  productName,
  defaultName,
  pending,
  onSubmit,
}: {
  productName: string;
  defaultName: string;
  pending: boolean;
  onSubmit: (submission: ReviewSubmission) => Promise<unknown>;
}) {
  const t = useT();
  const id = useId();
  const [rating, setRating] = useState(0);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    if (rating < 1) {
      setError(t('reviewForm.chooseRating'));
      return;
    }
    const form = new FormData(event.currentTarget);
    const photos = form
      .getAll('photos')
      .filter((file): file is File => file instanceof File && file.size > 0);
    if (photos.length > REVIEW_PHOTOS_MAX) {
      setError(t('reviewForm.tooManyPhotos', { max: REVIEW_PHOTOS_MAX }));
      return;
    }
    const large = photos.find((file) => file.size > REVIEW_PHOTO_MAX_BYTES);
    if (large) {
      setError(t('reviewForm.photoTooLarge', { name: large.name, size: PHOTO_MB }));
      return;
    }
    const review: ReviewInput = {
      rating,
      title: String(form.get('title') ?? ''),
      body: String(form.get('body') ?? ''),
      author_name: String(form.get('author_name') ?? ''),
    };
    try {
      await onSubmit({ review, photos });
    } catch (failure) {
      setError(localizeMessage(t, getErrorMessage(failure)));
    }
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-label={t('reviewForm.title', { product: productName })}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium text-sm">{t('reviewForm.rating')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded p-0.5 has-focus-visible:ring-2 has-focus-visible:ring-ring"
            >
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="sr-only"
              />
              <span className="sr-only">{t('reviews.stars', { count: n })}</span>
              <Star
                aria-hidden="true"
                className={cn('size-8 text-amber-500', n <= rating ? 'fill-amber-500' : 'fill-transparent')}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-title`}>{t('reviewForm.headline')}</Label>
        <Input id={`${id}-title`} name="title" required maxLength={REVIEW_TITLE_MAX} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-body`}>{t('reviewForm.body')}</Label>
        <Textarea id={`${id}-body`} name="body" required rows={6} maxLength={REVIEW_BODY_MAX} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-name`}>{t('reviewForm.name')}</Label>
        <Input
          id={`${id}-name`}
          name="author_name"
          required
          maxLength={REVIEW_NAME_MAX}
          defaultValue={defaultName}
          autoComplete="name"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-photos`}>{t('reviewForm.photos')}</Label>
        <Input
          id={`${id}-photos`}
          name="photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          aria-describedby={`${id}-photos-hint`}
        />
        <p id={`${id}-photos-hint`} className="text-muted-foreground text-sm">
          {t('reviewForm.photosHint', { max: REVIEW_PHOTOS_MAX, size: PHOTO_MB })}
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={pending} className="self-start">
        {pending ? t('reviewForm.sending') : t('reviewForm.submit')}
      </Button>
    </form>
  );
}
