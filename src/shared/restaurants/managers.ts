import { z } from 'zod';
import { emailField, uuidSchema } from '../fields.js';
import { RESTAURANT_MESSAGES } from './schemas.js';

export const MANAGER_MESSAGES = {
  otherRole: 'That email belongs to an account that is not a manager. Ask them to use another email.',
  alreadyAdded: 'That manager already belongs to this restaurant',
  notAManager: 'That person is not a manager of this restaurant',
  invalidId: 'That is not a valid manager id',
  added: 'Manager added',
  invited: 'Invitation sent',
  removed: 'Manager removed',
  loadFailed: 'Failed to load managers',
} as const;

export const managerEmailSchema = z.object({ email: emailField() });
export type ManagerEmail = z.output<typeof managerEmailSchema>;

export const managerParamsSchema = z.object({
  id: uuidSchema(RESTAURANT_MESSAGES.invalidId),
  userId: uuidSchema(MANAGER_MESSAGES.invalidId),
});

export const managerSchema = z.object({ userId: z.uuid(), fullName: z.string(), email: z.string() });
export type Manager = z.infer<typeof managerSchema>;
export const managerListSchema = z.array(managerSchema);

/** The answer to adding a manager: `invited` when the email had no account and an invitation went out. */
export const addedManagerSchema = managerSchema.extend({ invited: z.boolean() });
export type AddedManager = z.infer<typeof addedManagerSchema>;
