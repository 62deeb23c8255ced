import { Button } from '@cartwheel/ui/button';
import { Link } from 'react-router';
import type { RouteHandle } from '../app/prefetch.ts';
import { PageTitle } from '../components/page-title.tsx';
import { useT } from '../i18n/i18n.tsx';

/** The server answers an address no page has with a 404. */
export const handle: RouteHandle = { status: 404 };

export function NotFoundRoute() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <PageTitle page={t('notFound.title')} />
      <p className="font-bold text-6xl text-muted-foreground tracking-tight" aria-hidden="true">
        404
      </p>
      <h1 className="font-semibold text-2xl">{t('notFound.heading')}</h1>
      <Button asChild>
        <Link to="/">{t('notFound.home')}</Link>
      </Button>
    </div>
  );
}
