import type { TeamMember } from '@cartwheel/shared/contracts/accounts';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { toast } from 'sonner';
import { useResetTwoFactor } from '../api/reset-two-factor.ts';

/** Asks before removing a member's second factor (a lost phone); the audit log records it. */
export function ResetTwoFactorDialog({
  member,
  onClose,
}: {
  member: TeamMember | null;
  onClose: () => void;
}) {
  const reset = useResetTwoFactor();
  const onConfirm = async () => {
    if (!member) return;
    try {
      await reset.mutateAsync(member.user_id);
      toast.success(`Two-factor authentication reset for ${member.email}`);
      onClose();
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };
  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Reset two-factor authentication?"
      description={
        member
          ? `${member.email} will be signed out everywhere and can sign in with their password alone, then set up two-factor again. This is recorded in the audit log.`
          : ''
      }
      confirmLabel="Reset two-factor"
      pendingLabel="Resetting…"
      pending={reset.isPending}
      onConfirm={onConfirm}
    />
  );
}
