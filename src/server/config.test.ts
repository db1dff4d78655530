import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, s3SettingsOf } from './config.js';

const refusal = (env: Record<string, string>) => {
  try {
    parseEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return 'accepted';
};

describe('settings checked at start', () => {
  it.each(['0', '-1', '1.5', 'five'])('refuses RATE_LIMIT_ORDERS_MAX=%s, saying what it must be', (value) =>
    expect(refusal({ RATE_LIMIT_ORDERS_MAX: value })).toContain('RATE_LIMIT_ORDERS_MAX must be a whole number, at least 1'),
  );

  it.each([
    ['4', 'must be at least 5 km/h'],
    ['81', 'must be at most 80 km/h'],
    ['fast', 'must be a number of kilometres an hour'],
  ])('refuses DELIVERY_AVERAGE_SPEED_KMH=%s, and rides at 20 km/h unless told', (value, message) => {
    expect(refusal({ DELIVERY_AVERAGE_SPEED_KMH: value })).toContain(`DELIVERY_AVERAGE_SPEED_KMH ${message}`);
    expect(parseEnv({}).DELIVERY_AVERAGE_SPEED_KMH).toBe(20);
    expect(parseEnv({ DELIVERY_AVERAGE_SPEED_KMH: '12.5' }).DELIVERY_AVERAGE_SPEED_KMH).toBe(12.5);
  });

  it.each([
    ['0', 'must be at least 1 minute'],
    ['61', 'must be at most 60 minutes'],
    ['2.5', 'must be a whole number of minutes'],
  ])('refuses CUSTOMER_WAIT_MINUTES=%s, and waits 10 minutes at the door unless told', (value, message) => {
    expect(refusal({ CUSTOMER_WAIT_MINUTES: value })).toContain(`CUSTOMER_WAIT_MINUTES ${message}`);
    expect(parseEnv({}).CUSTOMER_WAIT_MINUTES).toBe(10);
    expect(parseEnv({ CUSTOMER_WAIT_MINUTES: '5' }).CUSTOMER_WAIT_MINUTES).toBe(5);
  });

  it.each([
    ['-1', 'must be at least 0 seconds'],
    ['301', 'must be at most 300 seconds'],
    ['soon', 'must be a number of seconds'],
  ])('refuses SHUTDOWN_GRACE_SECONDS=%s, and gives 10 seconds unless told', (value, message) => {
    expect(refusal({ SHUTDOWN_GRACE_SECONDS: value })).toContain(`SHUTDOWN_GRACE_SECONDS ${message}`);
    expect(parseEnv({}).SHUTDOWN_GRACE_SECONDS).toBe(10);
    expect(parseEnv({ SHUTDOWN_GRACE_SECONDS: '2.5' }).SHUTDOWN_GRACE_SECONDS).toBe(2.5);
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters, and leaves /metrics off when empty', () => {
    expect(refusal({ METRICS_TOKEN: 'short-token' })).toContain('METRICS_TOKEN must be at least 16 characters');
    expect(parseEnv({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: 'a-token-of-sixteen' }).METRICS_TOKEN).toBe('a-token-of-sixteen');
  });

  it.each(['OPENAPI', 'SEED_DEMO'])('refuses %s=maybe, and leaves it to the mode when empty', (name) => {
    expect(refusal({ [name]: 'maybe' })).toContain(`${name} must be 1 or 0 (true or false)`);
    expect(parseEnv({ [name]: '' })[name as 'OPENAPI']).toBeUndefined();
  });

  it('keeps uploads on disk unless told, and with STORAGE=s3 names every S3 setting missing', () => {
    expect(parseEnv({}).STORAGE).toBe('disk');
    expect(refusal({ STORAGE: 'ftp' })).toContain('STORAGE must be disk or s3');

    const refused = refusal({ STORAGE: 's3', S3_ENDPOINT: 'https://s3.example.com' });

    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(refused).toContain(`${key} is required when STORAGE=s3`);
    }
    expect(refused).not.toContain('S3_ENDPOINT');
    expect(refused).not.toContain('S3_REGION');
  });

  it.each([
    ['S3_ENDPOINT', 's3.example.com', 'S3_ENDPOINT must be a full URL'],
    ['S3_BUCKET', 'Uploads', 'S3_BUCKET must be a bucket name'],
    ['S3_BUCKET', 'ab', 'S3_BUCKET must be a bucket name'],
  ])('refuses %s=%s, saying what it must be', (key, value, message) => {
    expect(refusal({ [key]: value })).toContain(message);
  });

  it('gives the S3 settings with region us-east-1 unless told', () => {
    const s3 = {
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'chopchop-uploads',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(s3SettingsOf(parseEnv({ ...s3, S3_REGION: '' }))).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'chopchop-uploads',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(s3SettingsOf(parseEnv({ ...s3, S3_REGION: 'eu-west-1' })).region).toBe('eu-west-1');
  });
});
