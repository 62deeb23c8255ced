import { TEST_PAYMENTS_NOTICE } from '@cartwheel/shared/constants';
import type { ComponentProps } from 'react';
import { cn } from './lib/utils.ts';

/**
 * The bar at the top of every page while the shop's payments are simulated (the local provider):
 * dark text on light amber, well above WCAG AA in both front ends' themes.
 */
export function TestPaymentsBanner({ className, children, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="status"
      data-testid="test-payments-banner"
      className={cn(
        'border-amber-300 border-b bg-amber-100 px-4 py-2 text-center font-medium text-amber-950 text-sm',
        className,
      )}
      {...props}
    >
      {children ?? TEST_PAYMENTS_NOTICE}
    </div>
  );
}
