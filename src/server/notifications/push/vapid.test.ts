import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../../config.js';
import { vapidOf } from './vapid.js';

const refusal = (env: Record<string, string>) => {
  try {
    parseEnv(env);
    return 'accepted';
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
};

/** A config on `DATA_DIR` with no JWT secret to generate there. */
const configOn = (dir: string, env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: dir, JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789', ...env });

describe('VAPID keys and push settings', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chopchop-vapid-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('generates a key pair once into DATA_DIR (mode 0600) and every app on that DATA_DIR keeps it', () => {
    const dir = path.join(dataDir(), 'not-yet-made');
    const first = vapidOf(configOn(dir));
    const file = path.join(dir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    expect(vapidOf(configOn(dir))).toEqual(first);
    // Without an https PUBLIC_URL the contact is MAIL_FROM's address.
    expect(first.subject).toBe('mailto:no-reply@chopchop.local');
  });

  it('uses the configured keys and subject, and leaves DATA_DIR alone', () => {
    const keys = webpush.generateVAPIDKeys();
    const dir = dataDir();
    const vapid = vapidOf(
      configOn(dir, {
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'https://food.example.com',
      }),
    );
    expect(vapid).toEqual({ ...keys, subject: 'https://food.example.com' });
    expect(() => statSync(path.join(dir, 'vapid-keys.json'))).toThrow();
  });

  it('refuses a DATA_DIR key file that is not a key pair rather than replacing it', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'vapid-keys.json'), '{"publicKey":');
    expect(() => vapidOf(configOn(dir))).toThrow(/is not a VAPID key pair/);
  });

  it('checks the settings at start', () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    expect(refusal({ VAPID_PUBLIC_KEY: publicKey })).toContain('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
    expect(refusal({ VAPID_PUBLIC_KEY: privateKey, VAPID_PRIVATE_KEY: publicKey })).toContain(
      'VAPID_PUBLIC_KEY must be a P-256 public key',
    );
    expect(refusal({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey })).toBe('accepted');
    expect(refusal({ VAPID_SUBJECT: 'http://food.example.com' })).toContain(
      'VAPID_SUBJECT must be a mailto: address or an https URL',
    );
    expect(refusal({ PUSH_SERVICE_ORIGINS: 'http://push.example.com' })).toContain(
      'PUSH_SERVICE_ORIGINS "http://push.example.com" must use https',
    );
    expect(parseEnv({ PUSH_SERVICE_ORIGINS: '' }).PUSH_SERVICE_ORIGINS).toHaveLength(4);
  });
});
