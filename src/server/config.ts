import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DISPATCH_RADIUS_KM, DEFAULT_OFFER_SECONDS } from '@shared/drivers/schemas.js';
import { isCommonPassword } from './core/commonPasswords.js';
import { modeOf, type Mode } from './core/mode.js';
import { DEFAULT_PUSH_SERVICE_ORIGINS, parsePushServiceOrigins } from './core/pushServices.js';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'], { message: 'must be 1 or 0 (true or false)' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A flag whose absence (or an empty value) leaves the choice to the mode (core/mode.ts). */
const optionalFlag = optionalText.pipe(flag.optional());

/** A rate limit's maximum; zod's message for the schema stands for its checks too, so it names both. */
const limitMax = () => z.coerce.number({ message: 'must be a whole number, at least 1' }).int().min(1);
const alertMinutes = () => z.coerce.number({ message: 'must be a whole number of minutes' }).int().min(0).max(1440);

const optionalUrl = (what: string) => optionalText.pipe(z.url({ message: `must be a full URL (${what})` }).optional());

/** The SMS providers an operator can pick (notifications/sms). */
const SMS_PROVIDERS = ['africastalking', 'hubtel'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];
/** The settings each provider cannot send without. */
const SMS_PROVIDER_KEYS = {
  africastalking: ['AFRICASTALKING_USERNAME', 'AFRICASTALKING_API_KEY'],
  hubtel: ['HUBTEL_CLIENT_ID', 'HUBTEL_CLIENT_SECRET', 'HUBTEL_SENDER'],
} as const satisfies Record<SmsProviderName, readonly string[]>;

