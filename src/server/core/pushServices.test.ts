import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_ORIGINS, isPushServiceEndpoint, parsePushServiceOrigins } from './pushServices.js';

const originsOf = (text: string) => {
  const parsed = parsePushServiceOrigins(text);
  if (!('origins' in parsed)) throw new Error(parsed.problems.join('; '));
  return parsed.origins;
};

describe('the push services subscriptions may point at (PUSH_SERVICE_ORIGINS)', () => {
  const defaults = originsOf(DEFAULT_PUSH_SERVICE_ORIGINS);

  it.each([
    'https://fcm.googleapis.com/fcm/send/dXJ0c2Vy:APA91bH',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://web.push.apple.com/QGuQyavXutnMp',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
    'https://FCM.googleapis.com:443/fcm/send/x',
  ])('accepts the real services by default: %s', (endpoint) => {
    expect(isPushServiceEndpoint(defaults, endpoint)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://fcm.googleapis.com.evil.test/x',
    'https://evilfcm.googleapis.com/x',
    'https://notify.windows.com/w/',
    'https://evilnotify.windows.com/w/',
    'https://a.notify.windows.com.evil.test/w/',
    'https://user:pass@fcm.googleapis.com/fcm/send/x',
    'https://127.0.0.1/push',
    'http://169.254.169.254/latest/meta-data',
    'not a url',
  ])('refuses anything else: %s', (endpoint) => {
    expect(isPushServiceEndpoint(defaults, endpoint)).toBe(false);
  });

  it('takes a loopback http origin with its port, for a local push service', () => {
    const origins = originsOf('http://127.0.0.1:4567');
    expect(isPushServiceEndpoint(origins, 'http://127.0.0.1:4567/push/1')).toBe(true);
    expect(isPushServiceEndpoint(origins, 'http://127.0.0.1:4568/push/1')).toBe(false);
    expect(isPushServiceEndpoint(origins, 'https://127.0.0.1:4567/push/1')).toBe(false);
  });

  it('says what is wrong with each bad entry', () => {
    expect(parsePushServiceOrigins('http://push.example.com, https://push.example.com/path, https://*.com, ftp://x')).toEqual({
      problems: [
        expect.stringContaining('must use https'),
        expect.stringContaining('is not an origin'),
        expect.stringContaining('at least two labels'),
        expect.stringContaining('is not an origin'),
      ],
    });
    expect(parsePushServiceOrigins('https://a..b')).toEqual({ problems: [expect.stringContaining('empty label')] });
  });
});
