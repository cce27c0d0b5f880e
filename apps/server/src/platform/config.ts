/**
 * Configuration from environment variables, validated once at start (ARCHITECTURE.md Config).
 * A bad value stops the server with a message that names the variable and the rule.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_PREPARED_STATEMENTS } from './db/preparedStatements';

/** An IPv4/IPv6 address, or one with a prefix length (CIDR). */
function isAddressOrRange(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || !address) return false;
  const kind = isIP(address);
  if (kind === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n >= 0 && n <= (kind === 4 ? 32 : 128);
}

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Unset: 127.0.0.1 when demo data may be loaded (wantsDemoData), else 0.0.0.0 (see defaultHost). */
  HOST: optionalString,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** Most connections of this process's PostgreSQL pool (pg-boss keeps 3 more of its own). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Statement texts run as server-side prepared statements (0: none, for PgBouncer in transaction mode). */
  DATABASE_PREPARED_STATEMENTS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(DEFAULT_PREPARED_STATEMENTS),
  BRAND_NAME: z.string().min(1).default('Selvedge'),
  PUBLIC_URL: optionalString.pipe(z.url('must be a URL such as https://portal.example.com').optional()),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters long').optional()),
  TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 7)
    .default(480),
  RESET_TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(24),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Selvedge <no-reply@selvedge.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAX_ARTWORK_UPLOAD_MB: z.coerce.number().int().min(1).max(1024).default(20),
  /** Largest retailer data file (variable-data upload); streamed to storage, never held in memory. */
  MAX_VARIABLE_DATA_UPLOAD_MB: z.coerce.number().int().min(1).max(4096).default(200),
  /**
   * Seconds a connection may stay silent both ways (a request body that stops arriving, an answer the
   * client stops reading) before it is ended; a moving upload, however slow, never is (decision 0054).
   */
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Seconds between passes of the job supervisor, which retries a job whose process died (its
   * heartbeat stopped); with IMPORT_HEARTBEAT_SECONDS it bounds how soon a cut import goes on
   * (decision 0055). Unset: 30 (platform/jobs.ts).
   */
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** Heartbeat of a running import: a process silent this long has died (pg-boss's floor is 10); unset: 30. */
  IMPORT_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).optional(),
  /** auto: load demo data into an empty embedded database; always/never override. */
  DEMO_DATA: z.enum(['auto', 'always', 'never']).default('auto'),
  WEB_DIST_DIR: optionalString,
  /**
   * Proxies whose X-Forwarded-For is believed: comma-separated addresses or CIDR ranges (e.g.
   * 10.0.0.0/8, 127.0.0.1). Unset: none — the client's own address counts (sign-in throttling).
   */
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .refine(
        (v) => v.split(',').every((a) => isAddressOrRange(a.trim())),
        'must be a comma-separated list of IP addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1)',
      )
      .optional(),
  ),
  /** true: the server runs the job handlers itself; false: `npm run worker` runs them (several instances). */
  JOBS_IN_PROCESS: optionalString.pipe(
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  ),
  /** S3-compatible object storage for files; on when S3_BUCKET is set (else files stay under DATA_DIR). */
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be a URL such as https://s3.example.com' }).optional(),
  ),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString.transform((v) => v ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.pipe(
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  ),
  /** GET /metrics (Prometheus) on the server, and the worker's metrics port; off by default (platform/metrics.ts). */
  METRICS_ENABLED: optionalString.pipe(
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  ),
  /** When set, /metrics asks for `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters long').optional()),
  /** Port of the worker's own /metrics (the worker has no other HTTP server). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).default(9464),
});

/** Settings of S3-compatible object storage (platform/storage.ts). */
export interface S3Config {
  /** Base URL of an S3-compatible service (MinIO, R2...); unset means AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`; most S3-compatible services need it. */
  forcePathStyle: boolean;
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Size of the PostgreSQL connection pool of one process (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Distinct statement texts prepared per connection (DATABASE_PREPARED_STATEMENTS; 0 = none). */
  databasePreparedStatements: number;
  brandName: string;
  publicUrl: string;
  jwtSecret?: string;
  tokenTtlMinutes: number;
  resetTokenTtlHours: number;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  maxArtworkUploadMb: number;
  maxVariableDataUploadMb: number;
  /** HTTP_IDLE_TIMEOUT_SECONDS: a connection silent both ways this long is ended. */
  httpIdleTimeoutSeconds: number;
  /** JOBS_SUPERVISE_SECONDS and IMPORT_HEARTBEAT_SECONDS: how soon a job of a dead process is retried. */
  jobs: { superviseSeconds?: number; importHeartbeatSeconds?: number };
  demoData: 'auto' | 'always' | 'never';
  webDistDir?: string;
  /** Proxies trusted for X-Forwarded-For (addresses or CIDR ranges); empty: none. */
  trustProxy: string[];
  /** Whether this server process runs the job handlers (JOBS_IN_PROCESS, default true). */
  jobsInProcess: boolean;
  /** Object storage for files; unset means the local folder `DATA_DIR/files`. */
  s3?: S3Config;
  /** Prometheus metrics (METRICS_*): off unless enabled; `token` guards them; `port` is the worker's. */
  metrics: { enabled: boolean; token?: string; port: number };
};

export class ConfigError extends Error {}

/**
 * Whether `npm start` loads the demo data: `auto` only into an embedded (PGlite) database,
 * `always` into either; never into a database that already holds data (checked by the caller).
 */
export function wantsDemoData(mode: 'auto' | 'always' | 'never', kind: 'pglite' | 'postgres'): boolean {
  return mode === 'always' || (mode === 'auto' && kind === 'pglite');
}

/**
 * The address to listen on when HOST is unset: 127.0.0.1 (this machine only) whenever the demo data
 * may be loaded — its accounts share a published password — else 0.0.0.0 (every interface, what a
 * server or container behind a proxy needs). Setting HOST=0.0.0.0 exposes a demo on purpose
 * (README Configuration; docs/decisions/0016).
 */
export function defaultHost(mode: 'auto' | 'always' | 'never', databaseUrl: string | undefined): string {
  return wantsDemoData(mode, databaseUrl ? 'postgres' : 'pglite') ? '127.0.0.1' : '0.0.0.0';
}

/** Variables whose values are secrets (or may carry a password): never printed, not even when wrong. */
const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'S3_ACCESS_KEY_ID',
  'SMTP_URL',
  'DATABASE_URL',
  'METRICS_TOKEN',
]);
const shown = (name: string, value: string | undefined) =>
  SECRET_VARIABLES.has(name) && value ? '(value hidden)' : JSON.stringify(value);

