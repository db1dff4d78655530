/**
 * The push services the server may POST to (PUSH_SERVICE_ORIGINS, decision 020). A browser names
 * its push endpoint itself, so without this list anyone signed in could make the server send
 * requests to any address it can reach. An entry is an origin, `https://host[:port]`, or one
 * with a wildcard first label, `https://*.notify.windows.com`, which stands for any host below
 * that domain (never the domain itself, nor a host that merely ends with the same letters).
 * Plain http is accepted for loopback hosts only: a push service run locally for tests.
 */
export interface PushServiceOrigin {
  protocol: 'https:' | 'http:';
  /** Lower case, without the wildcard label. */
  hostname: string;
  /** Empty for the protocol's default port, as URL gives it. */
  port: string;
  anySubdomain: boolean;
}

export const DEFAULT_PUSH_SERVICE_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
].join(',');

const LOOPBACK = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;
const ENTRY = /^(https?):\/\/(\*\.)?([a-z0-9.-]+|\[::1\])(?::(\d{1,5}))?\/?$/;

/** One entry of the list, or a sentence saying what is wrong with it. */
function parseEntry(text: string): PushServiceOrigin | string {
  const match = ENTRY.exec(text.toLowerCase());
  if (!match) return `"${text}" is not an origin such as https://push.example.com or https://*.push.example.com`;
  const [, scheme = '', wildcard, hostname = '', port = ''] = match;
  if (hostname.split('.').some((label) => label === '')) return `"${text}" has an empty label in its host name`;
  if (wildcard && hostname.split('.').length < 2) return `"${text}": a wildcard needs a domain of at least two labels`;
  if (scheme === 'http' && (wildcard || !LOOPBACK.test(hostname))) {
    return `"${text}" must use https (plain http only for a push service on this machine)`;
  }
  const defaultPort = scheme === 'https' ? '443' : '80';
  return {
    protocol: `${scheme}:` as 'https:' | 'http:',
    hostname,
    port: port === defaultPort ? '' : port,
    anySubdomain: Boolean(wildcard),
  };
}

/** The comma-separated list parsed, or the problems of its entries. */
export function parsePushServiceOrigins(text: string): { origins: PushServiceOrigin[] } | { problems: string[] } {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const parsed = entries.map(parseEntry);
  const problems = parsed.filter((entry): entry is string => typeof entry === 'string');
  return problems.length > 0 ? { problems } : { origins: parsed as PushServiceOrigin[] };
}

/** Whether a subscription's endpoint is on one of the allowed push services; userinfo in it is refused outright. */
export function isPushServiceEndpoint(origins: readonly PushServiceOrigin[], endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const hostname = url.hostname.toLowerCase();
  return origins.some(
    (origin) =>
      url.protocol === origin.protocol &&
      url.port === origin.port &&
      (origin.anySubdomain ? hostname.endsWith(`.${origin.hostname}`) : hostname === origin.hostname),
  );
}
