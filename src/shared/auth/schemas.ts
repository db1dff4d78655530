import { z } from 'zod';
import { boundedText, emailField, phoneField, requiredText } from '../fields.js';
import { ROLES, SIGNUP_ROLES, type SignupRole } from './roles.js';

const PASSWORD_MIN = 6;
export const VEHICLE_YEAR_MIN = 1990;
export const VEHICLE_TYPES = ['bike', 'car'] as const;
export const VEHICLE_TYPE_LABELS: Record<(typeof VEHICLE_TYPES)[number], string> = { bike: 'Bike', car: 'Car' };

const roleSchema = z.enum(ROLES);
export const emailSchema = emailField();
/** Any password, new or typed to sign in: required, and at most 200 characters (argon2 hashes whatever it is given). */
const anyPassword = z.string({ message: 'Password is required' }).max(200, 'Password is too long');
export const passwordSchema = anyPassword.min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`);
const phoneSchema = phoneField('Phone is required');

export const signUpSchema = z.object({
  fullName: requiredText(120, 'Full name is required'),
  phone: phoneSchema,
  email: emailSchema,
  password: passwordSchema,
  role: z.enum(SIGNUP_ROLES).default('customer'),
});

const VEHICLE_MESSAGE = 'Please fill in all vehicle information';
export const vehicleSchema = z.object({
  vehicleType: z.enum(VEHICLE_TYPES, { message: VEHICLE_MESSAGE }),
  vehicleYear: z.coerce
    .number({ message: VEHICLE_MESSAGE })
    .int(VEHICLE_MESSAGE)
    .min(VEHICLE_YEAR_MIN, `Vehicle year must be between ${VEHICLE_YEAR_MIN} and the current year`)
    .refine((year) => year <= new Date().getFullYear(), {
      message: `Vehicle year must be between ${VEHICLE_YEAR_MIN} and the current year`,
    }),
  vehicleModel: requiredText(80, VEHICLE_MESSAGE),
  plateNumber: requiredText(20, VEHICLE_MESSAGE),
});

/** Files of a sign-up, sent as multipart parts with these names. */
export const SIGNUP_FILES = {
  avatar: 'profile-pictures',
  driversLicense: 'driver-licenses',
  nationalId: 'national-ids',
  vehicleImage: 'vehicle-images',
} as const;
export type SignupFile = keyof typeof SIGNUP_FILES;

/** The vehicle fields of a driver's sign-up, as sent. */
export const VEHICLE_FIELDS = vehicleSchema.keyof().options;

/**
 * What each role sends on top of the account, the one definition the sign-up form and
 * the server's multipart parser both follow: whether a profile picture is required, whether vehicle
 * details are, and which documents. The server checks them in this order: picture, vehicle, documents.
 */
export interface SignupNeeds {
  picture: boolean;
  vehicle: boolean;
  documents: readonly Exclude<SignupFile, 'avatar'>[];
}

export const SIGNUP_NEEDS: Record<SignupRole, SignupNeeds> = {
  customer: { picture: false, vehicle: false, documents: [] },
  restaurant: { picture: true, vehicle: false, documents: [] },
  driver: { picture: true, vehicle: true, documents: ['driversLicense', 'nationalId', 'vehicleImage'] },
};

export const MESSAGES = {
  profilePictureRequired: 'Please upload a profile picture',
  documentsRequired: 'Please upload all required documents and images',
  vehicleRequired: VEHICLE_MESSAGE,
  signupFailed: 'Signup failed',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  commonPassword: 'This password is too common. Choose one that is harder to guess.',
  resetSent: 'If an account exists for that email, a reset link is on its way.',
  resetInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  accountDisabled: 'This account has been disabled. Please contact support.',
  jsonRequired: 'Send this request as JSON (Content-Type: application/json)',
} as const;

export const signInSchema = z.object({
  email: emailSchema,
  password: anyPassword.min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInSchema>;

const profileSchema = z.object({
  fullName: z.string(),
  phone: z.string(),
  avatarUrl: z.string().nullable(),
});

export const meSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: roleSchema.nullable(),
  profile: profileSchema,
  createdAt: z.string(),
});
export type Me = z.infer<typeof meSchema>;

/**
 * A signed-in session as the API returns it. The refresh token is not part of it: it travels
 * only in an HttpOnly cookie scoped to /api/auth (docs/decisions/007-sessions-and-token-storage.md).
 */
export const sessionSchema = z.object({
  accessToken: z.string(),
  /** Access-token expiry, epoch milliseconds. */
  expiresAt: z.number(),
  user: meSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** Body of refresh and sign-out: empty, but sent as JSON, which a cross-site form cannot do. */
export const sessionRequestSchema = z.object({});
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  token: boundedText(200, MESSAGES.resetInvalid).min(1, MESSAGES.resetInvalid),
  password: passwordSchema,
});
export const okSchema = z.object({ ok: z.literal(true) });
