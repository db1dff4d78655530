import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The message body, decoded from its transfer encoding. */
  text: string;
}

export interface LocalSmtpServer {
  /** smtp://127.0.0.1:<port>, to use as SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mails once `count` have arrived in total. */
  waitForMails(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /**
   * From now on refuse every recipient (a mail server that is up but rejects), for good (550)
   * unless another reply code is given (4xx: try again later); null accepts again.
   */
  rejectRecipients(reason: string | null, responseCode?: number): void;
  /** Calls `listener` with each mail the moment it has arrived; returns a function that stops it. */
  onMail(listener: (mail: ReceivedMail) => void): () => void;
  close(): Promise<void>;
}

function decodeBody(encoding: string, body: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Reads a single-part text message as nodemailer writes it. */
function parseMail(raw: string, to: string[], from: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  return {
    from,
    to,
    subject: header('subject'),
    text: decodeBody(header('content-transfer-encoding').toLowerCase(), body).replace(/\r\n/g, '\n'),
  };
}

/** A real SMTP server on a loopback port (no TLS, no auth) that keeps what it receives. */
export async function startLocalSmtpServer(): Promise<LocalSmtpServer> {
  const mails: ReceivedMail[] = [];
  const listeners = new Set<(mail: ReceivedMail) => void>();
  let rejection: { reason: string; responseCode: number } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // A reverse DNS lookup of 127.0.0.1 on every connection cost tens of milliseconds.
    disableReverseLookup: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(rejection ? Object.assign(new Error(rejection.reason), { responseCode: rejection.responseCode }) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to, from);
        mails.push(mail);
        for (const listener of listeners) listener(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMails(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mails.slice(0, count);
    },
    rejectRecipients(reason, responseCode = 550) {
      rejection = reason === null ? null : { reason, responseCode };
    },
    onMail(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
