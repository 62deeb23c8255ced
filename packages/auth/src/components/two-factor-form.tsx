import { Button } from '@cartwheel/ui/button';
import { Form } from '@cartwheel/ui/form';
import { InputField } from '@cartwheel/ui/input-field';
import { localizedResolver } from '@cartwheel/ui/lib/localized-resolver';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { authErrorMessage } from '../api/auth-error.ts';
import { useVerifyBackupCode } from '../api/verify-backup-code.ts';
import { useVerifyTotp } from '../api/verify-totp.ts';
import { type TwoFactorValues, twoFactorSchema } from './auth-schemas.ts';
import { useAuthText } from './auth-text.tsx';

/** The second sign-in step of a two-factor account: a code from the authenticator app, or a backup code. */
export function TwoFactorForm({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const [useBackupCode, setUseBackupCode] = useState(false);
  const verifyTotp = useVerifyTotp();
  const verifyBackup = useVerifyBackupCode();
  const text = useAuthText();
  const form = useForm<TwoFactorValues>({
    resolver: localizedResolver(zodResolver(twoFactorSchema), text.localize ?? String),
    defaultValues: { code: '' },
  });
  const pending = verifyTotp.isPending || verifyBackup.isPending;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      if (useBackupCode) await verifyBackup.mutateAsync(code);
      else await verifyTotp.mutateAsync(code.replace(/\s+/g, ''));
      toast.success(text.signedIn);
      onVerified();
    } catch (error) {
      toast.error((text.errorMessage ?? authErrorMessage)(error));
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 className="font-semibold text-lg">{text.twoFactorTitle}</h2>
          <p className="text-muted-foreground text-sm">
            {useBackupCode ? text.twoFactorBackupHelp : text.twoFactorAppHelp}
          </p>
        </div>
        <InputField
          control={form.control}
          name="code"
          id="two-factor-code"
          label={useBackupCode ? text.backupCode : text.authCode}
          autoComplete="one-time-code"
          inputMode={useBackupCode ? 'text' : 'numeric'}
          autoFocus
          disabled={pending}
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? text.verifying : text.verify}
        </Button>
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto! p-0! font-normal!"
            onClick={() => {
              setUseBackupCode((v) => !v);
              form.reset({ code: '' });
            }}
            disabled={pending}
          >
            {useBackupCode ? text.useAuthenticator : text.useBackupCode}
          </Button>
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto! p-0! font-normal! text-muted-foreground"
            onClick={onCancel}
            disabled={pending}
          >
            {text.backToSignIn}
          </Button>
        </div>
      </form>
    </Form>
  );
}
