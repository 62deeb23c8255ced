import { Button } from '@cartwheel/ui/button';
import { Form } from '@cartwheel/ui/form';
import { localizedResolver } from '@cartwheel/ui/lib/localized-resolver';
import { PasswordField } from '@cartwheel/ui/password-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { authErrorMessage } from '../api/auth-error.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useSignIn } from '../api/sign-in.ts';
import { EmailField } from './auth-fields.tsx';
import { emailField, type SignInValues, signInSchema } from './auth-schemas.ts';
import { useAuthText } from './auth-text.tsx';
import { TwoFactorForm } from './two-factor-form.tsx';

/** Email and password, the forgot-password link, and the code step for two-factor accounts. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [needsCode, setNeedsCode] = useState(false);
  const signIn = useSignIn();
  const resetRequest = useRequestPasswordReset();
  const text = useAuthText();
  const form = useForm<SignInValues>({
    resolver: localizedResolver(zodResolver(signInSchema), text.localize ?? String),
    defaultValues: { email: '', password: '' },
  });
  const pending = signIn.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signIn.mutateAsync(values);
      if (result?.twoFactorRedirect) {
        setNeedsCode(true);
        return;
      }
      toast.success(text.signedIn);
      onSignedIn();
    } catch (error) {
      toast.error((text.errorMessage ?? authErrorMessage)(error));
    }
  });

  // Forgot password needs an email entered; it uses the one in the form.
  const onForgotPassword = async () => {
    const parsed = emailField.safeParse(form.getValues('email'));
    if (!parsed.success) {
      form.setError('email', {
        message: form.getValues('email').trim() ? text.invalidEmail : text.enterEmailFirst,
      });
      form.setFocus('email');
      return;
    }
    try {
      await resetRequest.mutateAsync(parsed.data);
      // The same answer whether or not the email has an account: accounts cannot be discovered.
      toast.success(text.resetSent);
    } catch (error) {
      toast.error((text.errorMessage ?? authErrorMessage)(error));
    }
  };

  if (needsCode) {
    return <TwoFactorForm onVerified={onSignedIn} onCancel={() => setNeedsCode(false)} />;
  }

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <EmailField id="sign-in-email" disabled={pending} />
        <PasswordField
          control={form.control}
          name="password"
          id="sign-in-password"
          label={text.password}
          labelAction={
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto! p-0! font-normal!"
              onClick={onForgotPassword}
              disabled={pending || resetRequest.isPending}
            >
              {resetRequest.isPending ? text.sending : text.forgotPassword}
            </Button>
          }
          autoComplete="current-password"
          disabled={pending}
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? text.signingIn : text.signIn}
        </Button>
      </form>
    </Form>
  );
}
