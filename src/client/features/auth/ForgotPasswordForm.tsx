import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGES, forgotPasswordSchema } from '@shared/auth/schemas.js';
import { Button } from '@/components/ui/button.js';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { requestPasswordReset } from './authApi.js';
import { AuthForm } from './AuthForm.js';

type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof forgotPasswordSchema>, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  async function submit({ email }: ForgotPasswordInput) {
    try {
      await requestPasswordReset(email);
      notifySuccess('Check your email', MESSAGES.resetSent);
      onBack();
    } catch (error) {
      notifyError(errorMessage(error, 'Could not send the reset link. Please try again.'));
    }
  }

  return (
    <AuthForm
      onSubmit={handleSubmit(submit)}
      title="Reset your password"
      description="Enter your email and we will send you a link to choose a new password."
    >
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          autoFocus
          {...register('email')}
        />
      </FormField>
      <Button type="submit" size="lg" busy={isSubmitting} className="w-full">
        {isSubmitting ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        Back to Sign In
      </Button>
    </AuthForm>
  );
}
