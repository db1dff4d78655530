import { ConfigError } from '../src/server/config.js';

type ErrorKind = abstract new (...args: never[]) => Error;

/**
 * Runs an npm command's work and exits: with the code it returns (0 when none), or 1 when it
 * throws. A bad setting, or a refusal of a kind the command names, is printed as it is; anything
 * else after `failure`, which says what could not be done.
 */
export function runCommand(work: () => Promise<number | void>, failure: string, refusals: ErrorKind[] = []): void {
  work().then(
    (code) => process.exit(code ?? 0),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const told = error instanceof ConfigError || refusals.some((kind) => error instanceof kind);
      process.stderr.write(`${told ? message : `${failure}: ${message}`}\n`);
      process.exit(1);
    },
  );
}
