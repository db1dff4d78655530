import { z } from 'zod';

/**
 * 'New restaurants wait for approval' (admin Settings): when on, the restaurant an owner sets up
 * starts inactive, out of the customers' sight, until an admin activates it in Restaurant
 * Management; meanwhile its owner builds the menu. When off, it is public at once.
 */
export const APPROVAL_MESSAGES = {
  label: 'New restaurants wait for approval',
  explanation:
    'When on, a restaurant an owner sets up stays hidden from customers until an admin activates it in Restaurants. When off, it is public at once.',
  required: 'Say whether new restaurants wait for approval (true or false)',
  updateFailed: 'Failed to update the approval setting',
  turnedOn: 'New restaurants now wait for approval',
  turnedOff: 'New restaurants are now public at once',
  /** What the owner of a restaurant awaiting approval reads on their dashboard and settings. */
  waiting: 'Waiting for approval: an admin will activate your restaurant',
  waitingMeanwhile: 'Customers cannot see it yet. Meanwhile you can build your menu.',
  /** What the owner of a restaurant an admin deactivated reads there instead. */
  deactivated: 'Inactive: an admin has taken your restaurant out of discovery',
  deactivatedMeanwhile: 'Customers cannot see it or order from it.',
  /** What Restaurant Management says of a restaurant awaiting approval. */
  adminWaiting: 'Waiting for approval: Activate makes it public',
} as const;

/** GET and PUT /api/admin/approval. */
export const restaurantApprovalSchema = z.object({
  restaurantsNeedApproval: z.boolean({ message: APPROVAL_MESSAGES.required }),
});
export type RestaurantApproval = z.infer<typeof restaurantApprovalSchema>;
