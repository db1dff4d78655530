import { ping, type Db } from '../db/client.js';

/** A load balancer gives up after a few seconds: a database slower than this counts as down. */
const PING_TIMEOUT_MS = 3000;

/** Asks the database for `select 1`; rejects when it fails or has not answered within PING_TIMEOUT_MS. */
export async function pingInTime(db: Db): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([ping(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
