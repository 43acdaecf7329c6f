import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { ResponseCheck } from './http/compiled-serializer';
import { parseOutboundAllow, type OutboundPolicy } from './egress/outbound-policy';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Environment variables LinkLoom reads; README.md lists the same set. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://').optional(),
  /** PostgreSQL schema to work in (tests give each run its own); default is the server's search_path. */
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Set when served over HTTPS so cookies get the Secure flag. */
  COOKIE_SECURE: booleanFlag.default(false),
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Requests one personal API token may make per minute (counted in each server process). */
  API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /**
   * Which proxies in front of LinkLoom to believe about the client address (X-Forwarded-For) and
   * the protocol (X-Forwarded-Proto): `false` (default: none, the socket's address counts), `true`
   * (any), a number of proxy hops, or a comma-separated list of proxy addresses / CIDR ranges.
   */
  TRUST_PROXY: z.string().trim().default('false').transform((value, ctx): TrustProxy => {
    if (/^(false|0|no)$/i.test(value)) return false;
    if (/^(true|yes)$/i.test(value)) return true;
    if (/^[1-9][0-9]?$/.test(value)) {
      const hops = Number(value);
      return (_address: string, hop: number) => hop < hops;
    }
    const list = value.split(',').map((item) => item.trim()).filter((item) => item !== '');
    if (list.length > 0 && list.every((item) => /^[0-9a-f:.]+(\/[0-9]{1,3})?$/i.test(item) || ['loopback', 'linklocal', 'uniquelocal'].includes(item))) return list;
    ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be false, true, a number of hops, or a comma-separated list of proxy addresses' });
    return z.NEVER;
  }),
  /** Newest released version; the update banner shows when it is newer than the running one. */
  LATEST_VERSION: z.string().max(64).optional(),
  /** The page flag that hides the RemoteOCR captcha provider from the Captcha and Google Captcha tabs (spec 3 section 6). */
  HIDE_REMOTE_OCR: booleanFlag.default(false),
  /** The notification service whose text the campaign page shows as a banner (`{url}/info?{userId}`); unset: none. */
  NOTIFICATION_SERVICE_URL: z.url({ protocol: /^https?$/, error: 'NOTIFICATION_SERVICE_URL must be an http(s) address' }).optional(),
  /** Largest upload accepted (MB). */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(10_240).default(200),
  /** Largest total a ZIP upload may expand to (MB): protects against ZIP bombs. */
  ZIP_MAX_EXPANDED_MB: z.coerce.number().int().min(1).max(10_240).default(500),
  /** Built web app; defaults to packages/web/dist of this checkout. */
  WEB_DIST: z.string().optional(),
  /** Keys that seal stored third-party secrets, `id:base64[,id:base64…]` (first is current); else a key file. */
  SECRETS_KEY: z.string().optional(),
  /** The key file to use instead of `<DATA_DIR>/secret.key` (it must exist). */
  SECRETS_KEY_FILE: z.string().min(1).optional(),
  /** `full` runs every answer through its zod schema as well as the compiled serializer and compares them (the tests). */
  RESPONSE_CHECK: z.enum(['compiled', 'full']).default('compiled'),
  /** Where the daily automatic backup writes (engine/backup); default `<DATA_DIR>/backups`. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many daily backups are kept (the oldest beyond this are deleted). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(7),
  /** How long a job a crashed process held waits before another process takes it (its lease; renewed every third of it). */
  QUEUE_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /**
   * The operator's SMTP server for email alerts (engine/smtp): unset, no email is sent. It is
   * operator configuration, so it is connected to directly (not through the outbound policy,
   * which guards addresses that come from users or sites).
   */
  SMTP_HOST: z.string().trim().min(1).max(253).optional(),
  /** Default: 465 with SMTP_TLS=implicit, else 587. */
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().min(1).max(500).optional(),
  SMTP_PASSWORD: z.string().min(1).max(500).optional(),
  /** The sender of alert emails, `address` or `Name <address>`. */
  SMTP_FROM: z.string().trim().min(3).max(320).regex(/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'SMTP_FROM must be an address or Name <address>').optional(),
  /** starttls: STARTTLS required; implicit: TLS from the first byte (port 465); auto: STARTTLS when offered; none: never. */
  SMTP_TLS: z.enum(['starttls', 'implicit', 'auto', 'none']).default('starttls'),
  /** Accept the SMTP server's certificate without a trusted authority (a self-signed relay). */
  SMTP_ALLOW_SELF_SIGNED: booleanFlag.default(false),
  /** The name LinkLoom gives itself in EHLO (default: this machine's host name). */
  SMTP_HELO: z.string().trim().regex(/^[A-Za-z0-9.-]{1,253}$|^\[[0-9a-fA-F.:]{2,45}\]$/, 'SMTP_HELO must be a host name or an address literal like [192.0.2.1]').optional(),
  /**
   * What the outbound policy opens beyond public addresses (platform/egress): comma-separated
   * CIDRs, addresses and host names. Unset: no loopback, private or link-local address is reached.
   */
  OUTBOUND_ALLOW: z.string().default('').transform((value, ctx): OutboundPolicy => {
    try {
      return parseOutboundAllow(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  }),
});

