import { authErrorMessage } from '@cartwheel/auth/api/auth-error';
import { useDisableTwoFactor } from '@cartwheel/auth/api/disable-two-factor';
import { type TwoFactorSetup, useEnableTwoFactor } from '@cartwheel/auth/api/enable-two-factor';
import { useVerifyTotp } from '@cartwheel/auth/api/verify-totp';
import { Alert, AlertDescription } from '@cartwheel/ui/alert';
import { Button } from '@cartwheel/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@cartwheel/ui/dialog';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { PasswordInput } from '@cartwheel/ui/password-input';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';

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
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Enter your password');
      return;
    }
    setError(null);
    onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-muted-foreground text-sm">{description}</p>
      <div className="flex flex-col gap-2">
        <Label htmlFor="two-factor-password">Password</Label>
        <PasswordInput
          id="two-factor-password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'two-factor-password-error' : undefined}
          disabled={pending}
          autoFocus
        />
        {error ? (
          <p id="two-factor-password-error" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

function SetupStep({ setup, onDone }: { setup: TwoFactorSetup; onDone: () => void }) {
  const qrCode = useQrCode(setup.totpURI);
  const secret = secretOf(setup.totpURI);
  const verify = useVerifyTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(trimmed)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setError(null);
    try {
      await verify.mutateAsync(trimmed);
      toast.success('Two-factor authentication enabled');
      onDone();
    } catch (err) {
      toast.error(authErrorMessage(err));
    }
  };

  return (
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
        <li className="flex flex-col gap-2">
          <Label htmlFor="two-factor-setup-code">Enter the 6-digit code from the app to finish</Label>
          <Input
            id="two-factor-setup-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'two-factor-setup-code-error' : undefined}
            disabled={verify.isPending}
            className="max-w-40"
          />
          {error ? (
            <p id="two-factor-setup-code-error" className="text-destructive text-sm">
              {error}
            </p>
          ) : null}
        </li>
      </ol>
      <DialogFooter>
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify and enable'}
        </Button>
      </DialogFooter>
    </form>
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Two-factor authentication</DialogTitle>
          <DialogDescription>
            {enabled && !setup
              ? 'Signing in asks for a code from your authenticator app.'
              : 'Protect your account with a code from an authenticator app at every sign-in.'}
          </DialogDescription>
        </DialogHeader>
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
      </DialogContent>
    </Dialog>
  );
}
