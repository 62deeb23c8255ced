import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n/i18n.tsx';

/** A breadcrumb: links to the pages above this one, then this page's name (not a link). */
export function Breadcrumb({
  trail,
  current,
  className,
}: {
  trail: Array<{ to: string; label: string }>;
  current: string;
  className?: string;
}) {
  const t = useT();
  return (
    <nav aria-label={t('breadcrumb.label')} className={className}>
      <ol className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-sm">
        {trail.map((crumb) => (
          <Fragment key={crumb.to}>
            <li>
              <Link to={crumb.to} className="hover:text-foreground hover:underline">
                {crumb.label}
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="size-3.5" />
            </li>
          </Fragment>
        ))}
        <li aria-current="page" className="min-w-0 truncate font-medium text-foreground">
          {current}
        </li>
      </ol>
    </nav>
  );
}
