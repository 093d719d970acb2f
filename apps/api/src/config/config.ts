import { createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  DEFAULT_AADHAAR_PAY_FEE_BP,
  DEFAULT_AEPS_LIMITS,
  DEFAULT_BBPS_COMPLAINT_TAT_DAYS,
  DEFAULT_BBPS_LIMITS,
  type BbpsLimits,
  DEFAULT_APPROVAL_THRESHOLD,
  type AepsLimits,
  DEFAULT_DMT_LIMITS,
  DEFAULT_PPI_LIMITS,
  type DmtLimits,
  MAX_TRANSFER_AMOUNT,
  MOBILE_DIGITS,
  PIN_MAX_LENGTH,
  PIN_MIN_LENGTH,
  type Paise,
  DEFAULT_PG_LIMITS,
  PG_GATEWAYS,
  type PgGateway,
  type PgLimits,
} from '@khata/domain';
import { parseAddressAllowlist, type AddressAllowlist } from '../net/internal-address.js';
import { Secret } from './secret.js';

export type RuntimeEnv = 'development' | 'test' | 'production';

/** What one process runs: HTTP and the job worker (`all`), HTTP only (`api`), jobs only (`worker`). */
export type ProcessRole = 'all' | 'api' | 'worker';

export interface FirstAdminConfig {
  mobile: string;
  password: Secret;
  pin: Secret;
}

/** How the bank rail behaves in this process (RailModule). */
export interface RailConfig {
  /**
   * `sandbox` (default outside production) or `provider` (a real payout provider behind the same
   * interface; the production default: the sandbox is refused there unless
   * RAIL_SANDBOX_IN_PRODUCTION=true marks a staging stack).
   */
  adapter: 'sandbox' | 'provider';
  /** Milliseconds each sandbox call takes, to make payouts visibly asynchronous in demos. */
  sandboxLatencyMs: number;
  /** How long a sandbox late-return account stays `processed` before the bank returns it. */
  sandboxReturnAfterMs: number;
  /** Provider adapter: base URL, API key and the secret its webhooks are signed with. */
  providerBaseUrl: string | undefined;
  providerApiKey: Secret | undefined;
  /** Also usable with the sandbox: undefined turns `POST /api/webhooks/rail` off (503). */
  providerWebhookSecret: Secret | undefined;
}

/** Timings of the payout pipeline (PayoutsModule). */
export interface PayoutConfig {
  /** How often each process relays outbox rows a request could not hand to the queue itself. */
  relayIntervalMs: number;
  /** How often each worker looks for payouts due a check (stale in flight, late returns). */
  sweepIntervalMs: number;
  /** A payout queued or processing this long without news is looked at by the sweep. */
  staleAfterMs: number;
  /**
   * After a payout is processed, first ask the rail about a late return after this long (an
   * hour; in development on the sandbox rail, 30 s after the sandbox's return).
   */
  returnCheckAfterMs: number;
  /** Stop asking about late returns this long after the payout was processed. */
  returnWindowMs: number;
  /**
   * A send the rail says it never received is sent again only once it is this old, so it can
   * no longer be on its way (the provider adapter gives up on a call after 10 s).
   */
  resendAfterMs: number;
  /**
   * The longest gap between two status enquiries about a payout still in flight: 15 minutes
   * (DMT: 2 hours, DMT_MAX_RECHECK_MS).
   */
  maxRecheckMs: number;
}

/**
 * DMT transfers (issue 25): the payout pipeline's timings but for the first status enquiry,
 * which a DMT provider wants no sooner than 15 minutes after the transfer (india-rails.md
 * §1.4; DMT_STALE_AFTER_MS), and the transfer limits (libs/domain DEFAULT_DMT_LIMITS).
 */
export interface DmtConfig extends PayoutConfig {
  limits: DmtLimits;
  /**
   * PPI money transfer's least and most per transfer (libs/domain DEFAULT_PPI_LIMITS); its
   * month is the provider's limit for the sender's wallet, not `perMonth`.
   */
  ppiLimits: DmtLimits;
}

/**
 * AEPS at the counter (issue 26): the payout pipeline's timings with AEPS's own first enquiry
 * (AEPS_STALE_AFTER_MS, 2 minutes: the customer is at the counter) and gaps (at most
 * AEPS_MAX_RECHECK_MS, 30 minutes), NPCI's limits (libs/domain DEFAULT_AEPS_LIMITS) and the
 * Aadhaar Pay merchant fee (AADHAAR_PAY_FEE_BP, basis points of the amount, GST inside).
 */
export interface AepsConfig extends PayoutConfig {
  limits: AepsLimits;
  aadhaarPayFeeBp: number;
}

