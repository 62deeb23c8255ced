import { Button } from '@cartwheel/ui/button';
import { Card, CardContent } from '@cartwheel/ui/card';
import { MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useUnsubscribe } from '../features/marketing/api/unsubscribe.ts';

/**
 * /unsubscribe?token=: the link in every marketing email. Opening it unsubscribes (one click) and says
 * so; the token is signed, so it can only unsubscribe the address it was made for.
 */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { mutate, data, error, isError } = useUnsubscribe();
  const sent = useRef(false);

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
              <h1 className="font-semibold text-xl">Unsubscribe link not valid</h1>
              <p className="text-muted-foreground">
                {error?.message ?? 'This unsubscribe link is invalid'}. Use the link in the email as it came.
              </p>
            </>
          ) : data ? (
            <>
              <h1 className="font-semibold text-xl">You are unsubscribed</h1>
              <p className="text-muted-foreground">
                {data.email} will get no more news or offers from us. Order and account emails still arrive.
              </p>
            </>
          ) : (
            <p className="text-muted-foreground">Unsubscribing...</p>
          )}
          <Button asChild variant="outline">
            <Link to="/">Continue Shopping</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
