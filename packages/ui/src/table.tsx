import * as React from 'react';
import { cn } from './lib/utils.ts';

/** Whether a sideways scroller has content hidden past its start and past its end. */
function useHiddenEdges(ref: React.RefObject<HTMLDivElement | null>) {
  const [edges, setEdges] = React.useState({ start: false, end: false });
  React.useEffect(() => {
    const scroller = ref.current;
    if (!scroller) return;
    const update = () => {
      const start = scroller.scrollLeft > 1;
      const end = scroller.scrollLeft < scroller.scrollWidth - scroller.clientWidth - 1;
      setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
    };
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    // The table grows with its rows and the card shrinks with the window: both change what is hidden.
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    if (scroller.firstElementChild) observer.observe(scroller.firstElementChild);
    return () => {
      scroller.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref]);
  return edges;
}

const fade = 'pointer-events-none absolute inset-y-0 z-20 hidden w-6 from-card to-transparent';

/**
 * A table that scrolls sideways inside its card when it is wider than the card, with a fade at the
 * side that hides columns. `pinEnd` keeps the last column (a row's actions, a line's total) in view
 * at the right edge, with a shadow instead of the fade while columns are hidden under it.
 */
export function Table({
  className,
  pinEnd = false,
  ...props
}: React.ComponentProps<'table'> & { pinEnd?: boolean }) {
  const scroller = React.useRef<HTMLDivElement>(null);
  const edges = useHiddenEdges(scroller);
  return (
    <div
      data-slot="table-scroll"
      data-more-start={edges.start || undefined}
      data-more-end={edges.end || undefined}
      className="group/table relative w-full"
    >
      <div ref={scroller} data-slot="table-container" className="relative w-full overflow-x-auto">
        <table
          data-slot="table"
          className={cn(
            'w-full caption-bottom text-sm',
            pinEnd &&
              '[&_tr>:last-child:not([colspan])]:sticky [&_tr>:last-child:not([colspan])]:right-0 [&_tr>:last-child:not([colspan])]:z-10 [&_tr>:last-child:not([colspan])]:bg-card [&_tr:hover>:last-child:not([colspan])]:bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))] group-data-[more-end]/table:[&_tr>:last-child:not([colspan])]:shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.35)]',
            className,
          )}
          {...props}
        />
      </div>
      <span
        aria-hidden="true"
        className={cn(fade, 'left-0 bg-linear-to-r group-data-[more-start]/table:block')}
      />
      {pinEnd ? null : (
        <span
          aria-hidden="true"
          className={cn(fade, 'right-0 bg-linear-to-l group-data-[more-end]/table:block')}
        />
      )}
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableFooter({ className, ...props }: React.ComponentProps<'tfoot'>) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn('border-t bg-muted/50 font-medium [&>tr]:last:border-b-0', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'h-10 whitespace-nowrap px-2 text-left align-middle font-medium text-foreground [&:has([role=checkbox])]:pr-0',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return (
    <td
      data-slot="table-cell"
      className={cn('whitespace-nowrap p-2 align-middle [&:has([role=checkbox])]:pr-0', className)}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-4 text-muted-foreground text-sm', className)}
      {...props}
    />
  );
}
