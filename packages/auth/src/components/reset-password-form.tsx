import { Alert, AlertDescription } from '@cartwheel/ui/alert';
import { Button } from '@cartwheel/ui/button';
import { Label } from '@cartwheel/ui/label';
import { PasswordInput } from '@cartwheel/ui/password-input';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { authErrorMessage } from '../api/auth-error.ts';
import { useResetPassword } from '../api/reset-password.ts';
import {
  PASSWORD_RULE,
  PASSWORDS_DO_NOT_MATCH,
  type ResetPasswordValues,
  resetPasswordSchema,
} from './auth-schemas.ts';
import { FieldError } from './field-error.tsx';

/** The page the emailed reset link opens: a new password, twice; the server then signs the user in. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitted, touchedFields } = form.formState;
  const [password, confirmPassword] = useWatch({
    control: form.control,
    name: ['password', 'confirmPassword'],
  });
  const mismatch =
    confirmPassword !== '' && password !== confirmPassword && (isSubmitted || touchedFields.confirmPassword);
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

  const confirmError =
    errors.confirmPassword?.message === PASSWORDS_DO_NOT_MATCH ? undefined : errors.confirmPassword?.message;

  if (!token) {
    return (
      <Alert variant="destructive" role="alert">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>
          This reset link is invalid or has expired. Ask for a new one with Forgot password? on the sign-in
          form.
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {failure ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-col gap-2">
        <Label htmlFor="reset-password">New Password</Label>
        <PasswordInput
          id="reset-password"
          autoComplete="new-password"
          autoFocus
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={
            errors.password ? 'reset-password-rule reset-password-error' : 'reset-password-rule'
          }
          {...form.register('password')}
          disabled={pending}
        />
        <p id="reset-password-rule" className="text-muted-foreground text-xs">
          {PASSWORD_RULE}
        </p>
        <FieldError id="reset-password-error" message={errors.password?.message} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="reset-confirm-password">Confirm New Password</Label>
        <PasswordInput
          id="reset-confirm-password"
          autoComplete="new-password"
          aria-invalid={confirmError || mismatch ? true : undefined}
          aria-describedby={confirmError ? 'reset-confirm-password-error' : undefined}
          {...form.register('confirmPassword')}
          disabled={pending}
        />
        <FieldError id="reset-confirm-password-error" message={confirmError} />
      </div>
      {mismatch ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{PASSWORDS_DO_NOT_MATCH}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Updating Password...' : 'Update Password'}
      </Button>
    </form>
  );
}
