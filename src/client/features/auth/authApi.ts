import { forgotPasswordSchema, meSchema, okSchema, sessionSchema, signInSchema, type SignInInput } from '@shared/auth/schemas.js';
import { invitationSignupSchema, type InvitationSignup } from '@shared/restaurants/invitations.js';
import { api } from '@/lib/api.js';
import { localizeExpiry } from '@/lib/sessionTiming.js';

export async function signInRequest(input: SignInInput) {
  const session = await api('/api/auth/signin', {
    method: 'POST',
    body: signInSchema.parse(input),
    schema: sessionSchema,
    auth: false,
  });
  return localizeExpiry(session, Date.now());
}

/** Sign-up goes as multipart because restaurant and driver accounts carry images. */
export async function signUpRequest(form: FormData) {
  const session = await api('/api/auth/signup', { method: 'POST', formData: form, schema: sessionSchema, auth: false });
  return localizeExpiry(session, Date.now());
}

/** Creates the manager account an invitation was sent for, accepts it and signs in. */
export async function invitationSignUpRequest(input: InvitationSignup) {
  const session = await api('/api/auth/invitation-signup', {
    method: 'POST',
    body: invitationSignupSchema.parse(input),
    schema: sessionSchema,
    auth: false,
  });
  return localizeExpiry(session, Date.now());
}

/** Ends the session whose refresh token this browser holds in its cookie, and clears the cookie. */
export const signOutRequest = () => api('/api/auth/signout', { method: 'POST', body: {}, schema: okSchema, auth: false });

export const fetchMe = () => api('/api/auth/me', { schema: meSchema });

export const requestPasswordReset = (email: string) =>
  api('/api/auth/forgot-password', {
    method: 'POST',
    body: forgotPasswordSchema.parse({ email }),
    schema: okSchema,
    auth: false,
  });

export const resetPassword = (token: string, password: string) =>
  api('/api/auth/reset-password', { method: 'POST', body: { token, password }, schema: okSchema, auth: false });
