import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { invitationAccountSchema, type InvitationAccount } from '@shared/restaurants/invitations.js';
import { Button } from '@/components/ui/button.js';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { PasswordInput } from '@/components/ui/password-input.js';
import { errorMessage } from '@/lib/apiError.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { useAuth } from '@/lib/authContext.js';

type AccountValues = z.output<typeof invitationAccountSchema>;

/** The manager account of an invited email that has none: created, and the invitation accepted, in one step. */
export function InvitationSignUpForm({ token, email, onAccepted }: { token: string; email: string; onAccepted: () => void }) {
  const { signUpInvited } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InvitationAccount, unknown, AccountValues>({
    resolver: zodResolver(invitationAccountSchema),
    defaultValues: { fullName: '', phone: '', password: '' },
  });

  async function submit(values: AccountValues) {
    try {
      await signUpInvited({ ...values, token });
      onAccepted();
    } catch (error) {
      reportSubmitFailure(
        error,
        setError,
        ['fullName', 'phone', 'password'],
        errorMessage(error, 'Could not create your account. Please try again.'),
      );
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
      <FormField id="invitation-email" label="Email" hint="The email the invitation was sent to">
        <Input value={email} readOnly autoComplete="username" />
      </FormField>
      <FormField id="invitation-fullName" label="Full Name" error={errors.fullName?.message}>
        <Input autoComplete="name" {...register('fullName')} />
      </FormField>
      <FormField id="invitation-phone" label="Phone Number" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" inputMode="tel" placeholder="+233 20 000 0000" {...register('phone')} />
      </FormField>
      <FormField id="invitation-password" label="Password" hint="At least 6 characters" error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </FormField>
      <Button type="submit" size="lg" busy={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating account...' : 'Create Account and Accept'}
      </Button>
    </form>
  );
}
