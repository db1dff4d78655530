import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DISPATCH_RADIUS_KM } from '@shared/drivers/schemas.js';
import { isCommonPassword } from './core/commonPasswords.js';
import { modeOf, type Mode } from './core/mode.js';

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

const optionalUrl = (what: string) => optionalText.pipe(z.url({ message: `must be a full URL (${what})` }).optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl('postgres://user:pass@host:5432/db'),
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
    DISPATCH_RADIUS_KM: z.coerce
      .number({ message: 'must be a number of kilometres' })
      .positive({ message: 'must be more than 0 km' })
      .max(100, { message: 'must be at most 100 km' })
      .default(DEFAULT_DISPATCH_RADIUS_KM),
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
    /** How often card intents left pending are checked with Paystack and expired (payments/service.ts); 0 turns it off. */
    PAYMENT_SWEEP_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).int().min(0).max(3600).default(60),

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

/** Sessions must survive restarts, so an embedded install keeps a generated secret in DATA_DIR. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
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
