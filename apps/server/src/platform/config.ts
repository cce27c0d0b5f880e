/**
 * Configuration from environment variables, validated once at start (DESIGN.md Config).
 * A bad value stops the server with a message that names the variable and the rule.
 */
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
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
  /** auto: load demo data into an empty embedded database; always/never override. */
  DEMO_DATA: z.enum(['auto', 'always', 'never']).default('auto'),
  WEB_DIST_DIR: optionalString,
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  brandName: string;
  publicUrl: string;
  jwtSecret?: string;
  tokenTtlMinutes: number;
  resetTokenTtlHours: number;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  maxArtworkUploadMb: number;
  demoData: 'auto' | 'always' | 'never';
  webDistDir?: string;
};

export class ConfigError extends Error {}

/** Reads and checks the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `${String(i.path[0])}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    brandName: e.BRAND_NAME,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    resetTokenTtlHours: e.RESET_TOKEN_TTL_HOURS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    maxArtworkUploadMb: e.MAX_ARTWORK_UPLOAD_MB,
    demoData: e.DEMO_DATA,
    webDistDir: e.WEB_DIST_DIR,
  };
}
