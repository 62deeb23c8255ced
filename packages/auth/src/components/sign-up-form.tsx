import { Button } from '@cartwheel/ui/button';
import { Form } from '@cartwheel/ui/form';
import { InputField } from '@cartwheel/ui/input-field';
import { localizedResolver } from '@cartwheel/ui/lib/localized-resolver';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { authErrorMessage, isAlreadyRegistered } from '../api/auth-error.ts';
import { useSignUp } from '../api/sign-up.ts';
import { EmailField, FormAlert, NewPasswordFields, usePasswordMatch } from './auth-fields.tsx';
import { type SignUpValues, signUpSchema } from './auth-schemas.ts';
import { useAuthText } from './auth-text.tsx';

const NAME_FIELDS = [
  { name: 'firstName', id: 'sign-up-first-name', label: 'firstName', autoComplete: 'given-name' },
  { name: 'lastName', id: 'sign-up-last-name', label: 'lastName', autoComplete: 'family-name' },
] as const;

/**
 * A new customer account: email, password twice, optional first and last name. The back office uses
 * it too: nobody grants themselves a staff role there; an admin grants roles on the Team page.
 */
export function SignUpForm({
  onSignedUp,
  disableWhilePasswordsDiffer = false,
  defaultEmail = '',
}: {
  onSignedUp: () => void;
  /** The back office's form also disables its button while the passwords differ. */
  disableWhilePasswordsDiffer?: boolean;
  /** Filled in already, e.g. the email a guest just bought with. */
  defaultEmail?: string;
}) {
  const [alreadyRegistered, setAlreadyRegistered] = useState(false);
  const signUp = useSignUp();
  const text = useAuthText();
  const form = useForm<SignUpValues>({
    resolver: localizedResolver(zodResolver(signUpSchema), text.localize ?? String),
    defaultValues: { email: defaultEmail, password: '', confirmPassword: '', firstName: '', lastName: '' },
  });
  const pending = signUp.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    setAlreadyRegistered(false);
    try {
      await signUp.mutateAsync(values);
      toast.success(text.accountCreated);
      onSignedUp();
    } catch (error) {
      // A taken email is said once, in the form, in the words of docs/product.md; anything else is a toast.
      if (isAlreadyRegistered(error)) setAlreadyRegistered(true);
      else toast.error((text.errorMessage ?? authErrorMessage)(error));
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {alreadyRegistered ? <FormAlert message={text.alreadyRegistered} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {NAME_FIELDS.map(({ name, id, label, autoComplete }) => (
            <InputField
              key={name}
              control={form.control}
              name={name}
              id={id}
              label={
                <>
                  {text[label]} <span className="font-normal text-muted-foreground">{text.optional}</span>
                </>
              }
              autoComplete={autoComplete}
              disabled={pending}
            />
          ))}
        </div>
        <EmailField id="sign-up-email" disabled={pending} />
        <NewPasswordFields
          idPrefix="sign-up"
          passwordLabel={text.password}
          confirmLabel={text.confirmPassword}
          disabled={pending}
        />
        <CreateAccountButton pending={pending} disableWhilePasswordsDiffer={disableWhilePasswordsDiffer} />
      </form>
    </Form>
  );
}

/** Disabled while sending, and (when asked) while the passwords differ. */
function CreateAccountButton({
  pending,
  disableWhilePasswordsDiffer,
}: {
  pending: boolean;
  disableWhilePasswordsDiffer: boolean;
}) {
  const { differ } = usePasswordMatch();
  const text = useAuthText();
  return (
    <Button type="submit" className="w-full" disabled={pending || (disableWhilePasswordsDiffer && differ)}>
      {pending ? text.creatingAccount : text.createAccount}
    </Button>
  );
}
