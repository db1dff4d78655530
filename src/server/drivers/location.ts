import { DRIVER_MESSAGES, type DriverPosition, type StoredPosition } from '@shared/drivers/schemas.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import type { Database } from '../db/client.js';
import { forbidden } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import { keepsDriverRow } from '../policy.js';
import { raiseCommitted } from '../realtime/publish.js';
import type { DispatchDeps } from '../dispatch/service.js';
import { positionWriterFor } from './positionWriter.js';

/**
 * A position the driver's phone sends (PUT /api/drivers/me/location): stored on their own row
 * with the server's time, then raised as `driver.location` to the driver's topic, to the topic
 * of every order they carry (batching), which only its customer may follow, and with the time it
 * was stored to the admins' operations topic (decision 031). Positions are
 * written in batches (positionWriter.ts) that commit before anything is raised.
 */
export async function reportPosition(
  deps: DispatchDeps & { database: Database },
  driver: AuthUser,
  position: DriverPosition,
): Promise<StoredPosition> {
  if (!keepsDriverRow(driver)) throw forbidden(DRIVER_MESSAGES.notDriver);
  const { database } = deps;
  const stored = await positionWriterFor(database.statements).write({ driverId: driver.userId, ...position });
  if (!stored) throw forbidden(DRIVER_MESSAGES.notDriver);

  const event = {
    type: 'driver.location',
    driverId: driver.userId,
    latitude: stored.latitude,
    longitude: stored.longitude,
  } as const;
  const at = new Date(stored.stamped_ms).toISOString();
  const events: RealtimeEvent[] = [
    { ...event, topic: topics.driver(driver.userId) },
    { ...event, at, topic: topics.operations() },
  ];
  for (const orderId of stored.carried_order_ids) events.push({ ...event, topic: topics.order(orderId), orderId });
  void raiseCommitted(database.db, events);
  // Going online may come before the first fix: the order waiting near them is offered once there
  // is one (if they have room for it), by the offer-rider job. It is queued once the batch the
  // position went in has committed: batches are one statement on the pool, outside any transaction.
  if (stored.became_dispatchable) await deps.jobs.send(deps.db, 'offer-rider', { driverId: driver.userId });

  return {
    latitude: stored.latitude,
    longitude: stored.longitude,
    lastLocationUpdate: at,
  };
}
