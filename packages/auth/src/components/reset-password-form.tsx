import { Button } from '@cartwheel/ui/button';
import { Form } from '@cartwheel/ui/form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { authErrorMessage } from '../api/auth-error.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { FormAlert, NewPasswordFields } from './auth-fields.tsx';
import { type ResetPasswordValues, resetPasswordSchema } from './auth-schemas.ts';

/** The page the emailed reset link opens: a new password, twice; the server then signs the user in. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const pending = resetPassword.isPending;

  const onSubmit = form.handleSubmit(async ({ password: newPassword }) => {
    setFailure(null);
    try {
      await resetPassword.mutateAsync({ token, newPassword });
      toast.success('Your password has been updated. You are signed in.');
      onDone();
    } catch (error) {
      const message = authErrorMessage(error);
      setFailure(message);
      toast.error(message);
    }
  });

  if (!token) {
    return (
      <FormAlert message="This reset link is invalid or has expired. Ask for a new one with Forgot password? on the sign-in form." />
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {failure ? <FormAlert message={failure} /> : null}
        <NewPasswordFields
          idPrefix="reset"
          passwordLabel="New Password"
          confirmLabel="Confirm New Password"
          disabled={pending}
          autoFocus
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Updating Password...' : 'Update Password'}
        </Button>
      </form>
    </Form>
  );
}
