import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { commissionSettings } from '../db/schema.js';

/** SQL of the 'New restaurants wait for approval' setting (approval.ts), kept on the one platform settings row. */

/** The admin's choice; null while none was made (the deployment's default applies). */
export async function readApprovalChoice(db: Queryable): Promise<boolean | null> {
  const [row] = await db
    .select({ choice: commissionSettings.restaurantsNeedApproval })
    .from(commissionSettings)
    .where(eq(commissionSettings.id, 1));
  if (!row) throw new Error('commission_settings has lost its row');
  return row.choice;
}

export async function writeApprovalChoice(db: Queryable, choice: boolean): Promise<void> {
  await db.update(commissionSettings).set({ restaurantsNeedApproval: choice }).where(eq(commissionSettings.id, 1));
}
