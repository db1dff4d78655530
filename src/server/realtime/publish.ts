import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client.js';
import { realtimeEventSchema, type RealtimeEvent } from '@shared/realtime/events.js';

export const REALTIME_CHANNEL = 'realtime';

/** More payloads than this wait for the next statement. */
const MAX_PAYLOADS_PER_STATEMENT = 500;

type ErrorHandler = (error: unknown, lost: number) => void;

/**
 * The NOTIFY payloads of events raised together: an event raised for several topics in a row
 * (an order's move for its customer, its restaurant and the admins) goes as one payload naming
 * them all (`{"topics": [...], "type": ..., ...}`), sent once and read once by every instance
 * instead of once per topic. Every topic still hears its events in the order they were raised.
 */
function eventPayloads(events: RealtimeEvent[]): string[] {
  const runs: { event: RealtimeEvent; topics: string[] }[] = [];
  for (const event of events) {
    const last = runs.at(-1);
    if (last && sameBesidesTopic(last.event, event)) last.topics.push(event.topic);
    else runs.push({ event, topics: [event.topic] });
  }
  return runs.map(({ event: { topic: _topic, ...event }, topics }) => JSON.stringify({ topics, ...event }));
}

/** Events are flat: the same fields with the same values, whatever their topics. */
function sameBesidesTopic(a: RealtimeEvent, b: RealtimeEvent): boolean {
  const fields = Object.keys(a) as (keyof RealtimeEvent)[];
  return fields.length === Object.keys(b).length && fields.every((field) => field === 'topic' || a[field] === b[field]);
}

/** A place held in the sender's queue for events a transaction raises once it has committed. */
class Reservation {
  private settle!: (events: RealtimeEvent[]) => void;
  readonly events = new Promise<RealtimeEvent[]>((resolve) => (this.settle = resolve));
  fill(events: RealtimeEvent[]) {
    this.settle(events);
  }
  cancel() {
    this.settle([]);
  }
}

/**
 * Sends committed events to every instance with NOTIFY, one statement at a time: events raised
 * while a statement is out go together in the next one, so under load many orders share one
 * round trip and at rest each goes out at once. The notifying transaction writes nothing that
 * needs a disk flush, so it commits asynchronously and holds PostgreSQL's NOTIFY lock only for
 * a moment (see docs/decisions/006-events-after-commit.md). A reservation holds back everything
 * raised after it until it is filled or cancelled.
 */
class EventSender {
  private queue: (string | Reservation)[] = [];
  private sending: Promise<void> | undefined;
  onError: ErrorHandler = () => undefined;
  /** Set by sendInProcess: the embedded database's listeners are all in this process. */
  inProcess = false;

  constructor(public send: (payloads: string[]) => Promise<unknown>) {}

  raise(events: RealtimeEvent[]): Promise<void> {
    this.queue.push(...eventPayloads(events));
    return this.start();
  }

  reserve(): Reservation {
    const reservation = new Reservation();
    this.queue.push(reservation);
    void this.start();
    return reservation;
  }

  /** Resolves once every event raised so far has been sent (or reported lost). */
  drained(): Promise<void> {
    return this.sending ?? Promise.resolve();
  }

  private start(): Promise<void> {
    this.sending ??= this.sendQueued();
    return this.sending;
  }

  private async sendQueued() {
    while (this.queue.length > 0) {
      const head = this.queue[0];
      if (head instanceof Reservation) {
        this.queue.splice(0, 1, ...eventPayloads(await head.events));
        continue;
      }
      const held = this.queue.findIndex((item) => item instanceof Reservation);
      const count = Math.min(held === -1 ? this.queue.length : held, MAX_PAYLOADS_PER_STATEMENT);
      const payloads = this.queue.splice(0, count) as string[];
      try {
        await this.send(payloads);
      } catch (error) {
        this.onError(error, payloads.length);
      }
    }
    this.sending = undefined;
  }
}

const senders = new WeakMap<Db, EventSender>();
function senderFor(db: Db): EventSender {
  let sender = senders.get(db);
  if (!sender) {
    sender = new EventSender((payloads) =>
      db.execute(sql`
        with quick as (select set_config('synchronous_commit', 'off', true))
        select pg_notify(${REALTIME_CHANNEL}, payload) from quick, unnest(${sql.param(payloads)}::text[]) as payload`),
    );
    senders.set(db, sender);
  }
  return sender;
}

