import { Bike, ShoppingBag, Store, type LucideIcon } from 'lucide-react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { SIGNUP_ROLES, SIGNUP_ROLE_LABELS, type SignupRole } from '@shared/auth/roles.js';
import { SIGNUP_NEEDS, VEHICLE_TYPE_LABELS, VEHICLE_TYPES, VEHICLE_YEAR_MIN, type Me } from '@shared/auth/schemas.js';
import { Button } from '@/components/ui/button.js';
import { FormField } from '@/components/ui/form-field.js';
import { ImageInput } from '@/components/ui/image-input.js';
import { Input } from '@/components/ui/input.js';
import { Label } from '@/components/ui/label.js';
import { PasswordInput } from '@/components/ui/password-input.js';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.js';
import { errorMessage } from '@/lib/apiError.js';
import { useAuth } from '@/lib/authContext.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { notifySuccess } from '@/lib/toast.js';
import { AuthForm } from './AuthForm.js';
import { EMPTY_SIGN_UP, SIGN_UP_FIELDS, signUpFormData, signUpResolver, type SignUpFormValues } from './signUpForm.js';

const ROLE_ICONS: Record<SignupRole, LucideIcon> = { customer: ShoppingBag, restaurant: Store, driver: Bike };

type ImageFieldName = 'avatar' | 'driversLicense' | 'nationalId' | 'vehicleImage';

function ImageField({
  control,
  name,
  label,
  shape = 'rect',
}: {
  control: Control<SignUpFormValues>;
  name: ImageFieldName;
  label: string;
  shape?: 'round' | 'rect';
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={`signup-${name}`} label={label} error={fieldState.error?.message}>
          <ImageInput
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            shape={shape}
            previewAlt={`${label} preview`}
          />
        </FormField>
      )}
    />
  );
}

interface SignUpFormProps {
  initialRole?: SignupRole;
  onSignedUp: (user: Me) => void;
}

export function SignUpForm({ initialRole = 'customer', onSignedUp }: SignUpFormProps) {
  const { signUp } = useAuth();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormValues>({ resolver: signUpResolver, defaultValues: { ...EMPTY_SIGN_UP, role: initialRole } });
  const role = useWatch({ control, name: 'role' });
  const currentYear = new Date().getFullYear();

  async function submit(values: SignUpFormValues) {
    try {
      const user = await signUp(signUpFormData(values));
      notifySuccess('Success!', 'Your account has been created.');
      onSignedUp(user);
    } catch (error) {
      reportSubmitFailure(error, setError, SIGN_UP_FIELDS, errorMessage(error, 'Signup failed'));
    }
  }

  return (
    <AuthForm onSubmit={handleSubmit(submit)}>
      <FormField id="signup-fullName" label="Full Name" error={errors.fullName?.message}>
        <Input autoComplete="name" {...register('fullName')} />
      </FormField>
      <FormField id="signup-phone" label="Phone Number" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" inputMode="tel" placeholder="+233 20 000 0000" {...register('phone')} />
      </FormField>
      <FormField id="signup-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...register('email')} />
      </FormField>
      <FormField id="signup-password" label="Password" hint="At least 6 characters" error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </FormField>

      <div className="grid gap-2">
        <p id="signup-role-label" className="text-sm font-medium">
          I want to
        </p>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <RadioGroup
              ref={field.ref}
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              aria-labelledby="signup-role-label"
              className="grid gap-2 sm:grid-cols-3"
            >
              {SIGNUP_ROLES.map((option) => {
                const Icon = ROLE_ICONS[option];
                return (
                  <Label
                    key={option}
                    htmlFor={`signup-role-${option}`}
                    className="cursor-pointer rounded-lg border p-3 leading-snug font-normal transition-colors hover:bg-accent has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent sm:flex-col sm:items-start"
                  >
                    <span className="flex items-center gap-2">
                      <RadioGroupItem id={`signup-role-${option}`} value={option} />
                      <Icon aria-hidden className="size-4 text-primary" />
                    </span>
                    {SIGNUP_ROLE_LABELS[option]}
                  </Label>
                );
              })}
            </RadioGroup>
          )}
        />
      </div>

      {SIGNUP_NEEDS[role].picture && <ImageField control={control} name="avatar" label="Profile Picture" shape="round" />}

      {SIGNUP_NEEDS[role].vehicle && (
        <>
          <fieldset className="grid gap-4 rounded-lg border p-4">
            <legend className="px-1 text-sm font-semibold">Vehicle Information</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Controller
                control={control}
                name="vehicleType"
                render={({ field, fieldState }) => (
                  <Select name={field.name} value={field.value} onValueChange={field.onChange}>
                    <FormField id="signup-vehicleType" label="Vehicle Type" error={fieldState.error?.message}>
                      <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                        <SelectValue placeholder="Select type" />
                      </SelectTrigger>
                    </FormField>
                    <SelectContent>
                      {VEHICLE_TYPES.map((type) => (
                        <SelectItem key={type} value={type}>
                          {VEHICLE_TYPE_LABELS[type]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              <FormField id="signup-vehicleYear" label="Vehicle Year" error={errors.vehicleYear?.message}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={VEHICLE_YEAR_MIN}
                  max={currentYear}
                  placeholder={`e.g. ${currentYear - 3}`}
                  {...register('vehicleYear')}
                />
              </FormField>
            </div>
            <FormField id="signup-vehicleModel" label="Vehicle Model" error={errors.vehicleModel?.message}>
              <Input placeholder="e.g. Honda Ace 125" {...register('vehicleModel')} />
            </FormField>
            <FormField id="signup-plateNumber" label="Plate Number" error={errors.plateNumber?.message}>
              <Input autoCapitalize="characters" placeholder="e.g. GR 1234-21" {...register('plateNumber')} />
            </FormField>
          </fieldset>

          <fieldset className="grid gap-4 rounded-lg border p-4">
            <legend className="px-1 text-sm font-semibold">Documents</legend>
            <ImageField control={control} name="driversLicense" label="Driver's Licence" />
            <ImageField control={control} name="nationalId" label="National ID" />
            <ImageField control={control} name="vehicleImage" label="Vehicle Image" />
          </fieldset>
        </>
      )}

      <Button type="submit" size="lg" busy={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating account...' : 'Sign Up'}
      </Button>
    </AuthForm>
  );
}
