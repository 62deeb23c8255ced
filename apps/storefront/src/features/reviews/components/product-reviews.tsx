import type { ReviewSort, ProductReviews as Reviews } from '@cartwheel/shared/contracts/reviews';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { BadgeCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { useProductReviews } from '../api/get-product-reviews.ts';
import { Stars } from './stars.tsx';
import { WriteReview } from './write-review.tsx';

type Translate = ReturnType<typeof useT>;

// Written out here: the contract's list would bring the schema library into the product page's chunk.
const SORTS: readonly ReviewSort[] = ['newest', 'highest', 'lowest'];

const sortLabel = (t: Translate, sort: ReviewSort) =>
  sort === 'highest'
    ? t('reviews.sort.highest')
    : sort === 'lowest'
      ? t('reviews.sort.lowest')
      : t('reviews.sort.newest');

/**
 * The product page's reviews: the average, the count and the stars' histogram, then the published
 * reviews (their text rendered as text) with sorting and paging. The server renders the first page.
 */
export function ProductReviews({
  slug,
  productName,
  shopName,
}: {
  slug: string;
  productName: string;
  shopName: string;
}) {
  const t = useT();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const { data } = useProductReviews(slug, sort, page);
  const sortId = useId();
  if (!data) return null;
  const { summary } = data;

  return (
    <section aria-labelledby="reviews-heading" className="mt-12 border-t pt-8" data-testid="product-reviews">
      <h2 id="reviews-heading" className="font-bold text-xl tracking-tight">
        {t('reviews.title')}
      </h2>
      <div className="mt-3 flex flex-col gap-3">
        {summary.count === 0 ? <p className="text-muted-foreground">{t('reviews.none')}</p> : null}
        <WriteReview slug={slug} productName={productName} />
      </div>
      {summary.count === 0 || summary.average === null ? null : (
        <div className="mt-4 grid gap-8 md:grid-cols-[16rem_1fr]">
          <Summary summary={summary} t={t} />
          <div className="flex min-w-0 flex-col gap-4">
            <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
              <label htmlFor={sortId} className="font-medium text-sm">
                {t('reviews.sort')}
              </label>
              <NativeSelect
                id={sortId}
                value={sort}
                onChange={(event) => {
                  setSort(event.target.value as ReviewSort);
                  setPage(1);
                }}
                className="w-full sm:w-48"
              >
                {SORTS.map((option) => (
                  <option key={option} value={option}>
                    {sortLabel(t, option)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <ol className="flex flex-col divide-y">
              {data.items.map((review) => (
                <ReviewItem key={review.id} review={review} shopName={shopName} t={t} />
              ))}
            </ol>
            {data.pages > 1 ? (
              <nav aria-label={t('reviews.pages')} className="flex items-center gap-3">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('reviews.previous')}
                </Button>
                <span className="text-muted-foreground text-sm">
                  {t('reviews.pageOf', { page: data.page, pages: data.pages })}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= data.pages}
                  onClick={() => setPage(page + 1)}
                >
                  {t('reviews.next')}
                </Button>
              </nav>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}

function Summary({ summary, t }: { summary: Reviews['summary']; t: Translate }) {
  const average = summary.average ?? 0;
  const formatted = t.number(average, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return (
    <div className="flex flex-col gap-3" data-testid="review-summary">
      <div className="flex items-center gap-3">
        <span className="font-bold text-4xl">{formatted}</span>
        <div className="flex flex-col gap-1">
          <Stars rating={average} label={t('reviews.average', { average: formatted })} />
          <span className="text-muted-foreground text-sm">
            {t('reviews.count', { count: summary.count })}
          </span>
        </div>
      </div>
      <ul className="flex flex-col gap-1.5" aria-label={t('reviews.histogram')}>
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = summary.histogram[stars - 1] ?? 0;
          const share = summary.count ? Math.round((count / summary.count) * 100) : 0;
          return (
            <li key={stars} className="grid grid-cols-[4rem_1fr_2.5rem] items-center gap-2 text-sm">
              <span className="sr-only">{t('reviews.histogramRow', { stars, count })}</span>
              <span aria-hidden="true">{t('reviews.stars', { count: stars })}</span>
              <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
                <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
              </span>
              <span aria-hidden="true" className="text-right text-muted-foreground tabular-nums">
                {count}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewItem({
  review,
  shopName,
  t,
}: {
  review: Reviews['items'][number];
  shopName: string;
  t: Translate;
}) {
  return (
    <li className="flex flex-col gap-2 py-5 first:pt-0" data-testid="review">
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} label={t('reviews.rated', { rating: review.rating })} />
        <h3 className="font-semibold">{review.title}</h3>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
        <span>{review.author_name}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={review.published_at}>{t.date(review.published_at)}</time>
        {review.verified ? (
          <Badge variant="secondary" className="gap-1">
            <BadgeCheck aria-hidden="true" className="size-3.5" />
            {t('reviews.verified')}
          </Badge>
        ) : null}
      </p>
      <p className="whitespace-pre-line leading-relaxed">{review.body}</p>
      {review.photos.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('reviews.photos')} data-testid="review-photos">
          {review.photos.map((photo, index) => (
            <li key={photo.id}>
              {/* The thumbnail opens the photo at its stored size (at most 1600 px). */}
              <a
                href={photo.url}
                target="_blank"
                rel="noopener"
                className="block rounded-md focus-visible:ring-2"
              >
                <img
                  src={photo.url}
                  alt={t('reviews.photoAlt', {
                    number: index + 1,
                    count: review.photos.length,
                    name: review.author_name,
                  })}
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  className="size-20 rounded-md border object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div
          className="mt-1 rounded-md border-l-4 border-primary/40 bg-muted/50 px-4 py-3 text-sm"
          data-testid="review-reply"
        >
          <p className="font-medium">{t('reviews.reply', { shop: shopName })}</p>
          <p className="mt-1 whitespace-pre-line text-muted-foreground">{review.reply}</p>
        </div>
      ) : null}
    </li>
  );
}
