import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config.js';

/** The application server's identity towards push services (RFC 8292): the key pair and a contact. */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export const VAPID_KEY_FILE = 'vapid-keys.json';
const keyFileSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/**
 * The key pair kept in DATA_DIR, generated the first time. Written with `wx` so that two processes
 * starting on one DATA_DIR at once keep the same pair: the one that loses the race reads the
 * winner's. Browsers subscribe with the public key, so a new pair strands every subscription.
 */
function persistedKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, VAPID_KEY_FILE);
  try {
    return keyFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is not a VAPID key pair: remove it or fix it`, { cause: error });
    }
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return persistedKeys(dataDir);
    throw error;
  }
}

/** The address of MAIL_FROM ("ChopChop <no-reply@chopchop.local>" or a bare address). */
const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

const loaded = new WeakMap<Config, Vapid>();

/** The configured VAPID keys, or those kept in DATA_DIR; read once per config. */
export function vapidOf(config: Config): Vapid {
  let vapid = loaded.get(config);
  if (!vapid) {
    const keys =
      config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
        ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
        : persistedKeys(config.DATA_DIR);
    const subject =
      config.VAPID_SUBJECT ??
      (config.PUBLIC_URL.startsWith('https:') ? config.PUBLIC_URL : `mailto:${mailAddress(config.MAIL_FROM)}`);
    vapid = { ...keys, subject };
    loaded.set(config, vapid);
  }
  return vapid;
}
