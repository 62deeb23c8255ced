import { Alert, AlertDescription } from '@cartwheel/ui/alert';
import { InputField } from '@cartwheel/ui/input-field';
import { PasswordField } from '@cartwheel/ui/password-field';
import { CircleAlert } from 'lucide-react';
import type * as React from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { useAuthText } from './auth-text.tsx';

/** The email field of the sign-in and sign-up forms. */
export function EmailField({ id, disabled }: { id: string; disabled: boolean }) {
  const text = useAuthText();
  return (
    <InputField
      name="email"
      id={id}
      label={text.email}
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      disabled={disabled}
    />
  );
}

interface NewPasswords {
  password: string;
  confirmPassword: string;
}

/**
 * Whether the two passwords differ, and whether to say so yet: once something is typed in the
 * confirmation and it has been left or the form sent.
 */
export function usePasswordMatch() {
  const [password, confirmPassword] = useWatch<NewPasswords, ['password', 'confirmPassword']>({
    name: ['password', 'confirmPassword'],
  });
  const { isSubmitted, touchedFields } = useFormState<NewPasswords>();
  const differ = password !== confirmPassword;
  const mismatch = confirmPassword !== '' && differ && Boolean(isSubmitted || touchedFields.confirmPassword);
  return { differ, mismatch };
}

/**
 * A new password with the password rule under it, then its confirmation. Differing passwords show
 * an alert after both fields instead of a message under the confirmation (the schema still refuses
 * them, so the form is not sent).
 */
export function NewPasswordFields({
  idPrefix,
  passwordLabel,
  confirmLabel,
  disabled,
  autoFocus,
}: {
  idPrefix: string;
  passwordLabel: string;
  confirmLabel: string;
  disabled: boolean;
  autoFocus?: boolean;
}) {
  const { mismatch } = usePasswordMatch();
  const text = useAuthText();
  return (
    <>
      <PasswordField
        name="password"
        id={`${idPrefix}-password`}
        label={passwordLabel}
        rule={text.passwordRule}
        autoComplete="new-password"
        autoFocus={autoFocus}
        disabled={disabled}
      />
      <PasswordField
        name="confirmPassword"
        id={`${idPrefix}-confirm-password`}
        label={confirmLabel}
        quietMessage={text.passwordsDiffer}
        invalid={mismatch}
        autoComplete="new-password"
        disabled={disabled}
      />
      {mismatch ? <FormAlert message={text.passwordsDiffer} /> : null}
    </>
  );
}

/** A form-level error, announced as an alert. */
export function FormAlert({ message }: { message: React.ReactNode }) {
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
