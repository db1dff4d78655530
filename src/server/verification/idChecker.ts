import { Worker } from 'node:worker_threads';
import type { Analysis } from './judge.js';
import type { AnalysisJob, WorkerMessage } from './protocol.js';

const WORKER_ENTRY = new URL('./analysisWorker.mjs', import.meta.url);

export type IdCheckErrorKind = 'timeout' | 'busy' | 'unavailable';

/** Why an analysis did not come back: it ran past its time, too many were waiting, or the worker failed. */
export class IdCheckError extends Error {
  constructor(
    readonly kind: IdCheckErrorKind,
    message: string,
  ) {
    super(message);
  }
}

const stopped = () => new IdCheckError('unavailable', 'The ID checker has been stopped');

export interface IdCheckerOptions {
  /** How long the worker may take to load its models; 2 minutes unless given. */
  startTimeoutMs?: number;
  /** Analyses that may wait behind the running one before more are refused as busy; 4 unless given. */
  maxWaiting?: number;
  /**
   * How long the worker stays loaded without analyses; 15 minutes unless given. A warm worker
   * holds some 450 MB (models, OCR data, WebAssembly memory), worth giving back between sessions
   * of checks.
   */
  idleMs?: number;
}

interface Pending {
  resolve: (analysis: Analysis) => void;
  reject: (error: IdCheckError) => void;
}

/**
 * Runs ID analyses (analysisWorker.ts) in one worker thread, off the event loop, one at a time.
 * The thread starts with the first analysis and keeps its models loaded until it has been idle
 * for a while. It is ended and started afresh after an analysis runs past its time or the
 * thread fails; callers then get an IdCheckError, never a crash.
 */
export class IdChecker {
  private worker: Worker | null = null;
  private starting: Promise<Worker> | null = null;
  /** The thread of `starting`, ended at once if the checker closes while it loads. */
  private loading: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextJobId = 1;
  /** The end of the queue: each analysis starts when the one before it has settled. */
  private queue: Promise<unknown> = Promise.resolve();
  private queued = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: IdCheckerOptions = {}) {}

  /**
   * Analyses a national ID image against a profile picture (both as stored). `timeoutMs` is how
   * long the analysis may take once the worker has it (loading the models is not counted): past
   * it the worker is ended, to be started afresh by the next analysis.
   */
  analyse(card: Uint8Array, picture: Uint8Array, timeoutMs: number): Promise<Analysis> {
    if (this.closed) return Promise.reject(stopped());
    // One runs while the others wait.
    if (this.queued > (this.options.maxWaiting ?? 4)) {
      return Promise.reject(new IdCheckError('busy', 'Too many ID checks are waiting. Please try again in a moment.'));
    }
    this.queued += 1;
    clearTimeout(this.idleTimer);
    const run = this.queue
      .then(() => this.run(card, picture, timeoutMs))
      .finally(() => {
        this.queued -= 1;
        if (this.queued === 0) this.stopWhenIdle();
      });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Whether the worker thread is up with its models loaded. */
  get warm(): boolean {
    return this.worker !== null;
  }

  /** Ends the worker thread; later analyses are refused. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    await this.loading?.terminate();
    await this.stop(stopped());
  }

  private async run(card: Uint8Array, picture: Uint8Array, timeoutMs: number): Promise<Analysis> {
    if (this.closed) throw stopped();
    const worker = await this.started();
    const id = this.nextJobId++;
    return new Promise<Analysis>((resolve, reject) => {
      const timer = setTimeout(() => {
        const seconds = Number((timeoutMs / 1000).toFixed(3));
        void this.stop(
          new IdCheckError('timeout', `The ID check took longer than ${seconds} s and was stopped. Please try again.`),
        );
      }, timeoutMs);
      const settle = () => {
        clearTimeout(timer);
        this.pending.delete(id);
      };
      this.pending.set(id, {
        resolve: (analysis) => {
          settle();
          resolve(analysis);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      const job: AnalysisJob = { id, card, picture };
      worker.postMessage(job);
    });
  }

  /** The running worker, or a new one once it has loaded its models. */
  private started(): Promise<Worker> {
    if (this.worker) return Promise.resolve(this.worker);
    this.starting ??= this.start().finally(() => (this.starting = null));
    return this.starting;
  }

  private start(): Promise<Worker> {
    const worker = new Worker(WORKER_ENTRY);
    this.loading = worker;
    // A warm, idle worker does not keep the process alive; a waiting analysis has its own timer.
    worker.unref();
    return new Promise<Worker>((resolve, reject) => {
      let ready = false;
      const fail = (message: string) => {
        clearTimeout(timer);
        this.loading = null;
        void worker.terminate();
        reject(new IdCheckError('unavailable', message));
      };
      const timer = setTimeout(
        () => fail('The ID check could not start in time. Please try again.'),
        this.options.startTimeoutMs ?? 120_000,
      );
      worker.on('message', (message: WorkerMessage) => {
        switch (message.type) {
          case 'ready':
            if (this.closed) return fail(stopped().message);
            ready = true;
            clearTimeout(timer);
            this.loading = null;
            this.worker = worker;
            return resolve(worker);
          case 'startFailed':
            return fail(`The ID check could not start: ${message.message}`);
          case 'done':
            return this.pending.get(message.id)?.resolve(message.analysis);
          case 'failed':
            return this.pending
              .get(message.id)
              ?.reject(new IdCheckError('unavailable', `The ID check failed: ${message.message}`));
        }
      });
      const lost = (why: string) => {
        if (!ready) return fail(`The ID check could not start: ${why}`);
        // A worker this checker ended itself (stop) is already replaced; its jobs are already failed.
        if (this.worker !== worker) return;
        this.worker = null;
        this.rejectAll(new IdCheckError('unavailable', `The ID check stopped: ${why}`));
      };
      worker.on('error', (error) => lost(error.message));
      worker.on('exit', (code) => lost(`its thread ended with code ${code}`));
    });
  }

  private stopWhenIdle() {
    const idle = new IdCheckError('unavailable', 'The ID checker was idle');
    this.idleTimer = setTimeout(() => void this.stop(idle), this.options.idleMs ?? 15 * 60_000).unref();
  }

  private rejectAll(error: IdCheckError) {
    for (const pending of [...this.pending.values()]) pending.reject(error);
  }

  /** Ends the worker, failing whatever it was doing with `error`; the next analysis starts a new one. */
  private async stop(error: IdCheckError): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.rejectAll(error);
    await worker?.terminate();
  }
}
