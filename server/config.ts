import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseProbeUrls } from '../src/domain/api/datacentre';
import type { Region } from '../src/domain/constants';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

const signingSecret = z.string().min(32, 'must be at least 32 characters');
const encryptionKey = z.string().regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)');
const keyList = (key: z.ZodString) =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(key));

/** The three keys every instance must share; each may also be read from the file `<NAME>_FILE` names. */
export const SHARED_KEYS = ['TOKEN_SECRET', 'CSRF_SECRET', 'FIELD_ENCRYPTION_KEY'] as const;
export type SharedKeyName = (typeof SHARED_KEYS)[number];

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  PUBLIC_ORIGIN: z.url().optional(),
  PRODUCT_NAME: z.string().min(1).default('RemotePC'),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  TERMS_URL: z.url().default('https://www.remotepc.com/terms'),
  PRICING_TERMS_URL: z.url().default('https://www.remotepc.com/pricing'),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().optional(),
  TOKEN_SECRET: signingSecret.optional(),
  CSRF_SECRET: signingSecret.optional(),
  FIELD_ENCRYPTION_KEY: encryptionKey.optional(),
  // Keys still accepted for reading while a rotation rolls out (comma-separated, newest first).
  TOKEN_SECRET_PREVIOUS: keyList(signingSecret),
  CSRF_SECRET_PREVIOUS: keyList(signingSecret),
  FIELD_ENCRYPTION_KEY_PREVIOUS: keyList(encryptionKey),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).optional(),
  REDIS_URL: z.url().optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  JOBS: flag.default(true),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(3600).default(600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  SEED_DEMO: flag.optional(),
  TRUST_PROXY: flag.default(false),
  COUNTRY_HEADER: z.string().optional(),
  DEFAULT_COUNTRY: z.string().length(2).default('US'),
  SIGNIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  SIGNIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SIGNIN_LIMIT_PER_IP_HOURLY: z.coerce.number().int().min(1).default(600),
  CSV_IMPORT_LIMIT_PER_USER: z.coerce.number().int().min(1).default(10),
  STATIC_DIR: z.string().default('./dist'),
  DC_PROBE_URLS: z.string().optional(),
  CAPTCHA_WORK: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicOrigin: string;
  productName: string;
  supportEmail: string;
  /** The product's terms of service and pricing terms, linked where a user accepts them. */
  termsUrl: string;
  pricingTermsUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Keys from the environment (or their files); `undefined` ones are generated on SQLite only. */
  secrets: {
    token?: string;
    csrf?: string;
    fieldKey?: string;
    previous: { token: string[]; csrf: string[]; fieldKey: string[] };
  };
  /** After SIGTERM: seconds in-flight requests get before their connections are cut. */
  shutdownTimeoutSeconds: number;
  /**
   * After SIGTERM and before the listener closes: seconds the instance keeps serving while its
   * readiness answers 503, so a load balancer's health check moves traffic away first.
   */
  shutdownDrainSeconds: number;
  /** Rate-limit counters live here when set; otherwise in the database (PostgreSQL) or memory. */
  redisUrl: string | undefined;
  /** Prometheus metrics on their own port (only there), or behind `METRICS_TOKEN`. */
  metricsPort: number | undefined;
  metricsToken: string | undefined;
  /** Whether this instance runs the hourly jobs and mail delivery (all may: they take turns). */
  runJobs: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  refreshReuseGraceSeconds: number;
  seedDemo: boolean;
  trustProxy: boolean;
  countryHeader: string | undefined;
  defaultCountry: string;
  signInLimitPerIp: number;
  signInLimitPerAccount: number;
  /** Sign-in attempts per address per hour, across every account (credential stuffing). */
  signInLimitPerIpHourly: number;
  /** CSV invitation imports per signed-in user per 15 minutes. */
  csvImportLimitPerUser: number;
  staticDir: string;
  logLevel: string;
  /** The test image of each data centre the console times (spec section 1). */
  dcProbeUrls: Record<Region, string>;
  /** The captcha's proof of work: the highest counter a solver may have to reach. */
  captchaWork: number;
  /** Cookies get `Secure` and responses HSTS only when the public origin is HTTPS. */
  isHttps: boolean;
  /** PEM files: set, the server itself speaks HTTPS, HTTP/2 first (see app.ts). */
  tls: { certFile: string; keyFile: string } | undefined;
}

