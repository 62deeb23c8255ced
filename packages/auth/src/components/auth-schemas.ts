import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@cartwheel/shared/constants';
import { z } from 'zod';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
/** The one password rule, shown on every form that sets a password. */
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters`;

export const emailField = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Enter a valid email address'));

const newPassword = z
  .string()
  .min(1, 'Password is required')
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'Password is required'),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    email: emailField,
    password: newPassword,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    firstName: z.string().trim().max(100, 'First name must be at most 100 characters'),
    lastName: z.string().trim().max(100, 'Last name must be at most 100 characters'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DO_NOT_MATCH,
  });
export type SignUpValues = z.infer<typeof signUpSchema>;

export const resetPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DO_NOT_MATCH,
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export const twoFactorSchema = z.object({
  code: z.string().trim().min(1, 'Enter the code'),
});
export type TwoFactorValues = z.infer<typeof twoFactorSchema>;