/** Bill payments through Bharat BillPay (issue 27). */
export interface BbpsConfig extends PayoutConfig {
  limits: BbpsLimits;
  /** BBPS_FETCH_VALID_MINUTES: how long a fetched bill may be paid against; default 60. */
  fetchValidMs: number;
  /** BBPS_CATALOGUE_SYNC_HOURS: how often a worker syncs the biller catalogue; default 6. */
  catalogueSyncMs: number;
  /** BBPS_COMPLAINT_TAT_DAYS: a complaint's resolution deadline, India days; default 7. */
  complaintTatDays: number;
}

/** How a gateway of a load screen is configured (issue 28): the sandbox, or off. */
export type PgGatewayMode = 'sandbox' | 'off';

/** Wallet loads through a payment gateway (issue 28). */
export interface PgConfig {
  /** PG_PAY10, PG_FINKEDA, PG_PAYCEL: `sandbox` or `off`; sandbox by default outside production. */
  gateways: Record<PgGateway, PgGatewayMode>;
  limits: PgLimits;
  /** PG_RECONCILE_AFTER_MINUTES: an order open this long is asked about by the reconciler. */
  reconcileAfterMs: number;
  /**
   * PG_SANDBOX_WEBHOOK_DELAY_MS: how long the sandbox waits before its first webhook delivery
   * (default 1500: the browser's return comes first, as it does with a real gateway).
   */
  sandboxWebhookDelayMs: number;
}

/** A streaming replica for the reads that may lag (issue 29; LaggingReads). */
export interface ReplicaConfig {
  /**
   * DATABASE_REPLICA_URL: a hot standby of DATABASE_URL's server (`npm run db:replica`);
   * undefined: the reads that may lag go to the primary, on read-only sessions all the same.
   */
  url: string | undefined;
  /** REPLICA_MAX_LAG_MS: past this lag (default 5000) those reads go to the primary instead. */
  maxLagMs: number;
}

/** How long a session lasts (issue 31). */
export interface SessionConfig {
  /**
   * SESSION_IDLE_MINUTES: a session no call has used for this long ends (2211, reason `idle`);
   * 1 to 1440, default 30.
   */
  idleMs: number;
  /** SESSION_HOURS: the longest a session lasts, used or not; 1 to 24, default 24. */
  lifetimeMs: number;
  /**
   * ADMIN_SESSION_HOURS: the same for an admin or a holder of the staff service, who can act on
   * every account; 1 to 24, default 8, never longer than SESSION_HOURS.
   */
  elevatedLifetimeMs: number;
}

/** How one-time passwords reach a phone (BeneficiariesModule). */
export interface SmsConfig {
  /** Only `sandbox` exists so far; a real SMS gateway plugs in behind `SmsSender`. */
  adapter: 'sandbox';
  /**
   * SMS_SANDBOX_OTP: every OTP is this 6-digit value, so a browser test or a demo can type it.
   * Development and tests only: production refuses to start with it.
   */
  fixedOtp: string | undefined;
}

export interface CredentialsConfig {
  /**
   * PIN_LOCKOUT_MINUTES: how long each lock of a run of wrong PINs lasts, in order (default
   * `30,120,1440`); the lock after the last one holds until the PIN is reset.
   */
  pinLockoutMinutes: readonly number[];
  /** TEMPORARY_PASSWORD_HOURS: how long a temporary password signs in (default 72). */
  temporaryPasswordHours: number;
}

