import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A received mail as the journeys read it back (see inbox.ts). */
export interface ReceivedMail {
  to: string[];
  /** The decoded bodies of every text part (plain and HTML), one after another. */
  text: string;
}

export interface Mailbox {
  /** smtp://127.0.0.1:<port> to hand the app as SMTP_URL. */
  url: string;
  /** Folder holding one JSON file per received mail. */
  dir: string;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const end = entity.search(/\r?\n\r?\n/);
  const head = end < 0 ? entity : entity.slice(0, end);
  const body = end < 0 ? '' : entity.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The decoded text of every leaf part of a MIME message, however the sender encoded it. */
function textParts(entity: string): string[] {
  const { headers, body } = splitEntity(entity);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => textParts(part.replace(/^\r?\n/, '')));
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return [Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')];
  if (encoding === 'quoted-printable') return [decodeQuotedPrintable(body)];
  return [body];
}

/**
 * A real SMTP server on a loopback port. It writes every mail it receives to a folder, where
 * the journeys, which run in other processes, read them.
 */
export async function startMailbox(): Promise<Mailbox> {
  const dir = mkdtempSync(path.join(tmpdir(), 'chopchop-e2e-mail-'));
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          text: textParts(Buffer.concat(chunks).toString('utf8')).join('\n'),
        };
        received += 1;
        const file = path.join(dir, `${String(received).padStart(6, '0')}.json`);
        writeFileSync(`${file}.part`, JSON.stringify(mail));
        renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