/** The S3 settings STORAGE=s3 cannot work without (S3_REGION has a default). */
const S3_REQUIRED_KEYS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
/** S3's rule for bucket names, which every S3-compatible store follows. */
const S3_BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl('postgres://user:pass@host:5432/db'),
    /** Where uploads are kept: DATA_DIR/uploads, or the S3-compatible bucket of the S3_* settings (decision 034). */
    STORAGE: z.enum(['disk', 's3'], { message: 'must be disk or s3' }).default('disk'),
    S3_ENDPOINT: optionalUrl('the S3 API of the store, e.g. https://s3.eu-west-1.amazonaws.com'),
    S3_REGION: optionalText.pipe(z.string().default('us-east-1')),
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(S3_BUCKET_NAME, { message: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens' })
        .optional(),
    ),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    PUBLIC_URL: optionalUrl('the address users open, e.g. https://food.example.com'),
    JWT_SECRET: optionalText.pipe(z.string().min(32, { message: 'must be at least 32 characters' }).optional()),
    /** Unset: demo data in development only (db/seed/atStart.ts). */
    SEED_DEMO: optionalFlag,
    ADMIN_EMAIL: optionalText.pipe(z.email({ message: 'must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(
      z
        .string()
        .min(6, { message: 'must be at least 6 characters' })
        .refine((password) => !isCommonPassword(password), { message: 'is too common: choose one that is harder to guess' })
        .optional(),
    ),
    SMTP_URL: optionalUrl('smtp://user:pass@host:587'),
    MAIL_FROM: z.string().default('ChopChop <no-reply@chopchop.local>'),
    REDIS_URL: optionalUrl('redis://127.0.0.1:6379'),
    RATE_LIMIT_DISABLED: flag.default(false),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int().min(1).default(60),
    RATE_LIMIT_SIGNIN_MAX: limitMax().default(10),
    RATE_LIMIT_SIGNIN_ADDRESS_MAX: limitMax().default(30),
    RATE_LIMIT_SIGNUP_MAX: limitMax().default(5),
    RATE_LIMIT_PASSWORD_RESET_MAX: limitMax().default(5),
    RATE_LIMIT_SEARCH_MAX: limitMax().default(60),
    RATE_LIMIT_UPLOAD_MAX: limitMax().default(20),
    RATE_LIMIT_UPLOAD_ADDRESS_MAX: limitMax().default(60),
    /** Per customer: orders placed and card payments started per window, and card payments left open at once. */
    RATE_LIMIT_ORDERS_MAX: limitMax().default(5),
    RATE_LIMIT_CARD_INTENTS_MAX: limitMax().default(5),
    RATE_LIMIT_OPEN_CARD_INTENTS_MAX: limitMax().default(5),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).min(0.1).default(180),
    TRUST_PROXY: flag.default(false),
    /**
     * How long a stopping instance (SIGTERM) lets the requests in flight and the jobs in hand finish
     * before it cuts them (health/shutdown.ts, decision 033).
     */
    SHUTDOWN_GRACE_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .min(0, { message: 'must be at least 0 seconds' })
      .max(300, { message: 'must be at most 300 seconds' })
      .default(10),
    /** The bearer token /metrics asks for; unset, /metrics answers 404 (health/routes.ts). */
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, { message: 'must be at least 16 characters' }).optional()),
    DISPATCH_RADIUS_KM: z.coerce
      .number({ message: 'must be a number of kilometres' })
      .positive({ message: 'must be more than 0 km' })
      .max(100, { message: 'must be at most 100 km' })
      .default(DEFAULT_DISPATCH_RADIUS_KM),
    /** How long a rider has to answer an offer before it goes to the next one (dispatch/offers.ts, decision 029). */
    DISPATCH_OFFER_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .int({ message: 'must be a whole number of seconds' })
      .min(10, { message: 'must be at least 10 seconds' })
      .max(600, { message: 'must be at most 600 seconds' })
      .default(DEFAULT_OFFER_SECONDS),
    /** The riders' average speed over the road, for honest delivery times (shared/restaurants/estimate.ts, decision 026). */
    DELIVERY_AVERAGE_SPEED_KMH: z.coerce
      .number({ message: 'must be a number of kilometres an hour' })
      .min(5, { message: 'must be at least 5 km/h' })
      .max(80, { message: 'must be at most 80 km/h' })
      .default(20),
    /** How long a rider waits at the door before they may close the delivery as 'Customer not available' (decision 030). */
    CUSTOMER_WAIT_MINUTES: z.coerce
      .number({ message: 'must be a whole number of minutes' })
      .int({ message: 'must be a whole number of minutes' })
      .min(1, { message: 'must be at least 1 minute' })
      .max(60, { message: 'must be at most 60 minutes' })
      .default(10),
    ID_CHECK_TIMEOUT_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .positive({ message: 'must be more than 0 seconds' })
      .max(600, { message: 'must be at most 600 seconds' })
      .default(30),
    TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    // The public key goes to every browser (GET /api/config): a secret key there would leak it.
    PAYSTACK_PUBLIC_KEY: optionalText.pipe(
      z
        .string()
        .refine((key) => !key.startsWith('sk_'), {
          message:
            'is a secret key (sk_...): refused as a security error, because the public key is sent to every browser. Put the secret key in PAYSTACK_SECRET_KEY and the pk_ key here',
          abort: true,
        })
        .refine((key) => key.startsWith('pk_'), { message: 'must start with pk_' })
        .optional(),
    ),
    PAYSTACK_SECRET_KEY: optionalText.pipe(z.string().startsWith('sk_', { message: 'must start with sk_' }).optional()),
    PAYSTACK_API_URL: z.url({ message: 'must be a full URL' }).default('https://api.paystack.co'),
    PAYSTACK_SCRIPT_URL: z.url({ message: 'must be a full URL' }).default('https://js.paystack.co/v2/inline.js'),
    /**
     * How often card intents left pending are checked with Paystack and expired (payments/service.ts),
     * and payouts left open are checked (payouts/transfers.ts), in whole minutes (jobs scheduled once
     * across every instance); 0 turns both off.
     */
    PAYMENT_SWEEP_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int().min(0).max(3600).default(60),
    /**
     * How often an idle job worker looks for jobs no notification announced: retries coming due,
     * and jobs of other instances while notifications are lost (jobs/jobs.ts).
     */
    JOB_POLL_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).min(0.5).max(60).default(2),
    /**
     * How often one instance fails the jobs whose instance died holding them (no heartbeat for 20 s,
     * jobs/queues.ts), so that another retries them or runs the schedule's next: within a minute.
     */
    JOB_SUPERVISE_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int().min(1).max(30).default(15),
    /** Minutes a new order waits without a move before its owner gets an SMS (notifications/orderAlerts.ts); 0 turns it off. */
    ORDER_WAITING_ALERT_MINUTES: alertMinutes().default(3),
    /** Minutes an order is ready without a rider before the admins get an SMS; 0 turns it off. */
    ORDER_UNASSIGNED_ALERT_MINUTES: alertMinutes().default(10),
    /** Who sends SMS (notifications/sms); unset: each SMS is kept in sms_outbox and only its kind is logged. */
    SMS_PROVIDER: optionalText.pipe(z.enum(SMS_PROVIDERS, { message: `must be one of ${SMS_PROVIDERS.join(', ')}` }).optional()),
    AFRICASTALKING_USERNAME: optionalText,
    AFRICASTALKING_API_KEY: optionalText,
    AFRICASTALKING_SENDER_ID: optionalText,
    AFRICASTALKING_URL: z.url({ message: 'must be a full URL' }).default('https://api.africastalking.com/version1/messaging'),
    HUBTEL_CLIENT_ID: optionalText,
    HUBTEL_CLIENT_SECRET: optionalText,
    HUBTEL_SENDER: optionalText,
    HUBTEL_URL: z.url({ message: 'must be a full URL' }).default('https://sms.hubtel.com/v1/messages/send'),
    /** The path segment that proves a delivery report came from the provider (/api/sms/reports/<provider>/<secret>). */
    SMS_REPORT_SECRET: optionalText.pipe(z.string().min(32, { message: 'must be at least 32 characters' }).optional()),
    /**
     * Web push (notifications/push, decision 020): the VAPID key pair, both or neither (neither: one
     * is generated once into DATA_DIR/vapid-keys.json), and the contact push services may write to.
     */
    VAPID_PUBLIC_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^B[A-Za-z0-9_-]{86}$/, { message: 'must be a P-256 public key: 65 bytes in base64url (87 characters)' })
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a P-256 private key: 32 bytes in base64url (43 characters)' })
        .optional(),
    ),
    /** Unset: PUBLIC_URL when it is https, else mailto: the address of MAIL_FROM. */
    VAPID_SUBJECT: optionalText.pipe(
      z
        .string()
        .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { message: 'must be a mailto: address or an https URL' })
        .optional(),
    ),
    /** The push services subscriptions may point at (core/pushServices.ts): the server POSTs to them and nowhere else. */
    PUSH_SERVICE_ORIGINS: optionalText.transform((text, ctx) => {
      const parsed = parsePushServiceOrigins(text ?? DEFAULT_PUSH_SERVICE_ORIGINS);
      if ('origins' in parsed) return parsed.origins;
      for (const problem of parsed.problems) ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }),

    // ---- Production safety ----
    /** Serve the OpenAPI document at /api/docs. Unset: everywhere but production. */
    OPENAPI: optionalFlag,
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'is required when ADMIN_EMAIL is set' });
    }
    if (Boolean(env.PAYSTACK_PUBLIC_KEY) !== Boolean(env.PAYSTACK_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYSTACK_SECRET_KEY'],
        message: 'PAYSTACK_PUBLIC_KEY and PAYSTACK_SECRET_KEY must be set together',
      });
    }
    if (env.SMS_PROVIDER) {
      for (const key of SMS_PROVIDER_KEYS[env.SMS_PROVIDER]) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `is required when SMS_PROVIDER=${env.SMS_PROVIDER}` });
      }
    }
    if (env.STORAGE === 's3') {
      for (const key of S3_REQUIRED_KEYS) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE=s3' });
      }
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL'> {
  JWT_SECRET: string;
  PUBLIC_URL: string;
  /** Derived from NODE_ENV, PUBLIC_URL and TRUST_PROXY (core/mode.ts). */
  mode: Mode;
  /** In-memory PGlite instead of DATA_DIR: used by tests. */
  inMemoryDb?: boolean;
}

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The S3-compatible bucket of the S3_* settings: those of STORAGE=s3 (parseEnv has checked them), or
 * those `npm run storage:copy-to-s3` copies into, whatever STORAGE says.
 */
export function s3SettingsOf(env: Env): S3Settings {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
    throw new ConfigError(S3_REQUIRED_KEYS.filter((key) => !env[key]).map((key) => `${key} is required to reach the S3 bucket`));
  }
  return { endpoint, region: env.S3_REGION, bucket, accessKeyId, secretAccessKey };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`));
  }
  return result.data;
}

/** Where in DATA_DIR the generated JWT secret is kept. */
export const JWT_SECRET_FILE = 'jwt-secret';

/** Sessions must survive restarts, so an embedded install keeps a generated secret in DATA_DIR. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    JWT_SECRET: env.JWT_SECRET ?? persistedSecret(path.resolve(env.DATA_DIR)),
    PUBLIC_URL: publicUrl,
    mode: modeOf({ ...env, PUBLIC_URL: publicUrl }),
  };
}