/**
 * Raises events about writes that have committed: call it after the transaction, never inside
 * it, so a rolled-back write never reaches a browser. Resolves once they are sent; it never
 * rejects (a failure goes to the handler set with onEventsLost), so callers need not wait.
 */
export function raiseCommitted(db: Db, events: RealtimeEvent[]): Promise<void> {
  return events.length === 0 ? Promise.resolve() : senderFor(db).raise(events);
}

/** Runs `work` in one transaction and raises the events it collected once that has committed; none if it rolls back. */
export async function transactionWithEvents<T>(
  db: Db,
  work: (tx: Tx, raise: (event: RealtimeEvent) => void) => Promise<T>,
): Promise<T> {
  const events: RealtimeEvent[] = [];
  const result = await db.transaction((tx) => work(tx, (event) => events.push(event)));
  void raiseCommitted(db, events);
  return result;
}

/**
 * Runs `work` in one transaction whose events go out as it commits, ahead of any event raised by
 * work that saw the commit (a job it queued, on whichever instance); none if it rolls back. On
 * PostgreSQL they are NOTIFYed inside the transaction, which delivers them in commit order to every
 * instance, at the cost of holding the NOTIFY lock through the commit's flush (decision 006); on
 * the embedded database they hold a place in this process's queue from before the transaction
 * begins. For rare writes whose events must keep their order: payouts'
 * (docs/decisions/037-payout-events-in-commit-order.md).
 */
export async function transactionWithOrderedEvents<T>(
  db: Db,
  work: (tx: Tx, raise: (event: RealtimeEvent) => void) => Promise<T>,
): Promise<T> {
  const sender = senderFor(db);
  const events: RealtimeEvent[] = [];
  if (!sender.inProcess) {
    return db.transaction(async (tx) => {
      const result = await work(tx, (event) => events.push(event));
      await notifyInTransaction(tx, events);
      return result;
    });
  }
  const reservation = sender.reserve();
  try {
    const result = await db.transaction((tx) => work(tx, (event) => events.push(event)));
    reservation.fill(events);
    return result;
  } catch (error) {
    reservation.cancel();
    throw error;
  }
}

async function notifyInTransaction(tx: Tx, events: RealtimeEvent[]) {
  const payloads = eventPayloads(events);
  for (let start = 0; start < payloads.length; start += MAX_PAYLOADS_PER_STATEMENT) {
    const some = payloads.slice(start, start + MAX_PAYLOADS_PER_STATEMENT);
    await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, payload) from unnest(${sql.param(some)}::text[]) as payload`);
  }
}

/**
 * Hands the events raised on `db` to `deliver` instead of a NOTIFY statement: for the embedded
 * database, whose listeners are all in this process. Its NOTIFY would cost a statement on the
 * one connection every request shares, as much as half of what a checkout costs.
 */
export function sendInProcess(db: Db, deliver: (payloads: string[]) => void) {
  const sender = senderFor(db);
  sender.send = async (payloads) => deliver(payloads);
  sender.inProcess = true;
}

/** Where failures to send events are reported, with how many events were lost. */
export function onEventsLost(db: Db, handler: ErrorHandler) {
  senderFor(db).onError = handler;
}

/** Resolves once every event raised on `db` so far has been sent; for shutdown. */
export function eventsSent(db: Db): Promise<void> {
  return senderFor(db).drained();
}

const payloadTopicsSchema = z.object({ topics: z.array(z.string()).min(1) });

/**
 * The events a NOTIFY payload carries (eventPayloads), one per topic, checked once; none for
 * anything raiseCommitted would not have sent.
 */
export function parseEventPayload(payload: string): RealtimeEvent[] {
  let message: unknown;
  try {
    message = JSON.parse(payload);
  } catch {
    return [];
  }
  const addressed = payloadTopicsSchema.safeParse(message);
  if (!addressed.success) return [];
  const [first, ...others] = addressed.data.topics;
  const parsed = realtimeEventSchema.safeParse({ ...(message as object), topic: first });
  if (!parsed.success) return [];
  return [parsed.data, ...others.map((topic) => ({ ...parsed.data, topic }))];
}

/**
 * What the log may say of a payload no event could be read from: its size and its type, never its
 * ids or a rider's position.
 */
export function describePayload(payload: string): { bytes: number; type?: string } {
  const bytes = Buffer.byteLength(payload);
  try {
    const { type } = JSON.parse(payload) as { type?: unknown };
    return typeof type === 'string' ? { bytes, type: type.slice(0, 40) } : { bytes };
  } catch {
    return { bytes };
  }
}
