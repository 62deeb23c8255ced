import type { ReactNode } from 'react';

/** A page's heading (and the document title), with optional actions on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <title>{`${title} | Cartwheel Admin`}</title>
      <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
