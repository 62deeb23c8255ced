import { getErrorMessage } from '@cartwheel/shared/errors';
import { Label } from '@cartwheel/ui/label';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { Switch } from '@cartwheel/ui/switch';
import { toast } from 'sonner';
import { useSettings } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';

/** The admin setting that makes every staff role set up two-factor before using the back office. */
export function TwoFactorSetting() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const onChange = async (checked: boolean) => {
    try {
      await update.mutateAsync({ require_two_factor_for_staff: checked });
      toast.success(
        checked ? 'Two-factor is now required for staff' : 'Two-factor is now optional for staff',
      );
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor="require-two-factor">Require two-factor for staff</Label>
        <p id="require-two-factor-hint" className="text-muted-foreground text-sm">
          Staff, managers and admins must turn on two-factor authentication before they can use the back
          office.
        </p>
      </div>
      {settings.isPending ? (
        <Skeleton className="h-5 w-8 rounded-full" />
      ) : settings.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {getErrorMessage(settings.error)}
        </p>
      ) : (
        <Switch
          id="require-two-factor"
          aria-describedby="require-two-factor-hint"
          checked={
            update.isPending
              ? Boolean(update.variables?.require_two_factor_for_staff)
              : settings.data.require_two_factor_for_staff
          }
          disabled={update.isPending}
          onCheckedChange={onChange}
        />
      )}
    </div>
  );
}