/** Reads and checks the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const lines = parsed.success
    ? []
    : parsed.error.issues.map(
        (i) => `${String(i.path[0])}: ${i.message} (got ${shown(String(i.path[0]), env[String(i.path[0])])})`,
      );
  lines.push(...s3Problems(env));
  if ((env.METRICS_TOKEN ?? '').trim() !== '' && (env.METRICS_ENABLED ?? '').trim() !== 'true') {
    lines.push('METRICS_TOKEN: set METRICS_ENABLED=true too (the token guards metrics that are on)');
  }
  if (!parsed.success || lines.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? defaultHost(e.DEMO_DATA, e.DATABASE_URL),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    brandName: e.BRAND_NAME,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    resetTokenTtlHours: e.RESET_TOKEN_TTL_HOURS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    maxArtworkUploadMb: e.MAX_ARTWORK_UPLOAD_MB,
    maxVariableDataUploadMb: e.MAX_VARIABLE_DATA_UPLOAD_MB,
    httpIdleTimeoutSeconds: e.HTTP_IDLE_TIMEOUT_SECONDS,
    jobs: { superviseSeconds: e.JOBS_SUPERVISE_SECONDS, importHeartbeatSeconds: e.IMPORT_HEARTBEAT_SECONDS },
    demoData: e.DEMO_DATA,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY ? e.TRUST_PROXY.split(',').map((a) => a.trim()) : [],
    jobsInProcess: e.JOBS_IN_PROCESS === 'true',
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    metrics: { enabled: e.METRICS_ENABLED === 'true', token: e.METRICS_TOKEN, port: e.METRICS_PORT },
  };
}

/**
 * Rules across the S3_* variables. Checked on the raw environment so that they are reported together
 * with every other bad variable. Credentials or an endpoint without a bucket are refused rather than
 * ignored: files would silently stay on the local disk of one instance.
 */
function s3Problems(env: NodeJS.ProcessEnv): string[] {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  if (set('S3_BUCKET')) {
    return ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']
      .filter((name) => !set(name))
      .map((name) => `${name}: is required when S3_BUCKET is set`);
  }
  const without = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(set);
  return without.length > 0
    ? [`S3_BUCKET: is required with ${without.join(', ')} (S3 storage is on only when S3_BUCKET is set)`]
    : [];
}

/** The configuration, or exit(2) with the message naming each bad variable (for process entry points). */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
}