export interface AppConfig {
  env: RuntimeEnv;
  port: number;
  databaseUrl: string;
  /**
   * DATABASE_MIGRATION_URL: the connection that creates the database and runs migrations (the
   * schema's owner); DATABASE_URL by default. Set apart, the app's own DATABASE_URL can be a role
   * without DDL that cannot drop the ledger's triggers (docker-compose.yml does this).
   */
  migrationDatabaseUrl: string;
  /** Where the reads that may lag go (issue 29, docs/scaling.md "Which reads may lag"). */
  replica: ReplicaConfig;
  redisUrl: string;
  /** Prefix of every Redis key and queue this process uses, so two runs never meet. */
  redisPrefix: string;
  productKey: string;
  /** Parent domain for cookies; undefined on localhost (spec §1). */
  cookieDomain: string | undefined;
  /** Undefined when ADMIN_* are unset: development then makes one up (API.md). */
  firstAdmin: FirstAdminConfig | undefined;
  seedDemo: boolean;
  jwtSecret: Secret;
  pinPepper: Secret;
  /**
   * Seals what we must read back before it is stored: webhook signing secrets, PANs, bank
   * account numbers, KYC photos (SecretBox).
   */
  dataKey: Secret;
  /**
   * LOOKUP_KEY: the HMAC key of the look-up hashes kept beside sealed values (an account
   * number's, to find and refuse a duplicate without opening every row). Its own key, so the
   * hashes say nothing to whoever holds only DATA_KEY, and the other way round.
   */
  lookupKey: Secret;
  /**
   * LEDGER_SIGNING_KEY: the Ed25519 private key that signs the ledger's daily heads (issue 14).
   * A KeyObject never prints its material.
   */
  ledgerSigningKey: KeyObject;
  logLevel: string;
  /**
   * LOG_FORMAT: `pretty` (one readable line an event, pino-pretty) or `json` (pino's lines).
   * Default: pretty in development outside CI (CI=true), json in production, tests and CI.
   */
  logFormat: 'pretty' | 'json';
  /** Folder of the built console, served on the same origin as the API; undefined to serve none. */
  consoleDist: string | undefined;
  processRole: ProcessRole;
  /** Folder of uploaded files (profile pictures), served at /userProfile/{file}. */
  uploadDir: string;
  rail: RailConfig;
  payouts: PayoutConfig;
  dmt: DmtConfig;
  aeps: AepsConfig;
  bbps: BbpsConfig;
  pg: PgConfig;
  sms: SmsConfig;
  credentials: CredentialsConfig;
  sessions: SessionConfig;
  /**
   * API_DOCS: who may open /api/docs (the OpenAPI document and Swagger UI): `public`, or
   * `admins` (a signed-in admin only). Default: admins in production, public elsewhere.
   */
  apiDocs: ApiDocsAccess;
  /**
   * PASSWORD_SCRYPT_LOG_N: log2 of scrypt's N for new password hashes, 15 (N = 32768) unless a
   * test run lowers it to spend less CPU per sign-in; refused in production.
   */
  passwordScryptLogN: number;
  /**
   * METRICS_TOKEN: the bearer token a Prometheus scraper sends to `GET /metrics`; undefined
   * turns the endpoint off (404). At least 16 characters.
   */
  metricsToken: Secret | undefined;
  /**
   * WEBHOOK_ALLOW_ADDRESSES: internal addresses and CIDR ranges a partner's webhook may reach
   * anyway (comma-separated), for a receiver on this machine in development and tests; empty
   * by default, refused in production (issue 31 item 8).
   */
  webhookAllowedAddresses: AddressAllowlist;
  /**
   * ADMIN_APPROVAL_THRESHOLD (whole rupees, default 100000): an admin credit or debit above it
   * waits for a second admin's approval (issue 31 item 4). Kept here in paise.
   */
  adminApprovalThreshold: Paise;
}

/** A bad configuration: its message is one line that says what to fix. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface ConfigSources {
  env: NodeJS.ProcessEnv;
  /** Folder for state a development machine keeps between starts (generated secrets). */
  stateDir: string;
  defaultConsoleDist?: string;
}

