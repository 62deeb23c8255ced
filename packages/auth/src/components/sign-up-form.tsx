import { Alert, AlertDescription } from '@cartwheel/ui/alert';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { PasswordInput } from '@cartwheel/ui/password-input';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { authErrorMessage, isAlreadyRegistered } from '../api/auth-error.ts';
import { useSignUp } from '../api/sign-up.ts';
import { PASSWORD_RULE, PASSWORDS_DO_NOT_MATCH, type SignUpValues, signUpSchema } from './auth-schemas.ts';
import { FieldError } from './field-error.tsx';

const ALREADY_REGISTERED = 'This email is already registered. Please sign in instead.';

/**
 * A new customer account: email, password twice, optional first and last name. The back office uses
 * it too: nobody grants themselves a staff role there; an admin grants roles on the Team page.
 */
export function SignUpForm({
  onSignedUp,
  disableWhilePasswordsDiffer = false,
}: {
  onSignedUp: () => void;
  /** Spec section 5: the back office's form also disables its button while the passwords differ. */
  disableWhilePasswordsDiffer?: boolean;
}) {
  const [alreadyRegistered, setAlreadyRegistered] = useState(false);
  const signUp = useSignUp();
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: '', password: '', confirmPassword: '', firstName: '', lastName: '' },
  });
  const { errors, isSubmitted, touchedFields } = form.formState;
  const [password, confirmPassword] = useWatch({
    control: form.control,
    name: ['password', 'confirmPassword'],
  });
  // Spec section 5: differing passwords show this alert, and the form is not sent (the schema refuses).
  const differ = password !== confirmPassword;
  const mismatch = confirmPassword !== '' && differ && (isSubmitted || touchedFields.confirmPassword);
  const pending = signUp.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    setAlreadyRegistered(false);
    try {
      await signUp.mutateAsync(values);
      toast.success('Account created! Please check your email to verify your account.');
      onSignedUp();
    } catch (error) {
      if (isAlreadyRegistered(error)) setAlreadyRegistered(true);
      toast.error(authErrorMessage(error));
    }
  });

  const confirmError =
    errors.confirmPassword?.message === PASSWORDS_DO_NOT_MATCH ? undefined : errors.confirmPassword?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {alreadyRegistered ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{ALREADY_REGISTERED}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="sign-up-first-name">
            First name <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id="sign-up-first-name"
            autoComplete="given-name"
            {...form.register('firstName')}
            disabled={pending}
          />
          <FieldError id="sign-up-first-name-error" message={errors.firstName?.message} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="sign-up-last-name">
            Last name <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id="sign-up-last-name"
            autoComplete="family-name"
            {...form.register('lastName')}
            disabled={pending}
          />
          <FieldError id="sign-up-last-name-error" message={errors.lastName?.message} />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="sign-up-email">Email</Label>
        <Input
          id="sign-up-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'sign-up-email-error' : undefined}
          {...form.register('email')}
          disabled={pending}
        />
        <FieldError id="sign-up-email-error" message={errors.email?.message} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="sign-up-password">Password</Label>
        <PasswordInput
          id="sign-up-password"
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={
            errors.password ? 'sign-up-password-rule sign-up-password-error' : 'sign-up-password-rule'
          }
          {...form.register('password')}
          disabled={pending}
        />
        <p id="sign-up-password-rule" className="text-muted-foreground text-xs">
          {PASSWORD_RULE}
        </p>
        <FieldError id="sign-up-password-error" message={errors.password?.message} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="sign-up-confirm-password">Confirm Password</Label>
        <PasswordInput
          id="sign-up-confirm-password"
          autoComplete="new-password"
          aria-invalid={confirmError || mismatch ? true : undefined}
          aria-describedby={confirmError ? 'sign-up-confirm-password-error' : undefined}
          {...form.register('confirmPassword')}
          disabled={pending}
        />
        <FieldError id="sign-up-confirm-password-error" message={confirmError} />
      </div>
      {mismatch ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{PASSWORDS_DO_NOT_MATCH}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending || (disableWhilePasswordsDiffer && differ)}>
        {pending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
