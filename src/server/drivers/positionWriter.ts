import type { StatementRunner } from '../db/statements.js';
import { storePositions, type SentPosition, type StoredPositionRow } from './repository.js';

/** Positions written in one statement at most; more wait for the next one. */
const MAX_BATCH = 500;
/** Statements in flight at once: while they run, the next positions gather into a batch. */
const MAX_IN_FLIGHT = 2;

interface Waiting {
  position: SentPosition;
  answers: ((row: StoredPositionRow | undefined) => void)[];
  failures: ((error: unknown) => void)[];
}

/**
 * Writes drivers' positions in batches: a position that arrives while the database is busy
 * waits for the next statement instead of taking a connection and a commit of its own, so at
 * 5,000 positions a second the database sees a few hundred statements, not 5,000. When the
 * database is idle a position goes at once. A driver who sends twice before their batch goes is
 * written once, with the newest position, and both requests get its answer.
 */
export class PositionWriter {
  private waiting = new Map<string, Waiting>();
  private inFlight = 0;

  constructor(private readonly statements: StatementRunner) {}

  /** Stores the position; undefined when the user has no driver row. */
  write(position: SentPosition): Promise<StoredPositionRow | undefined> {
    return new Promise((resolve, reject) => {
      const queued = this.waiting.get(position.driverId);
      if (queued) {
        queued.position = position;
        queued.answers.push(resolve);
        queued.failures.push(reject);
      } else {
        this.waiting.set(position.driverId, { position, answers: [resolve], failures: [reject] });
      }
      this.flush();
    });
  }

  private flush() {
    if (this.inFlight >= MAX_IN_FLIGHT || this.waiting.size === 0) return;
    const batch = [...this.waiting.values()].slice(0, MAX_BATCH);
    for (const entry of batch) this.waiting.delete(entry.position.driverId);
    this.inFlight += 1;
    storePositions(
      this.statements,
      batch.map((entry) => entry.position),
    )
      .then(
        (rows) => {
          for (const entry of batch) for (const answer of entry.answers) answer(rows.get(entry.position.driverId));
        },
        (error: unknown) => {
          for (const entry of batch) for (const fail of entry.failures) fail(error);
        },
      )
      .finally(() => {
        this.inFlight -= 1;
        this.flush();
      });
  }
}

const writers = new WeakMap<StatementRunner, PositionWriter>();

/** The one position writer of a database. */
export function positionWriterFor(statements: StatementRunner): PositionWriter {
  let writer = writers.get(statements);
  if (!writer) {
    writer = new PositionWriter(statements);
    writers.set(statements, writer);
  }
  return writer;
}
