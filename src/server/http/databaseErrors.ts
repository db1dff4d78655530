import type { ErrorCode } from '@shared/http/errors.js';

/** A SQLSTATE: two characters of class (00-5x, F0, HV, P0, XX), three of condition. */
const SQLSTATE = /^(?:[0-5][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;

export interface DatabaseErrorFields {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

/**
 * The PostgreSQL error behind `error` (itself, or the cause drizzle wrapped it in), or undefined.
 * Only the names of what failed are kept: its message, detail and where may quote the values.
 */
export function databaseErrorOf(error: unknown): DatabaseErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const candidate = current as Record<string, unknown>;
    if (typeof candidate.code === 'string' && SQLSTATE.test(candidate.code)) {
      const fields: DatabaseErrorFields = { code: candidate.code };
      for (const key of ['constraint', 'table', 'column', 'routine'] as const) {
        if (typeof candidate[key] === 'string') fields[key] = candidate[key];
      }
      return fields;
    }
    current = candidate.cause;
  }
  return undefined;
}

export interface Refusal {
  status: 400 | 409;
  code: ErrorCode;
  message: string;
}

const badInput = (message: string): Refusal => ({ status: 400, code: 'bad_request', message });
const conflicting = (message: string): Refusal => ({ status: 409, code: 'conflict', message });

const INVALID_VALUE = badInput('A value is not valid');
const OUT_OF_RANGE = badInput('A value is out of the allowed range');
const TOO_LARGE = badInput('A value is too large to store');
const UNSTORABLE_TEXT = badInput('A value contains characters that cannot be stored');
const RETRY = conflicting('Someone else changed this at the same time. Please try again.');

const byCondition: Record<string, Refusal> = {
  '22001': badInput('A value is too long'),
  '22003': badInput('A number is out of range'),
  '22007': badInput('A date or time has the wrong format'),
  '22008': badInput('A date or time is out of range'),
  '22012': OUT_OF_RANGE,
  '22021': UNSTORABLE_TEXT,
  '22P02': badInput('A value has the wrong format'),
  '22P05': UNSTORABLE_TEXT,
  '23502': badInput('A required value is missing'),
  '23503': badInput('It refers to something that does not exist'),
  '23505': conflicting('That already exists'),
  '23514': OUT_OF_RANGE,
  '40001': RETRY,
  '40P01': RETRY,
};

/** Whole classes a client can provoke with what it sends, for conditions not named above. */
const byClass: Record<string, Refusal> = {
  // data exception: a value the column type or function refuses (2201x included)
  '22': INVALID_VALUE,
  // integrity constraint violation
  '23': conflicting('That conflicts with data already stored'),
  // transaction rollback: a concurrent request won
  '40': RETRY,
  // program limit exceeded: an index row, an array or a statement too large
  '54': TOO_LARGE,
};

/**
 * How to answer a PostgreSQL error: the input was wrong (4xx with a message that quotes nothing)
 * or, for anything else, undefined: a fault of the server.
 */
export function refusalFor(sqlState: string): Refusal | undefined {
  return byCondition[sqlState] ?? byClass[sqlState.slice(0, 2)];
}
