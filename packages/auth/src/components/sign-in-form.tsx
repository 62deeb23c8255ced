import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { PasswordInput } from '@cartwheel/ui/password-input';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { authErrorMessage } from '../api/auth-error.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useSignIn } from '../api/sign-in.ts';
import { emailField, type SignInValues, signInSchema } from './auth-schemas.ts';
import { FieldError } from './field-error.tsx';
import { TwoFactorForm } from './two-factor-form.tsx';

/** Email and password, the forgot-password link, and the code step for two-factor accounts. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [needsCode, setNeedsCode] = useState(false);
  const signIn = useSignIn();
  const resetRequest = useRequestPasswordReset();
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const pending = signIn.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signIn.mutateAsync(values);
      if (result?.twoFactorRedirect) {
        setNeedsCode(true);
        return;
      }
      toast.success('Signed in successfully!');
      onSignedIn();
    } catch (error) {
      toast.error(authErrorMessage(error));
    }
  });

  // Spec section 5: forgot password needs an email entered; it uses the one in the form.
  const onForgotPassword = async () => {
    const parsed = emailField.safeParse(form.getValues('email'));
    if (!parsed.success) {
      form.setError('email', {
        message: form.getValues('email').trim()
          ? 'Enter a valid email address'
          : 'Enter your email address, then choose Forgot password?',
      });
      form.setFocus('email');
      return;
    }
    try {
      await resetRequest.mutateAsync(parsed.data);
      // The same answer whether or not the email has an account: accounts cannot be discovered.
      toast.success('Password reset email sent!');
    } catch (error) {
      toast.error(authErrorMessage(error));
    }
  };

  if (needsCode) {
    return <TwoFactorForm onVerified={onSignedIn} onCancel={() => setNeedsCode(false)} />;
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor="sign-in-email">Email</Label>
        <Input
          id="sign-in-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'sign-in-email-error' : undefined}
          {...form.register('email')}
          disabled={pending}
        />
        <FieldError id="sign-in-email-error" message={errors.email?.message} />
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="sign-in-password">Password</Label>
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto p-0 font-normal"
            onClick={onForgotPassword}
            disabled={pending || resetRequest.isPending}
          >
            {resetRequest.isPending ? 'Sending...' : 'Forgot password?'}
          </Button>
        </div>
        <PasswordInput
          id="sign-in-password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'sign-in-password-error' : undefined}
          {...form.register('password')}
          disabled={pending}
        />
        <FieldError id="sign-in-password-error" message={errors.password?.message} />
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
