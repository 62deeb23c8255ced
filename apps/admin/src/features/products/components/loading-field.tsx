import { Skeleton } from '@cartwheel/ui/skeleton';

/**
 * A field whose choices are still loading: its label over a grey block the size of the control. The
 * control itself would show a wrong value meanwhile ("No brand" for a product that has one, a chosen
 * category as "Hidden category"), and a choice made in it could be lost when the list arrives.
 */
export function LoadingField({
  label,
  status,
  testId,
}: {
  /** The field's label, when the field's own label is not already shown above. */
  label?: string;
  status: string;
  testId: string;
}) {
  return (
    <div aria-busy="true" className="grid gap-2" data-testid={testId}>
      {label ? <span className="font-medium text-sm leading-none">{label}</span> : null}
      <Skeleton className="h-9 w-full" />
      <span className="sr-only" role="status">
        {status}
      </span>
    </div>
  );
}
