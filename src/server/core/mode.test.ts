import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { modeOf, servedOverHttps } from './mode.js';

const modeWith = (env: Record<string, string>) => loadConfig({ JWT_SECRET: 'x'.repeat(32), ...env }).mode;

describe('the mode derived from the settings', () => {
  it('is development with nothing set, as after the README first command, or on a local http address', () => {
    expect(modeWith({})).toBe('development');
    expect(modeWith({ PUBLIC_URL: 'http://127.0.0.1:8080' })).toBe('development');
    expect(modeWith({ PUBLIC_URL: 'http://app.localhost:3000' })).toBe('development');
  });

  it('is production without NODE_ENV for an https or non-local address, or behind a trusted proxy', () => {
    expect(modeWith({ PUBLIC_URL: 'https://food.example.com' })).toBe('production');
    expect(modeWith({ PUBLIC_URL: 'http://food.example.com' })).toBe('production');
    expect(modeWith({ TRUST_PROXY: '1' })).toBe('production');
    expect(modeWith({ NODE_ENV: 'production' })).toBe('production');
  });

  it('follows NODE_ENV=test for tests', () => {
    expect(modeOf({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: false })).toBe('test');
  });
});

describe('servedOverHttps', () => {
  const local = { NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' } as const;

  it('holds for an https site or an https request, whatever NODE_ENV', () => {
    expect(servedOverHttps({ ...local, PUBLIC_URL: 'https://food.example.com' }, { protocol: 'http' })).toBe(true);
    expect(servedOverHttps(local, { protocol: 'https' })).toBe(true);
  });

  it('does not hold for plain http in development, so a phone on the LAN keeps its session', () => {
    expect(servedOverHttps({ ...local, PUBLIC_URL: 'http://192.168.1.20:3000' }, { protocol: 'http' })).toBe(false);
  });
});
