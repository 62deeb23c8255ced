import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A neutral bordered panel for a page that has nothing to show yet. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Icon aria-hidden="true" className="size-6 text-muted-foreground" />
      </span>
      <h2 className="font-semibold text-lg">{title}</h2>
      {children ? <p className="max-w-md text-muted-foreground text-sm">{children}</p> : null}
    </div>
  );
}
