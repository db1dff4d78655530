import { z } from 'zod';
import { uuidSchema } from '../fields.js';
import { RESTAURANT_MESSAGES } from './schemas.js';

/** Managers join a restaurant by accepting an invitation (invitations.ts); the owner lists and removes them here. */
export const MANAGER_MESSAGES = {
  notAManager: 'That person is not a manager of this restaurant',
  invalidId: 'That is not a valid manager id',
  removed: 'Manager removed',
  loadFailed: 'Failed to load managers',
} as const;

export const managerParamsSchema = z.object({
  id: uuidSchema(RESTAURANT_MESSAGES.invalidId),
  userId: uuidSchema(MANAGER_MESSAGES.invalidId),
});

const managerSchema = z.object({ userId: z.uuid(), fullName: z.string(), email: z.string() });
export type Manager = z.infer<typeof managerSchema>;
export const managerListSchema = z.array(managerSchema);
