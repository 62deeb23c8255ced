import { Button } from '@cartwheel/ui/button';
import { Card, CardContent } from '@cartwheel/ui/card';
import { MessageSquareHeart } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../components/page-title.tsx';
import { useReviewInvitation, useSubmitLinkReview } from '../features/reviews/api/review-link.ts';
import { ReviewForm } from '../features/reviews/components/review-form.tsx';
import { useT } from '../i18n/i18n.tsx';

/**
 * /review/:token: the link in a review request email. It opens the review form for one product the
 * buyer received, without signing in; the token is signed and names the order, which the server
 * checks again on submit. Its own chunk: the product page never loads the form.
 */
export function ReviewRoute() {
  const { token = '' } = useParams();
  const t = useT();
  const invitation = useReviewInvitation(token);
  const submit = useSubmitLinkReview(token);
  const product = invitation.data?.product;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <meta name="robots" content="noindex" />
      <PageTitle page={t('reviewForm.pageTitle')} />
      <Card>
        <CardContent className="flex flex-col gap-6 py-8">
          {invitation.isPending ? (
            <p className="text-muted-foreground">{t('reviewForm.loading')}</p>
          ) : invitation.isError || !invitation.data || !product ? (
            <div className="flex flex-col items-start gap-3">
              <h1 className="font-semibold text-xl">{t('reviewForm.invalidTitle')}</h1>
              <p className="text-muted-foreground">{t('reviewForm.invalid')}</p>
              <Button asChild variant="outline">
                <Link to="/products">{t('reviewForm.browse')}</Link>
              </Button>
            </div>
          ) : submit.isSuccess || invitation.data.already_reviewed ? (
            <div className="flex flex-col items-start gap-3">
              <MessageSquareHeart aria-hidden="true" className="size-10 text-muted-foreground" />
              <h1 className="font-semibold text-xl">{t('reviewForm.thanksTitle')}</h1>
              <p className="text-muted-foreground">
                {submit.isSuccess ? t('reviewForm.thanks') : t('reviewForm.already')}
                {submit.data?.photosFailed
                  ? ` ${t('reviewForm.photosFailed', { count: submit.data.photosFailed })}`
                  : null}
              </p>
              <Button asChild variant="outline">
                <Link to={`/product/${encodeURIComponent(product.slug)}`}>{t('reviewForm.viewProduct')}</Link>
              </Button>
            </div>
          ) : (
            <>
              <div className="flex items-center gap-4">
                {product.image_url ? (
                  <img src={product.image_url} alt="" className="size-16 rounded-md border object-cover" />
                ) : null}
                <h1 className="font-semibold text-xl">{t('reviewForm.title', { product: product.name })}</h1>
              </div>
              <ReviewForm
                productName={product.name}
                defaultName={invitation.data.author_name}
                pending={submit.isPending}
                onSubmit={(submission) => submit.mutateAsync(submission)}
              />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