const POSTGRES_PROTOCOLS = ['postgres:', 'postgresql:'];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and validates the whole configuration once, at start-up (STYLE.md). */
export function loadConfig({ env, stateDir, defaultConsoleDist }: ConfigSources): AppConfig {
  const runtime = parseRuntime(env.NODE_ENV);
  const production = runtime === 'production';
  const devSecrets = production ? undefined : () => readOrCreateDevSecrets(stateDir);
  const databaseUrl = parseUrl(
    'DATABASE_URL',
    env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/khata',
    POSTGRES_PROTOCOLS,
  );

  return {
    env: runtime,
    port: parsePort(env.PORT),
    databaseUrl,
    migrationDatabaseUrl: env.DATABASE_MIGRATION_URL
      ? parseUrl('DATABASE_MIGRATION_URL', env.DATABASE_MIGRATION_URL, POSTGRES_PROTOCOLS)
      : databaseUrl,
    replica: {
      url: env.DATABASE_REPLICA_URL
        ? parseUrl('DATABASE_REPLICA_URL', env.DATABASE_REPLICA_URL, POSTGRES_PROTOCOLS)
        : undefined,
      maxLagMs: parseMaxLag(env.REPLICA_MAX_LAG_MS),
    },
    redisUrl: parseUrl('REDIS_URL', env.REDIS_URL ?? 'redis://127.0.0.1:6379', [
      'redis:',
      'rediss:',
    ]),
    redisPrefix: parseName('REDIS_PREFIX', env.REDIS_PREFIX ?? 'khata', /^[A-Za-z0-9_.-]{1,64}$/),
    productKey: parseName('PRODUCT_KEY', env.PRODUCT_KEY ?? 'khata', /^[a-z][A-Za-z0-9]{0,31}$/),
    cookieDomain: parseCookieDomain(env.COOKIE_DOMAIN),
    firstAdmin: parseFirstAdmin(env),
    // Funded demo users with a published password: only when asked (`npm start` asks).
    seedDemo: !production && parseBoolean('SEED_DEMO', env.SEED_DEMO ?? 'false'),
    jwtSecret: requiredSecret('JWT_SECRET', env.JWT_SECRET, devSecrets, 'jwtSecret'),
    pinPepper: requiredSecret('PIN_PEPPER', env.PIN_PEPPER, devSecrets, 'pinPepper'),
    dataKey: requiredSecret('DATA_KEY', env.DATA_KEY, devSecrets, 'dataKey'),
    lookupKey: requiredSecret('LOOKUP_KEY', env.LOOKUP_KEY, devSecrets, 'lookupKey'),
    ledgerSigningKey: parseSigningKey(env.LEDGER_SIGNING_KEY, devSecrets),
    logLevel: parseLogLevel(env.LOG_LEVEL ?? (runtime === 'test' ? 'warn' : 'info')),
    logFormat: parseLogFormat(
      env.LOG_FORMAT || (runtime === 'development' && !isTrue(env.CI) ? 'pretty' : 'json'),
    ),
    consoleDist: env.CONSOLE_DIST === '' ? undefined : (env.CONSOLE_DIST ?? defaultConsoleDist),
    processRole: parseProcessRole(env.KHATA_PROCESS ?? 'all'),
    uploadDir: resolve(env.UPLOAD_DIR || join(stateDir, 'uploads')),
    rail: parseRail(env, runtime),
    payouts: parsePayouts(env, runtime),
    dmt: parseDmt(env, runtime),
    aeps: parseAeps(env, runtime),
    bbps: parseBbps(env, runtime),
    pg: parsePg(env, runtime),
    sms: parseSms(env, runtime),
    credentials: parseCredentials(env),
    sessions: parseSessions(env),
    apiDocs: parseApiDocs(env.API_DOCS ?? (production ? 'admins' : 'public')),
    passwordScryptLogN: parseScryptLogN(env.PASSWORD_SCRYPT_LOG_N, runtime),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    webhookAllowedAddresses: parseWebhookAllowlist(env.WEBHOOK_ALLOW_ADDRESSES, runtime),
    adminApprovalThreshold: parseApprovalThreshold(env.ADMIN_APPROVAL_THRESHOLD),
  };
}

/** How many processes of each kind `npm start` runs (apps/api/src/cluster.ts). */
export interface ProcessCounts {
  /** KHATA_API_PROCESSES: HTTP processes sharing the port (1 to 64, default 1). */
  api: number;
  /** KHATA_WORKERS: job worker processes (0 to 64, default 1; 0 runs jobs in the API processes). */
  workers: number;
}

const MAX_PROCESSES = 64;

export function loadProcessCounts(env: NodeJS.ProcessEnv): ProcessCounts {
  return {
    api: parseCount('KHATA_API_PROCESSES', env.KHATA_API_PROCESSES, 1, 1),
    workers: parseCount('KHATA_WORKERS', env.KHATA_WORKERS, 1, 0),
  };
}

function parseCount(name: string, value: string | undefined, fallback: number, min: number) {
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!/^\d+$/.test(value) || count < min || count > MAX_PROCESSES) {
    throw new ConfigError(
      `${name} must be a whole number from ${min} to ${MAX_PROCESSES}; it is "${value}".`,
    );
  }
  return count;
}

/**
 * NODE_ENV is required: unset used to mean development, so a server started without it seeded
 * funded demo users and opened the docs (issue 31). `npm start` sets development itself.
 */
function parseRuntime(value: string | undefined): RuntimeEnv {
  if (value === undefined || value === '') {
    throw new ConfigError(
      'NODE_ENV is required: production on a server, development on your machine (npm start sets it), test in tests.',
    );
  }
  const runtime = value;
  if (runtime === 'development' || runtime === 'test' || runtime === 'production') return runtime;
  throw new ConfigError(`NODE_ENV must be development, test or production; it is "${runtime}".`);
}

function parseApprovalThreshold(value: string | undefined): Paise {
  if (value === undefined || value === '') return DEFAULT_APPROVAL_THRESHOLD;
  const paise = Number(value) * 100;
  if (!/^\d{1,15}$/.test(value) || paise < 100 || paise > MAX_TRANSFER_AMOUNT) {
    throw new ConfigError(
      `ADMIN_APPROVAL_THRESHOLD must be whole rupees from 1 to ${MAX_TRANSFER_AMOUNT / 100}; it is "${value}".`,
    );
  }
  return paise;
}

function parseMaxLag(value: string | undefined): number {
  if (value === undefined || value === '') return 5000;
  const ms = Number(value);
  if (!/^\d{1,7}$/.test(value) || ms < 100) {
    throw new ConfigError(
      `REPLICA_MAX_LAG_MS must be whole milliseconds from 100 to 9999999; it is "${value}".`,
    );
  }
  return ms;
}

