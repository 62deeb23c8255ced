import { authErrorMessage } from '@cartwheel/auth/api/auth-error';
import { useSignOut } from '@cartwheel/auth/api/sign-out';
import { Button } from '@cartwheel/ui/button';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

/** Sign out, then the back office's sign-in page. */
export function useSignOutAndLeave() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const run = async () => {
    try {
      await signOut.mutateAsync();
      toast.success('Signed out successfully!');
      navigate('/auth', { replace: true });
    } catch (error) {
      toast.error(authErrorMessage(error));
    }
  };
  return { signOut: run, isPending: signOut.isPending };
}

export function SignOutButton() {
  const { signOut, isPending } = useSignOutAndLeave();
  return (
    <Button variant="ghost" onClick={signOut} disabled={isPending}>
      {isPending ? 'Signing out...' : 'Sign out'}
    </Button>
  );
}
