/**
 * What this install is for, derived from what the operator set rather than from NODE_ENV alone:
 * the README's first command sets nothing, and a real site is recognised by its https PUBLIC_URL,
 * a PUBLIC_URL off this machine or a reverse proxy in front, even without NODE_ENV=production.
 */
export type Mode = 'development' | 'production' | 'test';

interface ModeSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  /** Resolved: http://localhost:$PORT when unset. */
  PUBLIC_URL: string;
  TRUST_PROXY: boolean;
}

const LOOPBACK_HOST = /^(localhost|[^/]*\.localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

function isLocalHttp(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname);
}

/** Development only while PUBLIC_URL is plain http on this machine and no proxy forwards to it. */
export function modeOf(settings: ModeSettings): Mode {
  if (settings.NODE_ENV !== 'development') return settings.NODE_ENV;
  return isLocalHttp(settings.PUBLIC_URL) && !settings.TRUST_PROXY ? 'development' : 'production';
}

/**
 * Whether a reply may rely on HTTPS (HSTS, Secure cookies): the site's address is https, the
 * request came over https (from a trusted proxy's X-Forwarded-Proto when TRUST_PROXY is on), or
 * NODE_ENV says this is not development. A plain-http address on a LAN stays usable for testing
 * from a phone, where a Secure cookie would never come back.
 */
export function servedOverHttps(config: Pick<ModeSettings, 'NODE_ENV' | 'PUBLIC_URL'>, request: { protocol: string }): boolean {
  return siteOnHttps(config) || request.protocol === 'https';
}

/** Whether the settings alone say every reply may rely on HTTPS, whatever the request. */
export function siteOnHttps(config: Pick<ModeSettings, 'NODE_ENV' | 'PUBLIC_URL'>): boolean {
  return config.NODE_ENV !== 'development' || config.PUBLIC_URL.startsWith('https:');
}