function parseProcessRole(value: string): ProcessRole {
  if (value === 'all' || value === 'api' || value === 'worker') return value;
  throw new ConfigError(`KHATA_PROCESS must be all, api or worker; it is "${value}".`);
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535; it is "${value}".`);
  }
  return port;
}

function parseUrl(name: string, value: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a URL: "${redactUrl(value)}".`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(
      `${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}; it is "${redactUrl(value)}".`,
    );
  }
  return value;
}

function parseName(name: string, value: string, pattern: RegExp): string {
  if (!pattern.test(value)) {
    throw new ConfigError(`${name} "${value}" is not allowed: it must match ${pattern}.`);
  }
  return value;
}

function parseCookieDomain(value: string | undefined): string | undefined {
  if (value === undefined || value === '' || value === 'localhost') return undefined;
  if (!/^\.?[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value)) {
    throw new ConfigError(`COOKIE_DOMAIN must be a domain such as .example.in; it is "${value}".`);
  }
  return value;
}

export type ApiDocsAccess = 'public' | 'admins';

function parseApiDocs(value: string): ApiDocsAccess {
  if (value === 'public' || value === 'admins') return value;
  throw new ConfigError(`API_DOCS must be public or admins; it is "${value}".`);
}

function parseBoolean(name: string, value: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(`${name} must be true or false; it is "${value}".`);
}

