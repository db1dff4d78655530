import { Writable } from 'node:stream';

export interface CapturedLog {
  /** Every line written so far, as one string. */
  text(): string;
  /** The lines parsed as JSON. */
  entries(): Record<string, unknown>[];
  /** Logger options for buildApp that write here. */
  options: { level: 'info'; stream: Writable };
}

/** A pino destination in memory, to read what a request wrote to the log. */
export function captureLog(): CapturedLog {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return {
    text: () => lines.join('\n'),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    options: { level: 'info', stream },
  };
}
