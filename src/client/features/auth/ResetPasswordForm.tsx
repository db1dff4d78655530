import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passwordSchema } from '@shared/auth/schemas.js';
import { Button } from '@/components/ui/button.js';
import { FormField } from '@/components/ui/form-field.js';
import { PasswordInput } from '@/components/ui/password-input.js';
import { errorMessage } from '@/lib/apiError.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { notifySuccess } from '@/lib/toast.js';
import { resetPassword } from './authApi.js';
import { AuthForm } from './AuthForm.js';

const newPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
type NewPasswordInput = z.infer<typeof newPasswordSchema>;

interface ResetPasswordFormProps {
  /** The token from the emailed link (/auth?reset=<token>). */
  token: string;
  /** Called after the password changed, and when the user gives up: both go to Sign In. */
  onDone: () => void;
}

export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  async function submit({ password }: NewPasswordInput) {
    try {
      await resetPassword(token, password);
      notifySuccess('Password updated', 'You can now sign in with your new password.');
      onDone();
    } catch (error) {
      // A common password is refused by the server (the list is not in the bundle): its message goes under the field.
      reportSubmitFailure(error, setError, ['password'], errorMessage(error, 'Could not reset your password. Please try again.'));
    }
  }

  return (
    <AuthForm
      onSubmit={handleSubmit(submit)}
      title="Choose a new password"
      description="Enter your new password twice to make sure it is right."
    >
      <FormField id="reset-password" label="New Password" hint="At least 6 characters" error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField id="reset-confirm-password" label="Confirm New Password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <Button type="submit" size="lg" busy={isSubmitting} className="w-full">
        {isSubmitting ? 'Updating...' : 'Update Password'}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onDone}>
        Back to Sign In
      </Button>
    </AuthForm>
  );
}
