import type { Analysis } from './judge.js';

/** Messages between the ID checker (idChecker.ts) and its worker thread (analysisWorker.ts). */

/** A national ID image and a profile picture to analyse, as stored (re-encoded WebP). */
export interface AnalysisJob {
  id: number;
  card: Uint8Array;
  picture: Uint8Array;
}

export type WorkerMessage =
  /** The models are loaded: jobs may be sent. */
  | { type: 'ready' }
  /** The models could not be loaded; the worker then ends. */
  | { type: 'startFailed'; message: string }
  | { type: 'done'; id: number; analysis: Analysis }
  /** This job failed (an image that cannot be decoded, say); the worker carries on. */
  | { type: 'failed'; id: number; message: string };
