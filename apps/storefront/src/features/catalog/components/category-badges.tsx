import type { Product } from '@cartwheel/shared/contracts/catalog';
import { Badge } from '@cartwheel/ui/badge';
import { cn } from '@cartwheel/ui/lib/utils';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n.tsx';

interface CategoryBadgesProps {
  categories: Product['categories'];
  /** How many categories to name before collapsing the rest into "+N"; all when omitted. */
  max?: number;
  className?: string;
  /** Each badge links to its category's page (not inside a card, which is a link itself). */
  linked?: boolean;
}

/** Category names as badges; cards show up to 2 and a "+N" badge for the rest; the product page links them. */
export function CategoryBadges({ categories, max, className, linked = false }: CategoryBadgesProps) {
  const t = useT();
  if (categories.length === 0) return null;
  const limit = max ?? categories.length;
  const shown = categories.slice(0, limit);
  const hidden = categories.length - shown.length;
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label={t('search.categories')}>
      {shown.map((category) => (
        <li key={category.id}>
          {linked ? (
            <Badge variant="secondary" asChild>
              <Link to={`/categories/${encodeURIComponent(category.slug)}`} className="hover:underline">
                {category.name}
              </Link>
            </Badge>
          ) : (
            <Badge variant="secondary">{category.name}</Badge>
          )}
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <Badge
            variant="outline"
            title={categories
              .slice(limit)
              .map((c) => c.name)
              .join(', ')}
          >
            <span aria-hidden="true">+{hidden}</span>
            <span className="sr-only">{t('categories.more', { count: hidden })}</span>
          </Badge>
        </li>
      )}
    </ul>
  );
}
