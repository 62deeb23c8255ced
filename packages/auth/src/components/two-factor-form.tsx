import { Button } from '@cartwheel/ui/button';
import { Form } from '@cartwheel/ui/form';
import { InputField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { authErrorMessage } from '../api/auth-error.ts';
import { useVerifyBackupCode } from '../api/verify-backup-code.ts';
import { useVerifyTotp } from '../api/verify-totp.ts';
import { type TwoFactorValues, twoFactorSchema } from './auth-schemas.ts';

/** The second sign-in step of a two-factor account: a code from the authenticator app, or a backup code. */
export function TwoFactorForm({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const [useBackupCode, setUseBackupCode] = useState(false);
  const verifyTotp = useVerifyTotp();
  const verifyBackup = useVerifyBackupCode();
  const form = useForm<TwoFactorValues>({
    resolver: zodResolver(twoFactorSchema),
    defaultValues: { code: '' },
  });
  const pending = verifyTotp.isPending || verifyBackup.isPending;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      if (useBackupCode) await verifyBackup.mutateAsync(code);
      else await verifyTotp.mutateAsync(code.replace(/\s+/g, ''));
      toast.success('Signed in successfully!');
      onVerified();
    } catch (error) {
      toast.error(authErrorMessage(error));
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 className="font-semibold text-lg">Two-factor authentication</h2>
          <p className="text-muted-foreground text-sm">
            {useBackupCode
              ? 'Enter one of your backup codes. Each code works once.'
              : 'Enter the 6-digit code from your authenticator app.'}
          </p>
        </div>
        <InputField
          control={form.control}
          name="code"
          id="two-factor-code"
          label={useBackupCode ? 'Backup code' : 'Authentication code'}
          autoComplete="one-time-code"
          inputMode={useBackupCode ? 'text' : 'numeric'}
          autoFocus
          disabled={pending}
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Verifying...' : 'Verify'}
        </Button>
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto p-0 font-normal"
            onClick={() => {
              setUseBackupCode((v) => !v);
              form.reset({ code: '' });
            }}
            disabled={pending}
          >
            {useBackupCode ? 'Use an authenticator code' : 'Use a backup code'}
          </Button>
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto p-0 font-normal text-muted-foreground"
            onClick={onCancel}
            disabled={pending}
          >
            Back to sign in
          </Button>
        </div>
      </form>
    </Form>
  );
}
