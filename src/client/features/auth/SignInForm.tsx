import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { signInSchema, type Me, type SignInInput } from '@shared/auth/schemas.js';
import { Button } from '@/components/ui/button.js';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { PasswordInput } from '@/components/ui/password-input.js';
import { errorMessage } from '@/lib/apiError.js';
import { useAuth } from '@/lib/authContext.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { notifySuccess } from '@/lib/toast.js';
import { AuthForm } from './AuthForm.js';

interface SignInFormProps {
  onSignedIn: (user: Me) => void;
  onForgotPassword: () => void;
}

export function SignInForm({ onSignedIn, onForgotPassword }: SignInFormProps) {
  const { signIn } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof signInSchema>, unknown, SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  async function submit(values: SignInInput) {
    try {
      const user = await signIn(values);
      notifySuccess('Welcome back!');
      onSignedIn(user);
    } catch (error) {
      reportSubmitFailure(error, setError, ['email', 'password'], errorMessage(error, 'Sign in failed. Please try again.'));
    }
  }

  return (
    <AuthForm onSubmit={handleSubmit(submit)}>
      <FormField id="signin-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...register('email')} />
      </FormField>
      <FormField id="signin-password" label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...register('password')} />
      </FormField>
      <Button type="submit" size="lg" busy={isSubmitting} className="w-full">
        {isSubmitting ? 'Signing In...' : 'Sign In'}
      </Button>
      <Button type="button" variant="link" className="justify-self-center" onClick={onForgotPassword}>
        Forgot password?
      </Button>
    </AuthForm>
  );
}
