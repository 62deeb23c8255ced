import { Button } from '@cartwheel/ui/button';
import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';

/** A small icon button in a row of a list or table; `label` is its name for screen readers. */
export function RowIconButton({
  icon: Icon,
  label,
  variant = 'ghost',
  ...props
}: { icon: LucideIcon; label: string } & React.ComponentProps<typeof Button>) {
  return (
    <Button variant={variant} size="icon" className="size-8" {...props}>
      <Icon aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </Button>
  );
}
