import { z } from 'zod';
import { emailSchema, MESSAGES, passwordSchema } from '@shared/auth/schemas.js';
import { hashPassword } from '../auth/password.js';
import { findUserByEmail, insertProfile, insertUser, setRole } from '../auth/repository.js';
import { isCommonPassword } from '../core/commonPasswords.js';
import type { Db } from '../db/client.js';
import { giveRole, giveRoleIn } from './roleChanges.js';

export const adminInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema.refine((password) => !isCommonPassword(password), MESSAGES.commonPassword),
  fullName: z.string().trim().min(1, 'Name must not be empty').max(120).default('Administrator'),
  phone: z.string().trim().max(20).default(''),
});
export type AdminInput = z.input<typeof adminInputSchema>;

/**
 * Makes sure an admin account exists for this email: creates it (true) or, when the email
 * already has an account, gives that account the admin role (its tokens are outdated, so its next
 * refresh carries the role) and leaves its password alone (false).
 */
export async function ensureAdmin(db: Db, input: AdminInput): Promise<boolean> {
  const admin = adminInputSchema.parse(input);
  const existing = await findUserByEmail(db, admin.email);
  if (existing) {
    await giveRole(db, existing.id, 'admin');
    return false;
  }
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    const userId = await insertUser(tx, admin.email, passwordHash);
    if (!userId) {
      // Created by someone else between the lookup and the insert (two instances starting together).
      const raced = await findUserByEmail(tx, admin.email);
      await giveRoleIn(tx, raced!.id, 'admin');
      return false;
    }
    await insertProfile(tx, { userId, fullName: admin.fullName, phone: admin.phone });
    await setRole(tx, userId, 'admin');
    return true;
  });
}
