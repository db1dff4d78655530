import type { BatchingSettings } from '@shared/drivers/batching.js';
import type { Queryable } from '../db/client.js';
import { readMaxCarried, writeMaxCarried } from './batchingRepository.js';

/**
 * The batching setting of admin Settings (decision 032): how many orders a rider may carry at
 * once. Dispatch and every accept read it in the statement that applies the rule, so a change
 * holds from the next order given; riders already carrying more keep what they carry.
 */

export async function readBatchingSettings(db: Queryable): Promise<BatchingSettings> {
  return { maxCarriedOrders: await readMaxCarried(db) };
}

export async function changeBatchingSettings(db: Queryable, settings: BatchingSettings): Promise<BatchingSettings> {
  await writeMaxCarried(db, settings.maxCarriedOrders);
  return settings;
}
