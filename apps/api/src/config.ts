import path from 'node:path';
import { DEFAULT_RESTRICTED_CLINIC_CODE } from '@rehabit/contract';
import { z } from 'zod';
import { roleOf } from './db/roles.ts';
import { JOB_LEASE_SECONDS } from './jobs/queues.ts';
import { pushKeyProblems, pushProductionProblems } from './lib/push-config.ts';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .pipe(z.url().optional());

const optionalSecret = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .pipe(z.string().min(16).optional());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

const duration = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A comma-separated list, empty when unset. */
const commaList = () =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );

/** A comma-separated list of ICE server addresses of the given schemes (decision 1375). */
const iceUrls = (schemes: RegExp, example: string) =>
  commaList().pipe(z.array(z.string().regex(schemes, `addresses such as ${example}, separated by commas`)));

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('')
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** This machine only unless asked: a portal holding health data is never on every network by accident. */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalUrl,
  /** The tables' owner, for migrations only; the server then runs as the user of DATABASE_URL (decision 0506). */
  DATABASE_MIGRATION_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: optionalUrl,
  /**
   * Starts every key and channel Rehabit uses in Redis (real-time events, rate limits, session revocations), so
   * several portals (or test runs) can share one Redis; the servers of one portal share one prefix.
   */
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits, dots, colons, dashes and underscores only')
    .default('rehabit'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Rehabit <no-reply@rehabit.local>'),
  PUBLIC_URL: z.url().optional(),
  CORS_ORIGINS: commaList(),
  SENTRY_DSN: optionalUrl,
  RESTRICTED_CLINIC_CODE: z.string().trim().min(1).default(DEFAULT_RESTRICTED_CLINIC_CODE),
  APP_SECRET: optionalSecret,
  SMS_WEBHOOK_URL: optionalUrl,
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  VIDEO_SIGNING_SECRET: optionalSecret,
  /** The bearer token of `/metrics` (decision 1460): without it the endpoint is not served. */
  METRICS_TOKEN: optionalSecret,
  /** Push reminders' key pair (decision 1365), as `npm run cli -- generate-push-keys` prints it: push is on with both. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Who runs this server, for the push services: a `mailto:` or `https:` address. */
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: or https: address, e.g. mailto:it@clinic.example')
      .optional(),
  ),
  /** Production refuses to start without a valid key pair and subject when push is asked for. */
  PUSH_ENABLED: flag,
  /** Where browsers send tus uploads; `create_by_therapist` hands it out as `upload_url`. Same origin by default. */
  VIDEO_UPLOAD_URL: z.string().trim().min(1).default('/tus/'),
  VIDEO_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  /** Video files and posters; `<DATA_DIR>/videos` by default. */
  VIDEO_STORAGE_DIR: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** An S3-compatible bucket for video files and posters instead of the local disk (decision 0201). */
  VIDEO_S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3-63 lower-case letters, digits, dots, dashes')
        .optional(),
    ),
  /** The S3 service's address; AWS's own for the region when empty (MinIO, Ceph, R2 and others need it). */
  VIDEO_S3_ENDPOINT: optionalUrl.refine((v) => !v || /^https?:\/\//.test(v), 'an http:// or https:// address'),
  VIDEO_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Without a key pair the AWS SDK's usual sources apply (AWS_* variables, instance or task roles). */
  VIDEO_S3_ACCESS_KEY_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  VIDEO_S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** `bucket` in the path rather than the host name, as most self-hosted S3-compatible servers want. */
  VIDEO_S3_FORCE_PATH_STYLE: flag,
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  /**
   * The STUN servers a video visit's browsers find their public addresses with (decision 1375). None by default: on one
   * network, or through TURN, none are needed; a clinic names its own.
   */
  VISIT_STUN_URLS: iceUrls(/^stuns?:[^\s,]+$/, 'stun:stun.clinic.example:3478'),
  /** The clinic's TURN servers (coturn with `use-auth-secret`), which relay a visit the browsers cannot hold directly. */
  VISIT_TURN_URLS: iceUrls(/^turns?:[^\s,]+$/, 'turn:turn.clinic.example:3478?transport=udp'),
  /** coturn's `static-auth-secret`: each visit's TURN credentials are signed with it and last an hour. */
  VISIT_TURN_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /**
   * How long a server may be gone before the job it was running is failed and run again on another (decision 1276);
   * lapsed leases are looked for every third of it (every 15 s at most).
   */
  JOB_LEASE_SECONDS: duration(JOB_LEASE_SECONDS),
  /** Seconds before a failed job runs again, in place of each queue's own delay and back-off (queues.ts) when set. */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).optional(),
  SESSION_IDLE_MINUTES: duration(30),
  SESSION_ABSOLUTE_HOURS: duration(12),
  AUTH_RATE_LIMIT_PER_MINUTE: duration(20),
  DEMO: flag,
  TRUST_PROXY: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

