import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from './data-dir.js';

/**
 * Every setting the server reads, validated once at boot (DESIGN §2 "All configuration is read and
 * validated in one place"). Documented for operators in `.env.example`.
 *
 * Units: `*_SECONDS` seconds, `*_DAYS` days, `*_MS` milliseconds, money in the currency's major unit.
 */
const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * One OpenID Connect provider of OAUTH_PROVIDERS: its issuer (metadata read by discovery from
 * `<issuer>/.well-known/openid-configuration`), the client's credentials and the scopes asked for.
 * Plain `http:` issuers are accepted only on loopback (a provider on the same machine, tests); every request
 * to a provider follows the outbound policy (in production no internal address unless OUTBOUND_ALLOW_PRIVATE_HOSTS).
 */
const oauthProviderSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  issuer: z
    .url({ protocol: /^https?$/ })
    .refine((url) => url.startsWith('https:') || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(url), {
      message: 'the issuer must be https (http only on loopback)',
    }),
  scopes: z.string().default('openid email profile'),
});
const oauthProvidersSchema = z.record(
  z.string().regex(/^[a-z0-9-]{1,40}$/, 'provider names are lower-case letters, digits, -'),
  oauthProviderSchema,
);

/** Settings of one OAuth provider (see OAUTH_PROVIDERS). */
export type OAuthProviderConfig = z.infer<typeof oauthProviderSchema>;

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** postgres://user:pass@host:port/db. Unset: an embedded PostgreSQL is started under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Where the embedded database, uploads and the mail folder live. Relative paths are from the working directory. */
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  /**
   * Keep V8's compiled code of the server bundle in DATA_DIR/code-cache for the next start (default on;
   * read by `main.js` before this schema, `src/bundle/bundle-loader.ts`): false, 0 or no turns it off.
   */
  CODE_CACHE: booleanFlag.optional(),
  /** Public address of the portal, used in e-mailed links. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** The provider's main site: the logo links there and an ended session goes there (spec §2, §4). */
  MAIN_SITE_URL: z.url().default('https://www.example.edu'),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  /** The first admin's password. Unset: a random one is generated and printed once at first start. */
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /** Lifetime of an application's tokenised link (days). */
  APPLICATION_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Lifetime of a login token without "remember me" (seconds). */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 3600),
  /** Lifetime of a login token with "remember me" (seconds): 365 days as the cookie (spec §9). */
  ACCESS_TOKEN_REMEMBER_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(365 * 24 * 3600),
  /** Seed demo applications at start (development default: on). */
  DEMO_DATA: booleanFlag.optional(),
  /**
   * Keep the next terms offered by creating them from the latest of their kind (issue 25 "never rots"):
   * unset, on with DEMO_DATA or without DATABASE_URL (the embedded default); off in production, where the
   * office runs its cycle in the console.
   */
  CATALOGUE_UPCOMING_TERMS: booleanFlag.optional(),
  /**
   * The office mails letters, I-20s and deposit receipts (issue 27 item 4): step 1's street address and city
   * become required (they are always asked, optional otherwise).
   */
  MAILING_ADDRESS_REQUIRED: booleanFlag.default(false),
  /** How often (minutes) the upcoming terms are checked again; 0: only at start. */
  CATALOGUE_UPCOMING_CHECK_MINUTES: z.coerce.number().int().min(0).default(360),
  /** Requests a minute per client IP on login, register and application start. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Requests a minute per API key (issue 14 item 5), beyond which the key gets 429 AUTH-429 with Retry-After. */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Redis for rate-limit and lockout counters shared by every replica (`redis://host:6379/0`). Unset: counters in process memory. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of every rate-limit key in Redis (lets several portals, or test runs, share one Redis). */
  RATE_LIMIT_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/)
    .default('portal:rl'),
  /** Failed logins for one account e-mail before it is locked (issue 5 progressive lockout). */
  LOGIN_LOCKOUT_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  /** First lockout (seconds); each further failure while counted doubles it. */
  LOGIN_LOCKOUT_BASE_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Longest lockout (seconds). */
  LOGIN_LOCKOUT_MAX_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Rows the CSV export reads from its database cursor at a time (memory per export is about this many rows). */
  EXPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  /**
   * Minutes without activity after which an unended form session no longer counts as active in the
   * statistics ("sessions active now") and the admin session list (issue 11 item 7). Default: the
   * session maximum of spec §9.
   */
  SESSION_STALE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Lifetime of a password-reset link (minutes). */
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Lifetime of an e-mail verification link (hours). */
  EMAIL_VERIFICATION_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** Shortest wait between two verification e-mails of one account (seconds); `POST /api/email/resend` answers 429 sooner. */
  EMAIL_VERIFICATION_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * OAuth2 / OpenID Connect providers, a JSON object keyed by provider name:
   * `{"google":{"clientId":"…","clientSecret":"…","issuer":"https://accounts.google.com","scopes":"openid email profile"}}`.
   */
  OAUTH_PROVIDERS: z
    .string()
    .transform((text, context) => {
      try {
        return oauthProvidersSchema.parse(JSON.parse(text));
      } catch (error) {
        context.addIssue({ code: 'custom', message: `must be a JSON object of providers (${(error as Error).message.slice(0, 200)})` });
        return z.NEVER;
      }
    })
    .optional(),
  /** Number of reverse proxies in front of the app, for client IPs in rate limits and logs. */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  /** Extra origins allowed by CORS (comma separated), e.g. the Vite dev servers. */
  CORS_ORIGINS: z.string().default(''),
  /** Outgoing mail server, `smtp://user:pass@host:port` or `smtps://…`. Unset: mail is written to DATA_DIR/mail as .eml files. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /**
   * Without SMTP_URL, e-mails are written as files in DATA_DIR/mail: fine in development and tests; in
   * production it must be asked for with `true` (else start-up stops: applicants would get no e-mail).
   */
  MAIL_TO_FILES: booleanFlag.optional(),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().min(3).default('Admissions Portal <admissions@example.edu>'),
  /**
   * The mailbox in the `mailto:` of marketing messages' List-Unsubscribe header (issue 30; RFC 8058 also
   * gives the one-click https link). Unset: MAIL_FROM's address.
   */
  OUTREACH_UNSUBSCRIBE_MAILTO: z.email().optional(),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  /** `json` (one object a line: production, log shippers) or `pretty` (coloured, for people). Unset: pretty in development, else json. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),

  // Operations (issue 14)
  /** Longest wait of the readiness probe for PostgreSQL and for Redis (ms); past it the probe answers 503 and logs why. */
  READINESS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /**
   * After SIGTERM, how long readiness answers 503 while requests are still served, so that the load balancer
   * stops sending any (ms). It must outlast the balancer's readiness interval plus its timeout with a margin
   * (issue 26 item 7): compose's Caddy checks every 3 s with a 2 s timeout, so 8 s.
   */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(8000),
  /** After the drain delay, how long in-flight requests may take to finish before their connections are cut (ms). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /** Bearer token that `GET /metrics` (Prometheus) requires. Unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** `npm run start:prod` refuses NODE_ENV other than production unless this is true (a staging box on test cards, say). */
  ALLOW_NON_PRODUCTION: booleanFlag.default(false),

  // Documents (DESIGN §6)
  /** Largest accepted file (bytes). Default 10 MiB. */
  UPLOAD_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(10 * 1024 * 1024),
  /** Largest total of an application's current files (bytes). Default 100 MiB. */
  UPLOAD_MAX_APPLICATION_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(100 * 1024 * 1024),
  /** A stored object without an attachment row is deleted by the clean-up once it is this old (minutes). */
  UPLOAD_ORPHAN_MINUTES: z.coerce.number().int().min(1).default(60),
  /** How often the orphan clean-up runs (minutes). */
  UPLOAD_CLEANUP_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(15),
  /**
   * How often the completion sweep runs (minutes): every `submitted` file whose required items have all
   * arrived is completed (issue 24; the events complete it at once, the sweep catches records from before).
   */
  FILE_COMPLETION_SWEEP_MINUTES: z.coerce.number().int().min(1).default(60),
  /** S3-compatible object storage for uploads. Unset S3_BUCKET: files go to DATA_DIR/uploads. */
  S3_BUCKET: z.string().min(3).optional(),
  /** Endpoint of a non-AWS store (MinIO, R2, …), e.g. http://minio:9000. Unset: AWS for S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (http://host/bucket/key), needed by most non-AWS stores. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** clamd for virus scanning of uploads (INSTREAM over TCP). Unset CLAMAV_HOST: no scan. */
  CLAMAV_HOST: z.string().min(1).optional(),
  CLAMAV_PORT: z.coerce.number().int().min(1).max(65535).default(3310),
  /** Longest wait for clamd's verdict (ms). */
  CLAMAV_TIMEOUT_MS: z.coerce.number().int().min(100).default(30000),

  // The application fee, the late fee and its start are set per offering in the console (issue 25).
  /** ISO 4217 code of the fee. */
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
    .default('USD'),
  /** Card processor: `fake` (development and tests; refused in production) or `authorizenet`. */
  PAYMENT_GATEWAY: z.enum(['fake', 'authorizenet']).default('fake'),
  AUTHNET_API_LOGIN_ID: z.string().min(1).optional(),
  AUTHNET_TRANSACTION_KEY: z.string().min(1).optional(),
  /** Authorize.Net public client key (Accept.js in the browser; not a secret); required with `authorizenet`. */
  AUTHNET_CLIENT_KEY: z.string().min(1).optional(),
  /**
   * `sandbox` or `production`: which Accept.js the browser loads (and which Authorize.Net origins the CSP
   * allows). Unset: `production` when AUTHNET_ENDPOINT is api.authorize.net / api2.authorize.net, else `sandbox`.
   */
  AUTHNET_ENVIRONMENT: z.enum(['sandbox', 'production']).optional(),
  /** Authorize.Net JSON endpoint: sandbox by default; production is https://api2.authorize.net/xml/v1/request.api */
  AUTHNET_ENDPOINT: z.url().default('https://apitest.authorize.net/xml/v1/request.api'),
  /** Longest wait for the gateway's answer (ms); after it the outcome is unknown and must be settled. */
  PAYMENT_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).default(30000),
  /**
   * How often the settlement job asks the gateway about attempts left unknown (timeout, 5xx) or held for
   * review (seconds); 0 turns the job off (attempts are then settled only when the applicant tries again).
   */
  PAYMENT_SETTLE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
  /**
   * How often the decision-release job looks for decisions whose release time has come (seconds; issue 15
   * item 3). A release "now" also queues a run at once, so this bounds only the lateness of scheduled ones.
   */
  DECISION_RELEASE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
  /** How often each replica's pg-boss workers look for new jobs (seconds, at least 0.5). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** Webhooks: first retry delay after a failed delivery (seconds); each next one doubles, up to 12 h. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).default(30),
  /** Webhooks: how long after the event deliveries are still retried (seconds; 3 days) before they are `failed`. */
  WEBHOOK_RETRY_WINDOW_SECONDS: z.coerce.number().int().min(1).default(259_200),
  /** Webhooks: how often the sweeper looks for deliveries whose job was never queued or was lost (seconds). */
  WEBHOOK_SWEEP_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Webhooks: a due delivery still pending this long after its job was queued is queued again (seconds). */
  WEBHOOK_REQUEUE_AFTER_SECONDS: z.coerce.number().min(1).default(300),
  /**
   * Whether the portal's outbound requests — webhook deliveries and the OAuth / OIDC providers' discovery,
   * keys, token and userinfo — may go to private addresses (loopback, RFC 1918, CGNAT, link-local,
   * unique-local…), for receivers and identity providers on the operator's own network. Unset: allowed
   * outside production only (development keeps http on localhost). See {@link outboundMayReachPrivateHosts}.
   */
  OUTBOUND_ALLOW_PRIVATE_HOSTS: booleanFlag.optional(),
  /** The former name of OUTBOUND_ALLOW_PRIVATE_HOSTS, still read when that one is unset. */
  WEBHOOK_ALLOW_PRIVATE_HOSTS: booleanFlag.optional(),
  /** Webhooks: longest wait for a receiver's answer (ms). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Days a recommender's link stays valid when the application has no deadline (issue 15 item 1). */
  RECOMMENDATION_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(60),
  /** Days without an answer before a recommender is reminded (and again after as many days since the last reminder). */
  RECOMMENDATION_REMINDER_DAYS: z.coerce.number().min(0).max(365).default(7),
  /** Most reminders one recommender gets. */
  RECOMMENDATION_REMINDER_MAX: z.coerce.number().int().min(0).max(10).default(3),
  /** How often the reminder job looks for recommenders to remind (seconds); 0 turns the job off. */
  RECOMMENDATION_REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(3600),
  /** Days before the reply deadline an admitted or waitlisted applicant who has not replied is reminded, once (issue 29). */
  REPLY_REMINDER_DAYS_BEFORE: z.coerce.number().min(0).max(365).default(3),
  /** How often the reply reminder job looks for applicants to remind (seconds); 0 turns the job off. */
  REPLY_REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(3600),
  /** How often the automatic reminder rules run (seconds; issue 30 item 3, `outreach-rules` job); 0 turns the job off. */
  OUTREACH_RULES_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(900),
  /**
   * How often the campaign job starts campaigns whose time has come and hands running ones without a live
   * replica to one (seconds; issue 30 item 4); 0: only when an admin schedules or resumes one (no periodic job).
   */
  OUTREACH_CAMPAIGN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(15),
  /** Messages one replica delivers at once for one campaign (within its messages-per-minute throttle). */
  OUTREACH_CAMPAIGN_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /**
   * How long a replica holds a campaign without renewing (seconds; renewed every third of it while it works): a
   * replica that dies (kill -9) leaves its campaign to another after this.
   */
  OUTREACH_CAMPAIGN_LEASE_SECONDS: z.coerce.number().min(1).max(600).default(30),
  /**
   * How often the deposit lapse job looks for accepted offers whose enrollment deposit is unpaid past its deadline,
   * in offerings whose setting lapses them (seconds; issue 29 item 2); 0 turns the job off.
   */
  DEPOSIT_LAPSE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(3600),
  /**
   * What an approved deferral does to the decision (issue 29 item 3): `keep-decision` — the application stays
   * admitted and released in the new term and the applicant confirms again (reply reset, the new offering's
   * reply deadline); `reopen` — the decision is cleared (as a rescind) for review in the new term.
   */
  DEFERRAL_APPROVAL: z.enum(['keep-decision', 'reopen']).default('keep-decision'),
  /** Resends an applicant may ask for per recommender per hour (then 429 AUTH-429 with Retry-After). */
  RECOMMENDATION_RESENDS_PER_HOUR: z.coerce.number().int().min(1).default(3),
});

