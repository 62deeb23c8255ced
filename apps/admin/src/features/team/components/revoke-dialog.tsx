import type { TeamMember } from '@cartwheel/shared/contracts/accounts';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@cartwheel/ui/dialog';
import { toast } from 'sonner';
import { useRevokeRole } from '../api/revoke-role.ts';

/** Confirms taking a member's staff role away; the server refuses for the last admin (shown as a toast). */
export function RevokeDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const revoke = useRevokeRole();
  const onConfirm = async () => {
    if (!member) return;
    try {
      await revoke.mutateAsync(member.user_id);
      toast.success(`${member.email} no longer has back-office access`);
      onClose();
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Revoke access?</DialogTitle>
          <DialogDescription>
            {member?.email} will lose access to the back office and become a customer. You can grant a role
            again later.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={revoke.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={revoke.isPending}>
            {revoke.isPending ? 'Revoking...' : 'Revoke access'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