type ParsedEnv = z.infer<typeof envSchema>;

export type Config = Omit<ParsedEnv, 'PUBLIC_URL' | 'APP_SECRET' | 'VIDEO_SIGNING_SECRET'> & {
  PUBLIC_URL: string;
  APP_SECRET: string;
  VIDEO_SIGNING_SECRET: string;
  /** Demo data and the developer outbox page: only when asked for (`DEMO=true` or `--demo`), never in production. */
  isDemo: boolean;
};

export class ConfigError extends Error {}

/** Secrets every checkout shares: fine on a developer's machine, refused in production. */
const developmentSecrets = {
  APP_SECRET: 'rehabit-development-secret',
  VIDEO_SIGNING_SECRET: 'rehabit-development-video-secret',
} as const;
const knownPlaceholders = new Set(['change-me-to-a-long-random-string', ...Object.values(developmentSecrets)]);
export const PRODUCTION_SECRET_MIN_LENGTH = 32;
/** A random 32-character secret has about 20 different characters; a typed pattern has few. */
const PRODUCTION_SECRET_MIN_DISTINCT = 12;

const fail = (lines: string[]) => new ConfigError(`Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`);

/** What production refuses: anything that would let a stranger sign links, read the outbox or get wrong links. */
function productionProblems(env: ParsedEnv, isDemo: boolean): string[] {
  const problems: string[] = [];
  for (const name of ['APP_SECRET', 'VIDEO_SIGNING_SECRET'] as const) {
    const value = env[name];
    if (!value) problems.push(`${name}: required in production (e.g. \`openssl rand -base64 48\`)`);
    else if (knownPlaceholders.has(value)) problems.push(`${name}: a published example value; set your own secret`);
    else if (value.length < PRODUCTION_SECRET_MIN_LENGTH)
      problems.push(`${name}: at least ${PRODUCTION_SECRET_MIN_LENGTH} characters in production`);
    else if (new Set(value).size < PRODUCTION_SECRET_MIN_DISTINCT)
      problems.push(`${name}: not random (too few different characters); generate one`);
  }
  if (env.APP_SECRET && env.APP_SECRET === env.VIDEO_SIGNING_SECRET) {
    problems.push('APP_SECRET / VIDEO_SIGNING_SECRET: must differ, so one leaked secret does not give away the other');
  }
  problems.push(...pushProductionProblems(env));
  if (env.VISIT_TURN_URLS.length > 0 && !env.VISIT_TURN_SECRET) {
    problems.push("VISIT_TURN_SECRET: required with VISIT_TURN_URLS in production (coturn's static-auth-secret)");
  }
  if (isDemo) problems.push('DEMO: demo mode (known passwords, an open outbox) is never on in production');
  if (!env.PUBLIC_URL)
    problems.push("PUBLIC_URL: required in production: e-mailed links must reach the portal's address");
  return problems;
}

/**
 * Relative paths are read from where the command was started (npm runs workspace scripts inside the workspace,
 * and `INIT_CWD` keeps the folder the person typed the command in).
 */
const fromStartFolder = (env: Record<string, string | undefined>, dir: string) =>
  path.resolve(env.INIT_CWD || process.cwd(), dir);

/** Parses the environment once; every bad variable is named in one message. */
export function loadConfig(env: Record<string, string | undefined> = process.env, argv: string[] = []): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw fail(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  const config = parsed.data;
  const problems: string[] = [];
  if (Boolean(config.VIDEO_S3_ACCESS_KEY_ID) !== Boolean(config.VIDEO_S3_SECRET_ACCESS_KEY)) {
    problems.push('VIDEO_S3_ACCESS_KEY_ID / VIDEO_S3_SECRET_ACCESS_KEY: set both or neither');
  }
  problems.push(...pushKeyProblems(config));
  if (config.DATABASE_MIGRATION_URL && !roleOf(config.DATABASE_URL)) {
    problems.push('DATABASE_MIGRATION_URL: needs DATABASE_URL with the user the server runs as');
  }
  const isDemo = config.DEMO || argv.includes('--demo');
  if (config.NODE_ENV === 'production') problems.push(...productionProblems(config, isDemo));
  if (problems.length > 0) throw fail(problems);
  return {
    ...config,
    DATA_DIR: fromStartFolder(env, config.DATA_DIR),
    VIDEO_STORAGE_DIR: config.VIDEO_STORAGE_DIR && fromStartFolder(env, config.VIDEO_STORAGE_DIR),
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    APP_SECRET: config.APP_SECRET ?? developmentSecrets.APP_SECRET,
    VIDEO_SIGNING_SECRET: config.VIDEO_SIGNING_SECRET ?? developmentSecrets.VIDEO_SIGNING_SECRET,
    isDemo,
  };
}
