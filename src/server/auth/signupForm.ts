import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MESSAGES, SIGNUP_FILES, SIGNUP_NEEDS, signUpSchema, vehicleSchema, type SignupFile } from '@shared/auth/schemas.js';
import type { AppError } from '../http/errors.js';
import { badRequest, underField } from '../http/errors.js';
import { multipartRefusal } from '../storage/multipart.js';
import { refuseCommonPassword } from '../core/commonPasswords.js';

export interface SignupForm {
  account: z.output<typeof signUpSchema>;
  /** Present for drivers only. */
  vehicle: z.output<typeof vehicleSchema> | null;
  /** The uploads this role keeps: the avatar, and for drivers their three documents. */
  files: Partial<Record<SignupFile, Buffer>>;
}

const isSignupFile = (name: string): name is SignupFile => Object.hasOwn(SIGNUP_FILES, name);

function rejected(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return badRequest(error.issues[0]?.message ?? MESSAGES.signupFailed, fields);
}

/** Checks a sign-up's text fields and files in the order the sign-up screen explains them. */
export function validateSignup(fields: Record<string, string>, files: Partial<Record<SignupFile, Buffer>>): SignupForm {
  const account = signUpSchema.safeParse(fields);
  if (!account.success) throw rejected(account.error);
  refuseCommonPassword(account.data.password);
  const needs = SIGNUP_NEEDS[account.data.role];

  if (needs.picture && !files.avatar) {
    throw badRequest(MESSAGES.profilePictureRequired, { avatar: MESSAGES.profilePictureRequired });
  }
  let vehicle: SignupForm['vehicle'] = null;
  if (needs.vehicle) {
    const parsed = vehicleSchema.safeParse(fields);
    if (!parsed.success) throw rejected(parsed.error);
    vehicle = parsed.data;
  }
  const missing = needs.documents.filter((name) => !files[name]);
  if (missing.length > 0) {
    throw badRequest(MESSAGES.documentsRequired, Object.fromEntries(missing.map((name) => [name, MESSAGES.documentsRequired])));
  }
  // An optional picture is kept whatever the role; documents only for the roles that send them.
  const kept = (['avatar', ...needs.documents] as const).filter((name) => files[name]);
  return { account: account.data, vehicle, files: Object.fromEntries(kept.map((name) => [name, files[name]])) };
}

/** Reads a multipart sign-up: text fields and up to four image files, held in memory (5 MB each at most). */
export async function readSignupForm(request: FastifyRequest): Promise<SignupForm> {
  if (!request.isMultipart()) throw badRequest('Sign-up must be sent as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: Partial<Record<SignupFile, Buffer>> = {};
  let reading: SignupFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!isSignupFile(part.fieldname)) throw badRequest(`Unexpected file field "${part.fieldname}"`);
      reading = part.fieldname;
      const data = await part.toBuffer();
      reading = undefined;
      // A browser sends an empty part for a file input left blank.
      if (data.length > 0) files[part.fieldname] = data;
    }
  } catch (error) {
    const refusal = multipartRefusal(request, error);
    throw reading ? underField(refusal, reading) : refusal;
  }
  return validateSignup(fields, files);
}