/** The validated configuration. */
export type AppConfig = z.infer<typeof configSchema> & { DEMO_DATA: boolean; CATALOGUE_UPCOMING_TERMS: boolean };

/** Raised when the environment holds a bad value; its message names every offending variable. */
export class ConfigError extends Error {}

/**
 * Every variable may also come from a file named by `<NAME>_FILE` (issue 26 item 11; the Docker and
 * Kubernetes secrets convention, `DATABASE_URL_FILE=/run/secrets/database_url`): the file's text, one final
 * line break dropped. Setting both is refused, and so is a file that cannot be read — the error names the
 * variable and the path, never the content.
 * @returns `env` with each `<NAME>_FILE` replaced by `<NAME>`
 * @throws ConfigError for both set, or an unreadable file
 */
function withSecretFiles(env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { ...env };
  const problems: string[] = [];
  for (const name of Object.keys(configSchema.shape)) {
    const path = env[`${name}_FILE`];
    if (path === undefined) continue;
    delete out[`${name}_FILE`];
    if (env[name] !== undefined) {
      problems.push(`  ${name}: set either ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      out[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`  ${name}_FILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return out;
}

/**
 * Reads and validates the configuration from an environment map; any variable may be given as a file
 * (`<NAME>_FILE`, see {@link withSecretFiles}).
 * @param env usually `process.env`
 * @throws ConfigError naming each bad variable and why
 */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const given = Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '');
  const cleaned = withSecretFiles(Object.fromEntries(given));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const problems: string[] = [];
  if (config.NODE_ENV === 'production' && config.PAYMENT_GATEWAY === 'fake') {
    problems.push('  PAYMENT_GATEWAY: the fake gateway cannot be used in production; set PAYMENT_GATEWAY=authorizenet');
  }
  if (config.NODE_ENV === 'production' && !config.SMTP_URL && config.MAIL_TO_FILES !== true) {
    problems.push('  SMTP_URL: required in production (or MAIL_TO_FILES=true to write e-mails as files in DATA_DIR/mail)');
  }
  // production means production (issue 26 item 6): the sandbox takes no money, so it must be asked for by name
  if (config.NODE_ENV === 'production' && config.PAYMENT_GATEWAY === 'authorizenet' && config.AUTHNET_ENVIRONMENT !== 'sandbox') {
    if (!PRODUCTION_AUTHNET_HOSTS.includes(new URL(config.AUTHNET_ENDPOINT).hostname))
      problems.push(
        `  AUTHNET_ENDPOINT: ${config.AUTHNET_ENDPOINT} is not Authorize.Net's production endpoint (https://api2.authorize.net/xml/v1/request.api); ` +
          'set it, or AUTHNET_ENVIRONMENT=sandbox to run production on the sandbox on purpose',
      );
  }
  if (config.PAYMENT_GATEWAY === 'authorizenet') {
    if (!config.AUTHNET_API_LOGIN_ID) problems.push('  AUTHNET_API_LOGIN_ID: required with PAYMENT_GATEWAY=authorizenet');
    if (!config.AUTHNET_TRANSACTION_KEY) problems.push('  AUTHNET_TRANSACTION_KEY: required with PAYMENT_GATEWAY=authorizenet');
    if (!config.AUTHNET_CLIENT_KEY) problems.push('  AUTHNET_CLIENT_KEY: required with PAYMENT_GATEWAY=authorizenet');
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const demo = config.DEMO_DATA ?? config.NODE_ENV === 'development';
  return { ...config, DEMO_DATA: demo, CATALOGUE_UPCOMING_TERMS: config.CATALOGUE_UPCOMING_TERMS ?? (demo || !config.DATABASE_URL) };
}

/** Hosts of Authorize.Net's production API (anything else is the sandbox or a double). */
export const PRODUCTION_AUTHNET_HOSTS = ['api.authorize.net', 'api2.authorize.net'];

/**
 * Whether outbound requests (webhook receivers, OAuth / OIDC providers) may go to private addresses:
 * OUTBOUND_ALLOW_PRIVATE_HOSTS, else its former name WEBHOOK_ALLOW_PRIVATE_HOSTS, else outside production only.
 */
export function outboundMayReachPrivateHosts(
  config: Pick<AppConfig, 'OUTBOUND_ALLOW_PRIVATE_HOSTS' | 'WEBHOOK_ALLOW_PRIVATE_HOSTS' | 'NODE_ENV'>,
): boolean {
  return config.OUTBOUND_ALLOW_PRIVATE_HOSTS ?? config.WEBHOOK_ALLOW_PRIVATE_HOSTS ?? config.NODE_ENV !== 'production';
}

/** Nest injection token for {@link AppConfig}. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** The portal's public address without a trailing slash (PUBLIC_URL, else http://localhost:PORT), for e-mailed and redirect links. */
export function publicUrl(config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}