function parseLogLevel(value: string): string {
  if (!LOG_LEVELS.includes(value)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; it is "${value}".`);
  }
  return value;
}

function parseFirstAdmin(env: NodeJS.ProcessEnv): FirstAdminConfig | undefined {
  const { ADMIN_MOBILE: mobile, ADMIN_PASSWORD: password, ADMIN_PIN: pin } = env;
  if (mobile === undefined && password === undefined && pin === undefined) return undefined;
  if (!mobile || !password || !pin) {
    throw new ConfigError('ADMIN_MOBILE, ADMIN_PASSWORD and ADMIN_PIN go together: set all three.');
  }
  if (!new RegExp(`^\\d{${MOBILE_DIGITS}}$`).test(mobile)) {
    throw new ConfigError(`ADMIN_MOBILE must be a ${MOBILE_DIGITS}-digit mobile number.`);
  }
  if (password.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD must have at least 8 characters.');
  }
  if (!new RegExp(`^\\d{${PIN_MIN_LENGTH},${PIN_MAX_LENGTH}}$`).test(pin)) {
    throw new ConfigError(`ADMIN_PIN must be ${PIN_MIN_LENGTH} to ${PIN_MAX_LENGTH} digits.`);
  }
  return { mobile, password: new Secret(password), pin: new Secret(pin) };
}

function parseRail(env: NodeJS.ProcessEnv, runtime: RuntimeEnv): RailConfig {
  const adapter = env.RAIL_ADAPTER ?? (runtime === 'production' ? 'provider' : 'sandbox');
  if (adapter !== 'sandbox' && adapter !== 'provider') {
    throw new ConfigError(`RAIL_ADAPTER must be sandbox or provider; it is "${adapter}".`);
  }
  // The sandbox pays no one and says it did: in production only for a staging stack that says
  // so in as many words (the compose smoke), never by default (issue 31).
  if (
    runtime === 'production' &&
    adapter === 'sandbox' &&
    !parseBoolean('RAIL_SANDBOX_IN_PRODUCTION', env.RAIL_SANDBOX_IN_PRODUCTION ?? 'false')
  ) {
    throw new ConfigError(
      'RAIL_ADAPTER=sandbox is refused when NODE_ENV=production: set RAIL_ADAPTER=provider, or RAIL_SANDBOX_IN_PRODUCTION=true on a staging stack that moves no real money.',
    );
  }
  const rail: RailConfig = {
    adapter,
    sandboxLatencyMs: railMs('RAIL_SANDBOX_LATENCY_MS', env.RAIL_SANDBOX_LATENCY_MS, 0),
    sandboxReturnAfterMs: railMs(
      'RAIL_SANDBOX_RETURN_AFTER_MS',
      env.RAIL_SANDBOX_RETURN_AFTER_MS,
      60_000,
    ),
    providerBaseUrl: env.RAIL_PROVIDER_URL || undefined,
    providerApiKey: optionalSecret(env.RAIL_PROVIDER_KEY),
    providerWebhookSecret: optionalSecret(env.RAIL_PROVIDER_WEBHOOK_SECRET),
  };
  if (
    adapter === 'provider' &&
    (!rail.providerBaseUrl || !rail.providerApiKey || !rail.providerWebhookSecret)
  ) {
    throw new ConfigError(
      'RAIL_ADAPTER=provider needs RAIL_PROVIDER_URL, RAIL_PROVIDER_KEY and RAIL_PROVIDER_WEBHOOK_SECRET.',
    );
  }
  return rail;
}

function railMs(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,7}$/.test(value)) {
    throw new ConfigError(`${name} must be a whole number of milliseconds; it is "${value}".`);
  }
  return Number(value);
}

const MINUTE = 60_000;

/**
 * The first late-return check waits an hour, as a real bank's returns take; in development on
 * the sandbox rail it comes half a minute after the sandbox returns (issue 23: a demo's late
 * return showed up an hour later, on no screen meanwhile).
 */
export function defaultReturnCheckAfterMs(runtime: RuntimeEnv, rail: RailConfig): number {
  return runtime === 'development' && rail.adapter === 'sandbox'
    ? rail.sandboxReturnAfterMs + 30_000
    : 60 * MINUTE;
}

function parsePayouts(env: NodeJS.ProcessEnv, runtime: RuntimeEnv): PayoutConfig {
  const returnCheckFallback = defaultReturnCheckAfterMs(runtime, parseRail(env, runtime));
  return {
    relayIntervalMs: payoutMs(env, 'PAYOUT_RELAY_INTERVAL_MS', 1000, 50),
    sweepIntervalMs: payoutMs(env, 'PAYOUT_SWEEP_INTERVAL_MS', 5000, 50),
    staleAfterMs: payoutMs(env, 'PAYOUT_STALE_AFTER_MS', 2 * MINUTE, 0),
    returnCheckAfterMs: payoutMs(env, 'PAYOUT_RETURN_CHECK_AFTER_MS', returnCheckFallback, 0),
    returnWindowMs: payoutMs(env, 'PAYOUT_RETURN_WINDOW_MS', 3 * 24 * 60 * MINUTE, 0),
    resendAfterMs: payoutMs(env, 'PAYOUT_RESEND_AFTER_MS', 30_000, 0),
    maxRecheckMs: 15 * MINUTE,
  };
}

function parseDmt(env: NodeJS.ProcessEnv, runtime: RuntimeEnv): DmtConfig {
  return {
    ...parsePayouts(env, runtime),
    staleAfterMs: payoutMs(env, 'DMT_STALE_AFTER_MS', 15 * MINUTE, 0),
    // The provider's rule: the first enquiry at 15 minutes, then spaced out (15, 30, 60, 120
    // minutes, then every 2 hours until an answer or an admin's hand resolution).
    maxRecheckMs: payoutMs(env, 'DMT_MAX_RECHECK_MS', 2 * 60 * MINUTE, 1000),
    limits: DEFAULT_DMT_LIMITS,
    ppiLimits: DEFAULT_PPI_LIMITS,
  };
}

function parseAeps(env: NodeJS.ProcessEnv, runtime: RuntimeEnv): AepsConfig {
  return {
    ...parsePayouts(env, runtime),
    staleAfterMs: payoutMs(env, 'AEPS_STALE_AFTER_MS', 2 * MINUTE, 0),
    maxRecheckMs: payoutMs(env, 'AEPS_MAX_RECHECK_MS', 30 * MINUTE, 1000),
    limits: DEFAULT_AEPS_LIMITS,
    aadhaarPayFeeBp: wholeNumber(env, 'AADHAAR_PAY_FEE_BP', DEFAULT_AADHAAR_PAY_FEE_BP, 0, 1000),
  };
}

function parseBbps(env: NodeJS.ProcessEnv, runtime: RuntimeEnv): BbpsConfig {
  return {
    ...parsePayouts(env, runtime),
    staleAfterMs: payoutMs(env, 'BBPS_STALE_AFTER_MS', 2 * MINUTE, 0),
    maxRecheckMs: payoutMs(env, 'BBPS_MAX_RECHECK_MS', 30 * MINUTE, 1000),
    limits: DEFAULT_BBPS_LIMITS,
    fetchValidMs: wholeNumber(env, 'BBPS_FETCH_VALID_MINUTES', 60, 1, 24 * 60) * MINUTE,
    catalogueSyncMs: wholeNumber(env, 'BBPS_CATALOGUE_SYNC_HOURS', 6, 1, 168) * 60 * MINUTE,
    complaintTatDays: wholeNumber(
      env,
      'BBPS_COMPLAINT_TAT_DAYS',
      DEFAULT_BBPS_COMPLAINT_TAT_DAYS,
      1,
      90,
    ),
  };
}

function parsePg(env: NodeJS.ProcessEnv, runtime: RuntimeEnv): PgConfig {
  const gateways = {} as Record<PgGateway, PgGatewayMode>;
  for (const gateway of PG_GATEWAYS) {
    const name = `PG_${gateway.toUpperCase()}`;
    const value = env[name] || (runtime === 'production' ? 'off' : 'sandbox');
    if (value !== 'sandbox' && value !== 'off') {
      throw new ConfigError(`${name} must be sandbox or off; it is "${value}".`);
    }
    if (
      value === 'sandbox' &&
      runtime === 'production' &&
      !parseBoolean('PG_SANDBOX_IN_PRODUCTION', env.PG_SANDBOX_IN_PRODUCTION ?? 'false')
    ) {
      throw new ConfigError(
        `${name}=sandbox is refused when NODE_ENV=production: set it off, or PG_SANDBOX_IN_PRODUCTION=true on a staging stack that moves no real money.`,
      );
    }
    gateways[gateway] = value;
  }
  return {
    gateways,
    limits: DEFAULT_PG_LIMITS,
    reconcileAfterMs: wholeNumber(env, 'PG_RECONCILE_AFTER_MINUTES', 15, 1, 24 * 60) * MINUTE,
    sandboxWebhookDelayMs: railMs(
      'PG_SANDBOX_WEBHOOK_DELAY_MS',
      env.PG_SANDBOX_WEBHOOK_DELAY_MS,
      1500,
    ),
  };
}

function payoutMs(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,10}$/.test(value) || Number(value) < min) {
    throw new ConfigError(
      `${name} must be a whole number of milliseconds, at least ${min}; it is "${value}".`,
    );
  }
  return Number(value);
}

function parseSessions(env: NodeJS.ProcessEnv): SessionConfig {
  const hour = 60 * MINUTE;
  const lifetimeMs = wholeNumber(env, 'SESSION_HOURS', 24, 1, 24) * hour;
  const elevatedLifetimeMs = wholeNumber(env, 'ADMIN_SESSION_HOURS', 8, 1, 24) * hour;
  if (elevatedLifetimeMs > lifetimeMs) {
    throw new ConfigError('ADMIN_SESSION_HOURS must not be more than SESSION_HOURS.');
  }
  return {
    idleMs: wholeNumber(env, 'SESSION_IDLE_MINUTES', 30, 1, 1440) * MINUTE,
    lifetimeMs,
    elevatedLifetimeMs,
  };
}

function wholeNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,5}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(
      `${name} must be a whole number from ${min} to ${max}; it is "${value}".`,
    );
  }
  return Number(value);
}

function parseSms(env: NodeJS.ProcessEnv, runtime: RuntimeEnv): SmsConfig {
  const adapter = env.SMS_ADAPTER || 'sandbox';
  if (adapter !== 'sandbox') {
    throw new ConfigError(`SMS_ADAPTER must be sandbox; it is "${adapter}".`);
  }
  const fixedOtp = env.SMS_SANDBOX_OTP || undefined;
  if (fixedOtp !== undefined && !/^\d{6}$/.test(fixedOtp)) {
    throw new ConfigError(`SMS_SANDBOX_OTP must be 6 digits; it is "${fixedOtp}".`);
  }
  if (fixedOtp !== undefined && runtime === 'production') {
    throw new ConfigError(
      'SMS_SANDBOX_OTP is for development and tests only; unset it in production.',
    );
  }
  return { adapter, fixedOtp };
}

function parseWebhookAllowlist(value: string | undefined, runtime: RuntimeEnv): AddressAllowlist {
  if (value === undefined || value === '') return [];
  if (runtime === 'production') {
    throw new ConfigError(
      'WEBHOOK_ALLOW_ADDRESSES is for development and tests only; unset it in production.',
    );
  }
  try {
    return parseAddressAllowlist(value);
  } catch (error) {
    throw new ConfigError(`WEBHOOK_ALLOW_ADDRESSES: ${(error as Error).message}`);
  }
}

/** The production cost; a hash records its own parameters, so verifying never depends on this. */
function parseCredentials(env: NodeJS.ProcessEnv): CredentialsConfig {
  const steps = env.PIN_LOCKOUT_MINUTES || '30,120,1440';
  const parts = steps.split(',').map((step) => step.trim());
  const pinLockoutMinutes = parts.map(Number);
  if (parts.some((step) => !/^\d{1,6}$/.test(step)) || pinLockoutMinutes.includes(0)) {
    throw new ConfigError(
      `PIN_LOCKOUT_MINUTES must be whole minutes separated by commas, like "30,120,1440"; it is "${steps}".`,
    );
  }
  const hours = env.TEMPORARY_PASSWORD_HOURS || '72';
  if (!/^\d+$/.test(hours) || Number(hours) < 1 || Number(hours) > 24 * 30) {
    throw new ConfigError(
      `TEMPORARY_PASSWORD_HOURS must be whole hours from 1 to 720; it is "${hours}".`,
    );
  }
  return { pinLockoutMinutes, temporaryPasswordHours: Number(hours) };
}

export const DEFAULT_SCRYPT_LOG_N = 15;

function parseScryptLogN(value: string | undefined, runtime: RuntimeEnv): number {
  if (value === undefined || value === '') return DEFAULT_SCRYPT_LOG_N;
  if (runtime === 'production') {
    throw new ConfigError(
      'PASSWORD_SCRYPT_LOG_N is for development and tests only; unset it in production.',
    );
  }
  if (!/^\d{1,2}$/.test(value) || Number(value) < 10 || Number(value) > DEFAULT_SCRYPT_LOG_N) {
    throw new ConfigError(
      `PASSWORD_SCRYPT_LOG_N must be a whole number from 10 to 15; it is "${value}".`,
    );
  }
  return Number(value);
}

function parseLogFormat(value: string): 'pretty' | 'json' {
  if (value !== 'pretty' && value !== 'json') {
    throw new ConfigError(`LOG_FORMAT must be pretty or json; it is "${value}".`);
  }
  return value;
}

/** CI services set CI=true (or 1). */
function isTrue(value: string | undefined): boolean {
  return value !== undefined && /^(true|1)$/i.test(value);
}

function parseMetricsToken(value: string | undefined): Secret | undefined {
  if (!value) return undefined;
  if (value.length < 16 || !/^[\x21-\x7e]+$/.test(value)) {
    throw new ConfigError(
      'METRICS_TOKEN must be at least 16 printable characters without spaces (or unset, which turns /metrics off).',
    );
  }
  return new Secret(value);
}

function optionalSecret(value: string | undefined): Secret | undefined {
  return value ? new Secret(value) : undefined;
}

const DEV_SECRET_NAMES = [
  'jwtSecret',
  'pinPepper',
  'dataKey',
  'lookupKey',
  'ledgerSigningKey',
] as const;
type DevSecrets = Record<(typeof DEV_SECRET_NAMES)[number], string>;

/** A new secret of a name: random bytes, or for the ledger an Ed25519 key (base64 PKCS#8). */
function newDevSecret(name: (typeof DEV_SECRET_NAMES)[number]): string {
  if (name === 'ledgerSigningKey') {
    const { privateKey } = generateKeyPairSync('ed25519');
    return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  }
  return randomBytes(32).toString('base64url');
}

/** LEDGER_SIGNING_KEY: an Ed25519 private key, PEM or base64 PKCS#8; required in production. */
function parseSigningKey(
  value: string | undefined,
  devSecrets: (() => DevSecrets) | undefined,
): KeyObject {
  const text = value?.trim() || undefined;
  if (text === undefined && !devSecrets) {
    throw new ConfigError('LEDGER_SIGNING_KEY is required when NODE_ENV=production.');
  }
  const source = text ?? devSecrets!().ledgerSigningKey;
  let key: KeyObject;
  try {
    key = source.startsWith('-----')
      ? createPrivateKey(source)
      : createPrivateKey({ key: Buffer.from(source, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new ConfigError(
      'LEDGER_SIGNING_KEY must be an Ed25519 private key: PEM, or base64 of PKCS#8 DER.',
    );
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new ConfigError(
      `LEDGER_SIGNING_KEY must be an Ed25519 key; it is ${key.asymmetricKeyType ?? 'not one'}.`,
    );
  }
  return key;
}

function requiredSecret(
  name: string,
  value: string | undefined,
  devSecrets: (() => DevSecrets) | undefined,
  key: keyof DevSecrets,
): Secret {
  if (value !== undefined && value !== '') {
    if (value.length < 32) throw new ConfigError(`${name} must have at least 32 characters.`);
    return new Secret(value);
  }
  if (!devSecrets) throw new ConfigError(`${name} is required when NODE_ENV=production.`);
  return new Secret(devSecrets()[key]);
}

/**
 * Outside production a missing secret is generated once and kept in the state folder, so
 * PINs (an HMAC under the pepper) and sessions keep working across restarts.
 */
function readOrCreateDevSecrets(stateDir: string): DevSecrets {
  const file = join(stateDir, 'dev-secrets.json');
  const kept = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<DevSecrets>)
    : {};
  // A secret added later (dataKey, lookupKey) is generated into an existing file; kept ones stay.
  if (DEV_SECRET_NAMES.every((name) => kept[name])) return kept as DevSecrets;
  const secrets = Object.fromEntries(
    DEV_SECRET_NAMES.map((name) => [name, kept[name] ?? newDevSecret(name)]),
  ) as DevSecrets;
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** The URL without its password, for messages. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return value.replace(/\/\/[^@/]*@/, '//***@');
  }
}
