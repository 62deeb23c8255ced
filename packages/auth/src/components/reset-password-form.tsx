import { Button } from '@cartwheel/ui/button';
import { Form } from '@cartwheel/ui/form';
import { localizedResolver } from '@cartwheel/ui/lib/localized-resolver';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { authErrorMessage } from '../api/auth-error.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { FormAlert, NewPasswordFields } from './auth-fields.tsx';
import { type ResetPasswordValues, resetPasswordSchema } from './auth-schemas.ts';
import { useAuthText } from './auth-text.tsx';

/** The page the emailed reset link opens: a new password, twice; the server then signs the user in. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const resetPassword = useResetPassword();
  const text = useAuthText();
  const form = useForm<ResetPasswordValues>({
    resolver: localizedResolver(zodResolver(resetPasswordSchema), text.localize ?? String),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const pending = resetPassword.isPending;

  const onSubmit = form.handleSubmit(async ({ password: newPassword }) => {
    setFailure(null);
    try {
      await resetPassword.mutateAsync({ token, newPassword });
      toast.success(text.passwordUpdated);
      onDone();
    } catch (error) {
      const message = (text.errorMessage ?? authErrorMessage)(error);
      setFailure(message);
      toast.error(message);
    }
  });

  if (!token) {
    return <FormAlert message={text.resetLinkInvalid} />;
  }

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {failure ? <FormAlert message={failure} /> : null}
        <NewPasswordFields
          idPrefix="reset"
          passwordLabel={text.newPassword}
          confirmLabel={text.confirmNewPassword}
          disabled={pending}
          autoFocus
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? text.updatingPassword : text.updatePassword}
        </Button>
      </form>
    </Form>
  );
}
