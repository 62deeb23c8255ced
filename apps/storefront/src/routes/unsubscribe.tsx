import { Button } from '@cartwheel/ui/button';
import { Card, CardContent } from '@cartwheel/ui/card';
import { MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useUnsubscribe } from '../features/marketing/api/unsubscribe.ts';
import { useT } from '../i18n/i18n.tsx';

/**
 * /unsubscribe?token=: the link in every marketing email. Opening it unsubscribes (one click) and says
 * so; the token is signed, so it can only unsubscribe the address it was made for.
 */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { mutate, data, error, isError } = useUnsubscribe();
  const sent = useRef(false);
  const t = useT();

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12">
      <meta name="robots" content="noindex" />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <MailX aria-hidden="true" className="size-12 text-muted-foreground" />
          {!token || isError ? (
            <>
              <h1 className="font-semibold text-xl">{t('unsubscribe.invalidTitle')}</h1>
              <p className="text-muted-foreground">
                {t('unsubscribe.invalid', { message: error?.message ?? t('unsubscribe.invalidReason') })}
              </p>
            </>
          ) : data ? (
            <>
              <h1 className="font-semibold text-xl">{t('unsubscribe.doneTitle')}</h1>
              <p className="text-muted-foreground">{t('unsubscribe.done', { email: data.email })}</p>
            </>
          ) : (
            <p className="text-muted-foreground">{t('unsubscribe.working')}</p>
          )}
          <Button asChild variant="outline">
            <Link to="/">{t('checkout.continueShopping')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
