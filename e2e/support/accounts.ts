import { randomBytes } from 'node:crypto';
import type { SignupRole } from '@shared/auth/roles.js';
import { sessionSchema, type Session } from '@shared/auth/schemas.js';
import { imageFiles, type FilePayload } from './files.js';

export interface Account {
  email: string;
  password: string;
  fullName: string;
  phone: string;
}

/** Fresh sign-up details; the email is unique so journeys never collide. */
export function newAccount(label: string): Account {
  const suffix = randomBytes(4).toString('hex');
  return {
    email: `${label}-${suffix}@example.com`,
    password: `pass-${suffix}`,
    fullName: `${label[0]?.toUpperCase() ?? ''}${label.slice(1)} ${suffix}`,
    phone: '+233 24 123 4567',
  };
}

/**
 * Creates an account the way the sign-up form does, through POST /api/auth/signup
 * (multipart), for journeys that start from signing in.
 */
export async function createAccount(
  origin: string,
  role: SignupRole,
  options: { account?: Account; avatar?: FilePayload; fields?: Record<string, string>; files?: Record<string, FilePayload> } = {},
): Promise<Account & { session: Session }> {
  const account = options.account ?? newAccount(role);
  const form = new FormData();
  form.set('fullName', account.fullName);
  form.set('phone', account.phone);
  form.set('email', account.email);
  form.set('password', account.password);
  form.set('role', role);
  for (const [name, value] of Object.entries(options.fields ?? {})) form.set(name, value);
  const files = { ...(options.avatar ? { avatar: options.avatar } : {}), ...options.files };
  for (const [name, file] of Object.entries(files)) {
    form.set(name, new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  }
  const response = await fetch(`${origin}/api/auth/signup`, { method: 'POST', body: form });
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`sign-up as ${role} failed with ${response.status}: ${JSON.stringify(body)}`);
  return { ...account, session: sessionSchema.parse(body) };
}

/** A driver signed up as the form does: profile picture, vehicle, and the three documents. */
export async function createDriver(origin: string, options: { label?: string; plateNumber?: string } = {}) {
  const files = await imageFiles();
  return createAccount(origin, 'driver', {
    account: newAccount(options.label ?? 'driver'),
    avatar: files.profilePicture,
    fields: {
      vehicleType: 'bike',
      vehicleYear: '2021',
      vehicleModel: 'Honda CG 125',
      plateNumber: options.plateNumber ?? 'GR 1024-21',
    },
    files: { driversLicense: files.driversLicense, nationalId: files.nationalId, vehicleImage: files.vehicleImage },
  });
}
