import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const urlWithProtocols = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}://`)), {
    message: `must start with ${protocols.map((protocol) => `${protocol}://`).join(' or ')}`,
  });

/** Every setting Karm reads from the environment, checked once at boot (DESIGN rule 11). */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  // Unset: 127.0.0.1 for a demo (its users' password is published), else every interface.
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres', 'postgresql']).optional(),
  REDIS_URL: urlWithProtocols(['redis', 'rediss']).optional(),
  SMTP_URL: urlWithProtocols(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Karm <no-reply@karm.local>'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_SEED: booleanFlag.optional(),
  DEMO_ADMIN_PASSWORD: z.string().min(8).default('karm-demo'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 14),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  TRUST_PROXY: booleanFlag.default(false),
  ALLOWED_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(urlWithProtocols(['http', 'https'])))
    .optional(),
  SECRETS_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, {
      message: 'must be 32 bytes, base64-encoded',
    })
    .optional(),
  TRIPLETEX_BASE_URL: z.url().optional(),
  ACCOUNTING_SYNC: booleanFlag.default(true),
  WEBHOOKS_ALLOW_PRIVATE: booleanFlag.default(false),
  WEBHOOK_DISPATCH: booleanFlag.default(true),
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * The map tiles of service work ({z}/{x}/{y}). `none` draws the map without tiles (offline
   * installs, tests): an empty variable means "not set" here, so it cannot say that.
   */
  MAP_TILE_URL: z
    .string()
    .max(500)
    .refine((value) => value === 'none' || /^https?:\/\/\S+$/.test(value), 'an http(s) address or none')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The address users open: every link in mail is built from it, never from a request header. */
  publicUrl: string;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  demoSeed: boolean;
  demoAdminPassword: string;
  webDistDir: string;
  sessionTtlHours: number;
  /** A session unused for this long ends, whatever its expiry. */
  sessionIdleHours: number;
  uploadMaxBytes: number;
  /** Behind a reverse proxy, client addresses come from X-Forwarded-For (only then: it can be forged). */
  trustProxy: boolean;
  /** Browser origins besides Karm's own that may open a socket (e.g. a separately served web app). */
  allowedOrigins: string[];
  /** Base64 AES key for secrets at rest; unset → a key file in DATA_DIR. */
  secretsKey: string | undefined;
  /** Overrides Tripletex's address (a staging proxy, or the test fake). */
  tripletexBaseUrl: string | undefined;
  /** This instance works on the accounting jobs (sync timetable, syncs, pushes); others may too. */
  isAccountingSyncEnabled: boolean;
  /**
   * Whether a company's administrator may let webhooks reach private network addresses at all
   * (an SSRF guard: off, no delivery ever leaves for a loopback, private or link-local address).
   */
  isWebhookPrivateNetworkPermitted: boolean;
  /** Runs the in-process webhook dispatcher in this instance. */
  isWebhookDispatchEnabled: boolean;
  /** Log entries older than this many days are pruned (the daily job). */
  logRetentionDays: number;
  /** REST calls one API token may make per minute (per instance); more answer 429 with Retry-After. */
  apiTokenRateLimitPerMinute: number;
  /** Service work's map tiles; '' (MAP_TILE_URL=none) draws none. */
  mapTileUrl: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Karm cannot start; fix these settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

/** Demo data is on by default only for the embedded database: a real PostgreSQL is production. */
const isDemoInstallation = (present: Record<string, string | undefined>) =>
  booleanFlag.safeParse(present.DEMO_SEED).data ?? present.DATABASE_URL === undefined;

/** Reads the environment; throws one ConfigError naming every bad variable at once. */
export const loadConfig = (environment: NodeJS.ProcessEnv = process.env): Config => {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // Links in mail must not come from a request (a forged Origin would poison reset links), so a
  // production start without PUBLIC_URL is refused; only demo installations default to localhost.
  const isDemo = isDemoInstallation(present);
  if (!present.PUBLIC_URL && !isDemo) {
    problems.push(
      'PUBLIC_URL: required when DATABASE_URL is set without DEMO_SEED (production): the address users open, for links in e-mail',
    );
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  // Relative paths mean relative to where the user ran npm (INIT_CWD), not the workspace folder.
  const baseDir = environment.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST ?? (isDemo ? '127.0.0.1' : '0.0.0.0'),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    logLevel: env.LOG_LEVEL,
    demoSeed: isDemo,
    demoAdminPassword: env.DEMO_ADMIN_PASSWORD,
    webDistDir: path.resolve(baseDir, env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST),
    sessionTtlHours: env.SESSION_TTL_HOURS,
    sessionIdleHours: env.SESSION_IDLE_HOURS,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    trustProxy: env.TRUST_PROXY,
    allowedOrigins: env.ALLOWED_ORIGINS ?? [],
    secretsKey: env.SECRETS_KEY,
    tripletexBaseUrl: env.TRIPLETEX_BASE_URL,
    isAccountingSyncEnabled: env.ACCOUNTING_SYNC,
    isWebhookPrivateNetworkPermitted: env.WEBHOOKS_ALLOW_PRIVATE,
    isWebhookDispatchEnabled: env.WEBHOOK_DISPATCH,
    logRetentionDays: env.LOG_RETENTION_DAYS,
    apiTokenRateLimitPerMinute: env.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    mapTileUrl: env.MAP_TILE_URL === 'none' ? '' : env.MAP_TILE_URL,
  };
};