/** The operator's SMTP server (SMTP_* variables), used for email alerts only. */
export interface SmtpConfig {
  host: string;
  port: number;
  /** AUTH credentials; none: no AUTH. */
  user: string | undefined;
  password: string | undefined;
  from: string;
  tls: 'starttls' | 'implicit' | 'auto' | 'none';
  allowSelfSigned: boolean;
  helo: string;
}

/** What Fastify's `trustProxy` takes: none, any, the proxies' addresses, or a hop-count test. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  sessionDays: number;
  cookieSecure: boolean;
  loginAttemptsPerMinute: number;
  apiTokenRequestsPerMinute: number;
  trustProxy: TrustProxy;
  latestVersion: string | undefined;
  hideRemoteOcr: boolean;
  notificationServiceUrl: string | undefined;
  uploadMaxMb: number;
  zipMaxExpandedMb: number;
  webDist: string;
  /** SECRETS_KEY: the key ring itself (platform/crypto); when unset, a key file is used. */
  secretsKey: string | undefined;
  /** SECRETS_KEY_FILE, resolved; unset means `<dataDir>/secret.key`, made on first run. */
  secretsKeyFile: string | undefined;
  /** RESPONSE_CHECK: answers written by their compiled serializer only, or also checked by zod (platform/http/compiled-serializer.ts). */
  responseCheck: ResponseCheck;
  /** BACKUP_DIR, resolved (default `<dataDir>/backups`). */
  backupDir: string;
  /** BACKUP_KEEP: daily backups kept. */
  backupKeep: number;
  /** QUEUE_LEASE_SECONDS: a crashed process's job runs again this long after its last lease renewal. */
  queueLeaseSeconds: number;
  /** OUTBOUND_ALLOW, read: the ranges and hosts opened to outbound connections (platform/egress). */
  outboundAllow: OutboundPolicy;
  /** SMTP_*: the operator's mail server for email alerts; undefined when SMTP_HOST is unset. */
  smtp: SmtpConfig | undefined;
}

/**
 * The checkout this server runs from: the nearest folder above this module that holds
 * packages/server. The same from the sources (src/platform/) and from the build (dist/server.cjs).
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'packages', 'server', 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No LinkLoom checkout (packages/server) above ${from}`);
  }
}

const repoRoot = findRepoRoot(import.meta.dirname);

/** This machine's name for EHLO when it is a valid host name, else the address literal RFC 5321 allows instead. */
function heloName(): string {
  const name = os.hostname();
  return /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/.test(name) ? name : '[127.0.0.1]';
}

/** Reads and validates the environment; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMTP_HOST !== undefined && e.SMTP_FROM === undefined) throw new Error('Invalid configuration:\nSMTP_FROM: set the sender of alert emails (an address or Name <address>) with SMTP_HOST');
  if ((e.SMTP_USER === undefined) !== (e.SMTP_PASSWORD === undefined)) throw new Error('Invalid configuration:\nSMTP_USER and SMTP_PASSWORD go together');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    backupKeep: e.BACKUP_KEEP,
    queueLeaseSeconds: e.QUEUE_LEASE_SECONDS,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    logLevel: e.LOG_LEVEL,
    sessionDays: e.SESSION_DAYS,
    cookieSecure: e.COOKIE_SECURE,
    loginAttemptsPerMinute: e.LOGIN_ATTEMPTS_PER_MINUTE,
    apiTokenRequestsPerMinute: e.API_TOKEN_REQUESTS_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    latestVersion: e.LATEST_VERSION,
    hideRemoteOcr: e.HIDE_REMOTE_OCR,
    notificationServiceUrl: e.NOTIFICATION_SERVICE_URL,
    uploadMaxMb: e.UPLOAD_MAX_MB,
    zipMaxExpandedMb: e.ZIP_MAX_EXPANDED_MB,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'packages/web/dist')),
    secretsKey: e.SECRETS_KEY,
    secretsKeyFile: e.SECRETS_KEY_FILE === undefined ? undefined : path.resolve(e.SECRETS_KEY_FILE),
    responseCheck: e.RESPONSE_CHECK,
    outboundAllow: e.OUTBOUND_ALLOW,
    smtp: e.SMTP_HOST === undefined || e.SMTP_FROM === undefined ? undefined : {
      host: e.SMTP_HOST, port: e.SMTP_PORT ?? (e.SMTP_TLS === 'implicit' ? 465 : 587), user: e.SMTP_USER, password: e.SMTP_PASSWORD,
      from: e.SMTP_FROM, tls: e.SMTP_TLS, allowSelfSigned: e.SMTP_ALLOW_SELF_SIGNED, helo: e.SMTP_HELO ?? heloName(),
    },
  };
}

export const REPO_ROOT = repoRoot;
