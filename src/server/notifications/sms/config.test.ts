import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../config.js';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    parseEnv(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

const africasTalking = { SMS_PROVIDER: 'africastalking', AFRICASTALKING_USERNAME: 'chopchop', AFRICASTALKING_API_KEY: 'atsk_1' };
const hubtel = { SMS_PROVIDER: 'hubtel', HUBTEL_CLIENT_ID: 'id', HUBTEL_CLIENT_SECRET: 'secret', HUBTEL_SENDER: 'ChopChop' };

describe('SMS configuration', () => {
  it('sends nothing without SMS_PROVIDER, and takes no keys then', () => {
    expect(problemsOf({})).toEqual([]);
    expect(parseEnv({ SMS_PROVIDER: '' }).SMS_PROVIDER).toBeUndefined();
  });

  it('names the providers it knows when SMS_PROVIDER is another', () => {
    expect(problemsOf({ SMS_PROVIDER: 'twilio' })).toEqual(['SMS_PROVIDER must be one of africastalking, hubtel']);
  });

  it('refuses to start with a provider whose keys are missing, naming each', () => {
    expect(problemsOf({ SMS_PROVIDER: 'africastalking' })).toEqual([
      'AFRICASTALKING_USERNAME is required when SMS_PROVIDER=africastalking',
      'AFRICASTALKING_API_KEY is required when SMS_PROVIDER=africastalking',
    ]);
    expect(problemsOf({ ...hubtel, HUBTEL_SENDER: ' ' })).toEqual(['HUBTEL_SENDER is required when SMS_PROVIDER=hubtel']);
    expect(problemsOf(africasTalking)).toEqual([]);
    expect(problemsOf(hubtel)).toEqual([]);
    // Keys of a provider not chosen are no concern.
    expect(problemsOf({ ...africasTalking, HUBTEL_CLIENT_ID: 'id' })).toEqual([]);
  });

  it("defaults to each provider's documented live endpoint, overridable for tests", () => {
    expect(parseEnv({})).toMatchObject({
      AFRICASTALKING_URL: 'https://api.africastalking.com/version1/messaging',
      HUBTEL_URL: 'https://sms.hubtel.com/v1/messages/send',
    });
    expect(parseEnv({ HUBTEL_URL: 'http://127.0.0.1:9999/v1/messages/send' }).HUBTEL_URL).toBe(
      'http://127.0.0.1:9999/v1/messages/send',
    );
    expect(problemsOf({ AFRICASTALKING_URL: 'api.africastalking.com' })).toEqual(['AFRICASTALKING_URL must be a full URL']);
  });

  it('wants a delivery report secret of at least 32 characters, or none', () => {
    expect(problemsOf({ SMS_REPORT_SECRET: 'too-short' })).toEqual(['SMS_REPORT_SECRET must be at least 32 characters']);
    expect(parseEnv({ SMS_REPORT_SECRET: 'a'.repeat(32) }).SMS_REPORT_SECRET).toBe('a'.repeat(32));
    expect(parseEnv({ SMS_REPORT_SECRET: '' }).SMS_REPORT_SECRET).toBeUndefined();
  });
});
