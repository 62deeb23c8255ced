import type { SetupStep } from '@cartwheel/shared/contracts/dashboard';
import type { Permission } from '@cartwheel/shared/permissions';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { cn } from '@cartwheel/ui/lib/utils';
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { useCan } from '../../../lib/use-can.ts';

/** "/admin/products/new" as a path inside the router's /admin basename. */
const inApp = (href: string) => href.replace(/^\/admin(?=\/|$)/, '') || '/';

/** What opening each step's page takes (the router's guard of that page): a role without it sees no link. */
const STEP_PERMISSION: Record<string, Permission> = {
  add_product: 'products.write',
  payment_provider: 'settings.manage',
  mail: 'settings.manage',
  first_order: 'orders.read',
};

/**
 * The store setup checklist from the server, with Complete store setup going to the first open step;
 * a step links to its page only when the member's role may open it.
 */
export function StoreSetup({ steps }: { steps: SetupStep[] }) {
  const can = useCan();
  const linkOf = (step: SetupStep) => {
    const needed = STEP_PERMISSION[step.key];
    return step.href && !step.done && (!needed || can(needed)) ? step.href : null;
  };
  const done = steps.filter((s) => s.done).length;
  const next = steps.find((s) => linkOf(s));
  const blocked = steps.some((s) => !s.done && s.href && !linkOf(s));
  return (
    <Card data-testid="store-setup">
      <CardHeader>
        <CardTitle>Store setup</CardTitle>
        <CardDescription>
          {done} of {plural(steps.length, 'step')} complete
        </CardDescription>
        <div
          className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Store setup progress"
          aria-valuemin={0}
          aria-valuemax={steps.length}
          aria-valuenow={done}
        >
          <div
            className="h-full bg-primary"
            style={{ width: `${(done / Math.max(1, steps.length)) * 100}%` }}
          />
        </div>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {steps.map((step) => {
            const Icon = step.done ? CheckCircle2 : Circle;
            const link = linkOf(step);
            return (
              <li key={step.key} className="flex gap-3" data-done={step.done}>
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'mt-0.5 size-4 shrink-0',
                    step.done ? 'text-success' : 'text-muted-foreground',
                  )}
                />
                <div className="min-w-0 text-sm">
                  <p className={cn('font-medium', step.done && 'text-muted-foreground line-through')}>
                    {link ? (
                      <Link to={inApp(link)} className="hover:underline">
                        {step.label}
                      </Link>
                    ) : (
                      step.label
                    )}
                    <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
                  </p>
                  <p className="text-muted-foreground text-xs">{step.description}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
      <CardFooter>
        {next?.href ? (
          <Button asChild className="w-full sm:w-auto">
            <Link to={inApp(next.href)}>Complete store setup</Link>
          </Button>
        ) : (
          <p className="text-muted-foreground text-sm">
            {done === steps.length
              ? 'Your store is set up.'
              : blocked
                ? 'The remaining steps are for a member who manages the settings.'
                : 'The remaining steps are set in the server configuration.'}
          </p>
        )}
      </CardFooter>
    </Card>
  );
}