/** Parses the environment once at start-up; a bad value stops the program with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as shells and CI files write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const withFiles = readKeyFiles(present);
  const parsed = envSchema.safeParse(withFiles);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dcProbeUrls = parseProbeUrls(e.DC_PROBE_URLS);
  if (typeof dcProbeUrls === 'string') {
    throw new Error(`Invalid configuration:\n  DC_PROBE_URLS: ${dcProbeUrls}`);
  }
  if ((e.TLS_CERT_FILE === undefined) !== (e.TLS_KEY_FILE === undefined)) {
    throw new Error('Invalid configuration:\n  TLS_CERT_FILE and TLS_KEY_FILE go together');
  }
  const tls =
    e.TLS_CERT_FILE && e.TLS_KEY_FILE
      ? { certFile: path.resolve(e.TLS_CERT_FILE), keyFile: path.resolve(e.TLS_KEY_FILE) }
      : undefined;
  const scheme = tls ? 'https' : 'http';
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `${scheme}://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicOrigin,
    productName: e.PRODUCT_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    termsUrl: e.TERMS_URL,
    pricingTermsUrl: e.PRICING_TERMS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@${new URL(publicOrigin).hostname}>`,
    secrets: {
      token: e.TOKEN_SECRET,
      csrf: e.CSRF_SECRET,
      fieldKey: e.FIELD_ENCRYPTION_KEY,
      previous: {
        token: e.TOKEN_SECRET_PREVIOUS,
        csrf: e.CSRF_SECRET_PREVIOUS,
        fieldKey: e.FIELD_ENCRYPTION_KEY_PREVIOUS,
      },
    },
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    // Long enough for two failed health checks at HAProxy's default two-second interval.
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (e.DATABASE_URL ? 5 : 0),
    redisUrl: e.REDIS_URL,
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
    runJobs: e.JOBS,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    // The embedded default is a demo you can sign in to at once; PostgreSQL gets demo data only on request.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY,
    countryHeader: e.COUNTRY_HEADER?.toLowerCase(),
    defaultCountry: e.DEFAULT_COUNTRY.toUpperCase(),
    signInLimitPerIp: e.SIGNIN_LIMIT_PER_IP,
    signInLimitPerAccount: e.SIGNIN_LIMIT_PER_ACCOUNT,
    signInLimitPerIpHourly: e.SIGNIN_LIMIT_PER_IP_HOURLY,
    csvImportLimitPerUser: e.CSV_IMPORT_LIMIT_PER_USER,
    staticDir: path.resolve(e.STATIC_DIR),
    logLevel: e.LOG_LEVEL,
    dcProbeUrls,
    captchaWork: e.CAPTCHA_WORK,
    isHttps: publicOrigin.startsWith('https://'),
    tls,
  };
}

/**
 * `TOKEN_SECRET_FILE=/run/secrets/token` stands for `TOKEN_SECRET=<that file's content>` (as
 * Docker and Kubernetes secrets are mounted). Setting both is a mistake worth stopping for.
 */
function readKeyFiles(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const result = { ...env };
  for (const name of SHARED_KEYS) {
    const file = env[`${name}_FILE`];
    if (file === undefined) continue;
    if (env[name] !== undefined) {
      throw new Error(`Invalid configuration:\n  ${name} and ${name}_FILE are both set: keep one`);
    }
    try {
      result[name] = fs.readFileSync(file, 'utf8').trim();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Invalid configuration:\n  ${name}_FILE: cannot read ${file} (${reason})`);
    }
  }
  return result;
}
