import type { FieldErrors, Resolver } from 'react-hook-form';
import type { SignupRole } from '@shared/auth/roles.js';
import { MESSAGES, SIGNUP_NEEDS, signUpSchema, VEHICLE_FIELDS, vehicleSchema } from '@shared/auth/schemas.js';
import { imageFileProblem } from '@/lib/imageFile.js';

export interface SignUpFormValues {
  fullName: string;
  phone: string;
  email: string;
  password: string;
  role: SignupRole;
  avatar: File | null;
  vehicleType: '' | 'bike' | 'car';
  vehicleYear: string;
  vehicleModel: string;
  plateNumber: string;
  driversLicense: File | null;
  nationalId: File | null;
  vehicleImage: File | null;
}

export type SignUpField = keyof SignUpFormValues;

export const EMPTY_SIGN_UP: SignUpFormValues = {
  fullName: '',
  phone: '',
  email: '',
  password: '',
  role: 'customer',
  avatar: null,
  vehicleType: '',
  vehicleYear: '',
  vehicleModel: '',
  plateNumber: '',
  driversLicense: null,
  nationalId: null,
  vehicleImage: null,
};

/** Fields in the order they appear on screen: the first problem in this order is the one toasted. */
export const SIGN_UP_FIELDS: readonly SignUpField[] = Object.keys(EMPTY_SIGN_UP) as SignUpField[];

export type SignUpProblems = Partial<Record<SignUpField, string>>;

function fileProblem(file: File | null, missingMessage: string): string | undefined {
  if (!file) return missingMessage;
  return imageFileProblem(file) ?? undefined;
}

/**
 * Everything wrong with a sign-up, all at once: the shared account rules, then what restaurant and
 * driver accounts need on top (a profile picture; for drivers, the vehicle and the licence,
 * national ID and vehicle pictures), with the messages of the shared schemas.
 */
export function signUpProblems(values: SignUpFormValues): SignUpProblems {
  const problems: SignUpProblems = {};
  const note = (field: SignUpField, message: string | undefined) => {
    if (message && !problems[field]) problems[field] = message;
  };

  const account = signUpSchema.safeParse(values);
  if (!account.success) for (const issue of account.error.issues) note(issue.path[0] as SignUpField, issue.message);

  const needs = SIGNUP_NEEDS[values.role];
  if (needs.picture) note('avatar', fileProblem(values.avatar, MESSAGES.profilePictureRequired));
  if (needs.vehicle) {
    const vehicle = vehicleSchema.safeParse({ ...values, vehicleYear: values.vehicleYear.trim() || undefined });
    if (!vehicle.success) for (const issue of vehicle.error.issues) note(issue.path[0] as SignUpField, issue.message);
  }
  for (const document of needs.documents) note(document, fileProblem(values[document], MESSAGES.documentsRequired));
  return problems;
}

/** react-hook-form resolver running signUpProblems. */
export const signUpResolver: Resolver<SignUpFormValues> = async (values) => {
  const problems = signUpProblems(values);
  const fields = SIGN_UP_FIELDS.filter((name) => problems[name]);
  if (fields.length === 0) return { values, errors: {} };
  const errors: FieldErrors<SignUpFormValues> = {};
  for (const name of fields) errors[name] = { type: 'validate', message: problems[name] };
  return { values: {}, errors };
};

/** The multipart body of POST /api/auth/signup: only what the chosen role needs. */
export function signUpFormData(values: SignUpFormValues): FormData {
  const form = new FormData();
  form.set('fullName', values.fullName.trim());
  form.set('phone', values.phone.trim());
  form.set('email', values.email.trim());
  form.set('password', values.password);
  form.set('role', values.role);
  const needs = SIGNUP_NEEDS[values.role];
  if (needs.picture && values.avatar) form.set('avatar', values.avatar);
  if (needs.vehicle) for (const field of VEHICLE_FIELDS) form.set(field, values[field].trim());
  for (const document of needs.documents) {
    const file = values[document];
    if (file) form.set(document, file);
  }
  return form;
}
