import { authErrorMessage } from '@cartwheel/auth/api/auth-error';
import { useDisableTwoFactor } from '@cartwheel/auth/api/disable-two-factor';
import { type TwoFactorSetup, useEnableTwoFactor } from '@cartwheel/auth/api/enable-two-factor';
import { useVerifyTotp } from '@cartwheel/auth/api/verify-totp';
import { Alert, AlertDescription } from '@cartwheel/ui/alert';
import { Button } from '@cartwheel/ui/button';
import { DialogFooter } from '@cartwheel/ui/dialog';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Form } from '@cartwheel/ui/form';
import { InputField } from '@cartwheel/ui/input-field';
import { PasswordField } from '@cartwheel/ui/password-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';

const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password') });
/** The steps' fields are checked when sent only: a message stays until the next try. */
const CHECKED_WHEN_SENT = { reValidateMode: 'onSubmit', shouldFocusError: false } as const;

const setupCodeSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')),
});

/** The shared secret inside an otpauth:// URI, for people who type it instead of scanning. */
function secretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** Renders the otpauth:// URI as a QR code image; qrcode loads only when the dialog needs it. */
function useQrCode(text: string | undefined): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    setDataUrl(null);
    if (!text) return;
    let cancelled = false;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(text, { margin: 1, width: 200 }))
      .then((url) => {
        if (!cancelled) setDataUrl(url);
      })
      .catch((error: unknown) => console.error('Could not draw the QR code', error));
    return () => {
      cancelled = true;
    };
  }, [text]);
  return dataUrl;
}

function PasswordStep({
  description,
  submitLabel,
  pendingLabel,
  pending,
  destructive,
  onSubmit,
}: {
  description: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  destructive?: boolean;
  onSubmit: (password: string) => void;
}) {
  const form = useForm({
    resolver: zodResolver(passwordSchema),
    defaultValues: { password: '' },
    ...CHECKED_WHEN_SENT,
  });
  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(({ password }) => onSubmit(password))}
        noValidate
        className="flex flex-col gap-4"
      >
        <p className="text-muted-foreground text-sm">{description}</p>
        <PasswordField
          control={form.control}
          name="password"
          id="two-factor-password"
          label="Password"
          autoComplete="current-password"
          disabled={pending}
          autoFocus
        />
        <DialogFooter>
          <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function SetupStep({ setup, onDone }: { setup: TwoFactorSetup; onDone: () => void }) {
  const qrCode = useQrCode(setup.totpURI);
  const secret = secretOf(setup.totpURI);
  const verify = useVerifyTotp();
  const form = useForm({
    resolver: zodResolver(setupCodeSchema),
    defaultValues: { code: '' },
    ...CHECKED_WHEN_SENT,
  });

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync(code);
      toast.success('Two-factor authentication enabled');
      onDone();
    } catch (err) {
      toast.error(authErrorMessage(err));
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm">
          <li>
            <p>Scan this QR code with your authenticator app, or enter the key by hand.</p>
            <div className="mt-3 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
              <div className="flex size-[200px] shrink-0 items-center justify-center rounded-md border bg-white">
                {qrCode ? (
                  <img
                    src={qrCode}
                    width={200}
                    height={200}
                    alt="QR code to add this account to an authenticator app"
                  />
                ) : (
                  <span className="text-muted-foreground text-xs">Drawing QR code...</span>
                )}
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                <span className="text-muted-foreground text-xs">Setup key</span>
                <code
                  data-testid="totp-secret"
                  className="select-all break-all rounded bg-muted px-2 py-1 font-mono text-xs"
                >
                  {secret}
                </code>
              </div>
            </div>
          </li>
          <li>
            <p>Save these backup codes somewhere safe. Each one signs you in once if you lose your device.</p>
            <ul
              aria-label="Backup codes"
              className="mt-2 grid grid-cols-2 gap-1 rounded-md bg-muted p-3 font-mono text-xs"
            >
              {setup.backupCodes.map((backupCode) => (
                <li key={backupCode}>{backupCode}</li>
              ))}
            </ul>
          </li>
          <li>
            <InputField
              control={form.control}
              name="code"
              id="two-factor-setup-code"
              label="Enter the 6-digit code from the app to finish"
              autoComplete="one-time-code"
              inputMode="numeric"
              disabled={verify.isPending}
              className="max-w-40"
            />
          </li>
        </ol>
        <DialogFooter>
          <Button type="submit" disabled={verify.isPending}>
            {verify.isPending ? 'Verifying...' : 'Verify and enable'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

/**
 * Two-factor set-up from the user menu: password, then QR code, key and backup codes, then a first
 * code to confirm. When it is already on, the same dialog turns it off (password again).
 */
export function TwoFactorDialog({
  open,
  onOpenChange,
  enabled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  enabled: boolean;
}) {
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);

  // Every opening starts from the first step; the secret is not kept around after closing.
  useEffect(() => {
    if (!open) setSetup(null);
  }, [open]);

  const onEnable = async (password: string) => {
    try {
      setSetup(await enable.mutateAsync(password));
    } catch (error) {
      toast.error(authErrorMessage(error));
    }
  };
  const onDisable = async (password: string) => {
    try {
      await disable.mutateAsync(password);
      toast.success('Two-factor authentication disabled');
      onOpenChange(false);
    } catch (error) {
      toast.error(authErrorMessage(error));
    }
  };

  return (
    <DialogLayout
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-lg"
      title="Two-factor authentication"
      description={
        enabled && !setup
          ? 'Signing in asks for a code from your authenticator app.'
          : 'Protect your account with a code from an authenticator app at every sign-in.'
      }
    >
      {enabled && !setup ? (
        <>
          <Alert>
            <ShieldCheck aria-hidden="true" />
            <AlertDescription>Two-factor authentication is on for your account.</AlertDescription>
          </Alert>
          <PasswordStep
            description="To turn it off, confirm your password."
            submitLabel="Turn off two-factor"
            pendingLabel="Turning off..."
            destructive
            pending={disable.isPending}
            onSubmit={onDisable}
          />
        </>
      ) : setup ? (
        <SetupStep setup={setup} onDone={() => onOpenChange(false)} />
      ) : (
        <PasswordStep
          description="Confirm your password to start."
          submitLabel="Continue"
          pendingLabel="Checking..."
          pending={enable.isPending}
          onSubmit={onEnable}
        />
      )}
    </DialogLayout>
  );
}
