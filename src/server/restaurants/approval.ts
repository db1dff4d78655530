import type { RestaurantApproval } from '@shared/admin/approval.js';
import type { Config } from '../config.js';
import type { Queryable } from '../db/client.js';
import { readApprovalChoice, writeApprovalChoice } from './approvalRepository.js';

export type ApprovalConfig = Pick<Config, 'mode'>;

/**
 * Whether new restaurants wait for approval while no admin has chosen: yes in production (core/mode.ts: NODE_ENV, or an https or remote PUBLIC_URL, or a proxy), where
 * a stranger's restaurant must not go public unseen; no elsewhere, so a demo or a test opens at once.
 */
export const approvalByDefault = (config: ApprovalConfig): boolean => config.mode === 'production';

/** Whether a restaurant set up now starts inactive, waiting for an admin to activate it. */
export async function restaurantsNeedApproval(db: Queryable, config: ApprovalConfig): Promise<boolean> {
  return (await readApprovalChoice(db)) ?? approvalByDefault(config);
}

export async function readRestaurantApproval(db: Queryable, config: ApprovalConfig): Promise<RestaurantApproval> {
  return { restaurantsNeedApproval: await restaurantsNeedApproval(db, config) };
}

/** Records the admin's choice; restaurants already set up keep their state (Activate approves a waiting one). */
export async function changeRestaurantApproval(db: Queryable, choice: RestaurantApproval): Promise<RestaurantApproval> {
  await writeApprovalChoice(db, choice.restaurantsNeedApproval);
  return choice;
}
