import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { TwoFactorDialog } from './two-factor-dialog.tsx';

/**
 * Shown instead of a back-office page when the API answers 403 two_factor_required: the shop asks
 * staff to use two-factor and this user has not set it up yet.
 */
export function TwoFactorRequired() {
  const { user } = useMe();
  const [open, setOpen] = useState(false);
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-amber-300 bg-amber-50 px-6 py-10 text-center text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <ShieldAlert aria-hidden="true" className="size-8" />
      <h1 className="font-bold text-xl tracking-tight">Two-factor authentication required</h1>
      <p className="text-sm">
        This shop requires staff to sign in with two-factor authentication. Turn it on from the user menu (top
        right), under Two-factor authentication, or right here. Then this page opens.
      </p>
      <Button onClick={() => setOpen(true)}>Set up two-factor authentication</Button>
      <TwoFactorDialog open={open} onOpenChange={setOpen} enabled={Boolean(user?.two_factor_enabled)} />
    </div>
  );
}
