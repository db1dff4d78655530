import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import { siteOnHttps } from '../core/mode.js';

/**
 * The scheme and host a URL (or a tile template such as https://{s}.tile.example.org/{z}/{x}/{y})
 * points at, as a CSP source; a {placeholder} in the host becomes a wildcard label.
 */
export function sourceOf(url: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(url.trim());
  if (!match) return undefined;
  const host = match[2]!.replace(/\{[^}]*\}/g, '*');
  return `${match[1]!.toLowerCase()}://${host}`;
}

const sources = (...urls: string[]) => [...new Set(urls.flatMap((url) => sourceOf(url) ?? []))];

/** Where Paystack's own inline script lives, and the checkout page its popup frames. */
const PAYSTACK_SCRIPT_ORIGIN = 'https://js.paystack.co';
const PAYSTACK_CHECKOUT_ORIGIN = 'https://checkout.paystack.com';

/** What the popup of the configured script may frame: its own origin (a stand-in's page), and Paystack's checkout for Paystack's script. */
function paystackFrames(script: string[]): string[] {
  return script.includes(PAYSTACK_SCRIPT_ORIGIN) ? [...script, PAYSTACK_CHECKOUT_ORIGIN] : script;
}

export function contentSecurityPolicy(config: Config) {
  const self = "'self'";
  const script = sources(config.PAYSTACK_SCRIPT_URL);
  const frames = paystackFrames(script);
  return {
    useDefaults: false,
    directives: {
      'default-src': [self],
      'script-src': [self, ...script],
      // Leaflet positions map tiles and markers with inline style attributes.
      'style-src': [self, "'unsafe-inline'"],
      // blob: previews a chosen picture before it is uploaded.
      'img-src': [self, 'data:', 'blob:', ...sources(config.TILE_URL)],
      'font-src': [self, 'data:'],
      // 'self' covers the realtime socket (ws: or wss: on this host).
      'connect-src': [self, ...sources(config.PAYSTACK_SCRIPT_URL, config.PAYSTACK_API_URL)],
      // The service worker and the web app manifest come from this origin only.
      'worker-src': [self],
      'manifest-src': [self],
      'frame-src': frames.length > 0 ? frames : ["'none'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': [self],
      'form-action': [self],
      ...(config.PUBLIC_URL.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every reply carries, for replies made where no hook runs (see http/socketErrors.ts). */
    securityHeaders: Record<string, string>;
  }
}

/**
 * Security headers on every reply: the CSP above, no framing, no MIME sniffing, the origin only
 * as referrer to other sites (map tile servers ask for one), and HSTS whenever the site or the
 * request is on HTTPS (core/mode.ts). helmet writes them once, into two plain objects (with and
 * without HSTS), and each reply carries one: @fastify/helmet rebuilt helmet on every request and
 * set each header one by one, which cost a fifth of a menu read.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = (hsts: boolean) =>
    helmetHeaders({
      contentSecurityPolicy: contentSecurityPolicy(app.config),
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    });
  const withHsts = headers(true);
  const withoutHsts = headers(false);
  // Replies made before any request is known use what the site's own settings call for; when
  // those settle it, no request's protocol (a proxy header to parse) is looked at.
  const alwaysHttps = siteOnHttps(app.config);
  app.decorate('securityHeaders', alwaysHttps ? withHsts : withoutHsts);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(alwaysHttps || request.protocol === 'https' ? withHsts : withoutHsts);
    done();
  });
});

/** The headers helmet sets with these options, as one object. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}
