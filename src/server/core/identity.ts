import type { Role } from '@shared/auth/roles.js';

/** Who is asking: the signed-in user a valid access token names. Every layer above this one uses it. */
export interface AuthUser {
  userId: string;
  role: Role | null;
}
