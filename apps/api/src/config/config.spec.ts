import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { ConfigError, loadConfig, loadProcessCounts } from './config.js';

const stateDir = () => mkdtempSync(join(tmpdir(), 'khata-config-'));
/** Development unless the case says otherwise: NODE_ENV itself is required. */
const load = (env: NodeJS.ProcessEnv, dir = stateDir()) =>
  loadConfig({ env: { NODE_ENV: 'development', ...env }, stateDir: dir });
const production = {
  NODE_ENV: 'production',
  RAIL_ADAPTER: 'provider',
  RAIL_PROVIDER_URL: 'https://payouts.example',
  RAIL_PROVIDER_KEY: 'key_123',
  RAIL_PROVIDER_WEBHOOK_SECRET: 'whsec_1',
  JWT_SECRET: 'j'.repeat(32),
  PIN_PEPPER: 'p'.repeat(32),
  DATA_KEY: 'd'.repeat(32),
  LOOKUP_KEY: 'l'.repeat(32),
  LEDGER_SIGNING_KEY: generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString(),
};

describe('loadConfig', () => {
  it('logs readable lines in development only, JSON in production, tests and CI', () => {
    expect(load({}).logFormat).toBe('pretty');
    expect(load({ CI: 'true' }).logFormat).toBe('json');
    expect(load({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(load(production).logFormat).toBe('json');
    expect(load({ ...production, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });

  it('asks for a second admin above ₹1,00,000 unless ADMIN_APPROVAL_THRESHOLD says otherwise (issue 31)', () => {
    expect(load({}).adminApprovalThreshold).toBe(1_00_000_00);
    expect(load({ ADMIN_APPROVAL_THRESHOLD: '25000' }).adminApprovalThreshold).toBe(25_000_00);
    for (const value of ['0', '1.5', '-3', 'lakh', '10000000000']) {
      expect(() => load({ ADMIN_APPROVAL_THRESHOLD: value })).toThrow(
        /^ADMIN_APPROVAL_THRESHOLD must be whole rupees from 1 to /,
      );
    }
  });

  it('turns /metrics on with METRICS_TOKEN, a secret that never prints', () => {
    expect(load({}).metricsToken).toBeUndefined();
    const token = load({ METRICS_TOKEN: 'scrape-token-0123456789' }).metricsToken;
    expect(token?.reveal()).toBe('scrape-token-0123456789');
    expect(inspect(token)).toBe('[secret]');
  });

  it('ends sessions after 30 idle minutes, admins after 8 hours and others after 24 (issue 31)', () => {
    const minute = 60_000;
    expect(load({}).sessions).toEqual({
      idleMs: 30 * minute,
      lifetimeMs: 24 * 60 * minute,
      elevatedLifetimeMs: 8 * 60 * minute,
    });
    expect(
      load({ SESSION_IDLE_MINUTES: '15', SESSION_HOURS: '12', ADMIN_SESSION_HOURS: '4' }).sessions,
    ).toEqual({
      idleMs: 15 * minute,
      lifetimeMs: 12 * 60 * minute,
      elevatedLifetimeMs: 4 * 60 * minute,
    });
    expect(() => load({ SESSION_IDLE_MINUTES: '0' })).toThrow(
      'SESSION_IDLE_MINUTES must be a whole number from 1 to 1440; it is "0".',
    );
    expect(() => load({ ADMIN_SESSION_HOURS: '25' })).toThrow(
      'ADMIN_SESSION_HOURS must be a whole number from 1 to 24; it is "25".',
    );
    expect(() => load({ SESSION_HOURS: '6' })).toThrow(
      'ADMIN_SESSION_HOURS must not be more than SESSION_HOURS.',
    );
  });

  it('defaults to local servers, port 3000 and the khata product key', () => {
    const config = load({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/khata',
      redisUrl: 'redis://127.0.0.1:6379',
      productKey: 'khata',
      cookieDomain: undefined,
      firstAdmin: undefined,
      seedDemo: false,
      processRole: 'all',
    });
  });

  it.each(['all', 'api', 'worker'] as const)(
    'takes KHATA_PROCESS=%s as the process role',
    (role) => {
      expect(load({ KHATA_PROCESS: role }).processRole).toBe(role);
    },
  );

  it.each([
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535; it is "70000".'],
    [{ PORT: '3e3' }, 'PORT must be a whole number from 0 to 65535; it is "3e3".'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be development, test or production; it is "staging".'],
    [
      { DATABASE_URL: 'mysql://x@h/db' },
      'DATABASE_URL must start with postgres:// or postgresql://; it is "mysql://x@h/db".',
    ],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL is not a URL: "not a url".'],
    [
      { PRODUCT_KEY: 'Khata Pay' },
      'PRODUCT_KEY "Khata Pay" is not allowed: it must match /^[a-z][A-Za-z0-9]{0,31}$/.',
    ],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO must be true or false; it is "yes".'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT must be pretty or json; it is "xml".'],
    [
      { METRICS_TOKEN: 'short' },
      'METRICS_TOKEN must be at least 16 printable characters without spaces (or unset, which turns /metrics off).',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; it is "loud".',
    ],
    [
      { COOKIE_DOMAIN: 'http://x.in' },
      'COOKIE_DOMAIN must be a domain such as .example.in; it is "http://x.in".',
    ],
    [
      { ADMIN_MOBILE: '9812345678' },
      'ADMIN_MOBILE, ADMIN_PASSWORD and ADMIN_PIN go together: set all three.',
    ],
    [
      { ADMIN_MOBILE: '98123', ADMIN_PASSWORD: 'longenough', ADMIN_PIN: '1234' },
      'ADMIN_MOBILE must be a 10-digit mobile number.',
    ],
    [
      { ADMIN_MOBILE: '9812345678', ADMIN_PASSWORD: 'short', ADMIN_PIN: '1234' },
      'ADMIN_PASSWORD must have at least 8 characters.',
    ],
    [
      { ADMIN_MOBILE: '9812345678', ADMIN_PASSWORD: 'longenough', ADMIN_PIN: '12a4' },
      'ADMIN_PIN must be 4 to 10 digits.',
    ],
    [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET must have at least 32 characters.'],
    [{ KHATA_PROCESS: 'both' }, 'KHATA_PROCESS must be all, api or worker; it is "both".'],
    [{ KHATA_PROCESS: '' }, 'KHATA_PROCESS must be all, api or worker; it is "".'],
    [{ RAIL_ADAPTER: 'bank' }, 'RAIL_ADAPTER must be sandbox or provider; it is "bank".'],
    [{ RAIL_ADAPTER: '' }, 'RAIL_ADAPTER must be sandbox or provider; it is "".'],
    [
      { RAIL_ADAPTER: 'provider', RAIL_PROVIDER_URL: 'https://p.example', RAIL_PROVIDER_KEY: 'k' },
      'RAIL_ADAPTER=provider needs RAIL_PROVIDER_URL, RAIL_PROVIDER_KEY and RAIL_PROVIDER_WEBHOOK_SECRET.',
    ],
    [
      { RAIL_SANDBOX_LATENCY_MS: '-1' },
      'RAIL_SANDBOX_LATENCY_MS must be a whole number of milliseconds; it is "-1".',
    ],
    [
      { RAIL_SANDBOX_RETURN_AFTER_MS: '12345678' },
      'RAIL_SANDBOX_RETURN_AFTER_MS must be a whole number of milliseconds; it is "12345678".',
    ],
    [
      { PAYOUT_SWEEP_INTERVAL_MS: '10' },
      'PAYOUT_SWEEP_INTERVAL_MS must be a whole number of milliseconds, at least 50; it is "10".',
    ],
    [
      { PAYOUT_RELAY_INTERVAL_MS: '1.5' },
      'PAYOUT_RELAY_INTERVAL_MS must be a whole number of milliseconds, at least 50; it is "1.5".',
    ],
    [
      { PAYOUT_RESEND_AFTER_MS: 'soon' },
      'PAYOUT_RESEND_AFTER_MS must be a whole number of milliseconds, at least 0; it is "soon".',
    ],
    [{ SMS_ADAPTER: 'twilio' }, 'SMS_ADAPTER must be sandbox; it is "twilio".'],
    [{ SMS_SANDBOX_OTP: '1234' }, 'SMS_SANDBOX_OTP must be 6 digits; it is "1234".'],
  ])('refuses %j with one line saying what to fix', (env, message) => {
    expect(() => load(env)).toThrow(new ConfigError(message));
  });

  it('hides the password of a bad database URL in its message', () => {
    expect(() => load({ DATABASE_URL: 'mysql://khata:hunter2@db/khata' })).toThrow(
      /mysql:\/\/khata:\*\*\*@db\/khata/,
    );
  });

  it('requires real secrets in production', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(
      'JWT_SECRET is required when NODE_ENV=production.',
    );
    expect(() => load({ NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(32) })).toThrow(
      'PIN_PEPPER is required when NODE_ENV=production.',
    );
    expect(() => load({ ...production, DATA_KEY: undefined })).toThrow(
      'DATA_KEY is required when NODE_ENV=production.',
    );
    expect(() => load({ ...production, DATA_KEY: 'short' })).toThrow(
      'DATA_KEY must have at least 32 characters.',
    );
    expect(() => load({ ...production, LOOKUP_KEY: undefined })).toThrow(
      'LOOKUP_KEY is required when NODE_ENV=production.',
    );
    expect(() => load({ ...production, LOOKUP_KEY: 'short' })).toThrow(
      'LOOKUP_KEY must have at least 32 characters.',
    );
  });

  it('runs payouts on the sandbox rail with default timings and random OTPs', () => {
    const config = load({});
    expect(config.rail).toEqual({
      adapter: 'sandbox',
      sandboxLatencyMs: 0,
      sandboxReturnAfterMs: 60_000,
      providerBaseUrl: undefined,
      providerApiKey: undefined,
      providerWebhookSecret: undefined,
    });
    expect(config.payouts).toEqual({
      relayIntervalMs: 1000,
      sweepIntervalMs: 5000,
      staleAfterMs: 120_000,
      // Development on the sandbox: 30 s after the sandbox's late return (issue 23).
      returnCheckAfterMs: 90_000,
      returnWindowMs: 3 * 24 * 3_600_000,
      resendAfterMs: 30_000,
      maxRecheckMs: 15 * 60_000,
    });
    expect(config.dmt).toMatchObject({ staleAfterMs: 15 * 60_000, maxRecheckMs: 2 * 3_600_000 });
    expect(config.sms).toEqual({ adapter: 'sandbox', fixedOtp: undefined });
  });

  it('checks for a late return after an hour, except on the sandbox in development (issue 23)', () => {
    const checkAfter = (env: NodeJS.ProcessEnv) => load(env).payouts.returnCheckAfterMs;
    expect(checkAfter({ RAIL_SANDBOX_RETURN_AFTER_MS: '5000' })).toBe(35_000);
    expect(checkAfter({ NODE_ENV: 'test' })).toBe(3_600_000);
    expect(checkAfter(production)).toBe(3_600_000);
    expect(
      checkAfter({
        RAIL_ADAPTER: 'provider',
        RAIL_PROVIDER_URL: 'https://payouts.example',
        RAIL_PROVIDER_KEY: 'k',
        RAIL_PROVIDER_WEBHOOK_SECRET: 'w',
      }),
    ).toBe(3_600_000);
    expect(checkAfter({ PAYOUT_RETURN_CHECK_AFTER_MS: '1000' })).toBe(1000);
  });

  it('takes the rail, payout timings and SMS settings from the environment', () => {
    const config = load({
      RAIL_ADAPTER: 'provider',
      RAIL_SANDBOX_LATENCY_MS: '300',
      RAIL_SANDBOX_RETURN_AFTER_MS: '',
      RAIL_PROVIDER_URL: 'https://payouts.example',
      RAIL_PROVIDER_KEY: 'key_123',
      RAIL_PROVIDER_WEBHOOK_SECRET: 'whsec_1',
      PAYOUT_RETURN_WINDOW_MS: '0',
      PAYOUT_SWEEP_INTERVAL_MS: '50',
      SMS_ADAPTER: '',
      SMS_SANDBOX_OTP: '123456',
    });
    expect(config.rail).toMatchObject({
      adapter: 'provider',
      sandboxLatencyMs: 300,
      sandboxReturnAfterMs: 60_000,
      providerBaseUrl: 'https://payouts.example',
    });
    expect(config.rail.providerApiKey?.reveal()).toBe('key_123');
    expect(config.rail.providerWebhookSecret?.reveal()).toBe('whsec_1');
    expect(config.payouts).toMatchObject({ returnWindowMs: 0, sweepIntervalMs: 50 });
    expect(config.sms).toEqual({ adapter: 'sandbox', fixedOtp: '123456' });
  });

  it('keeps a webhook secret without the provider adapter, and an empty one as unset', () => {
    expect(load({ RAIL_PROVIDER_WEBHOOK_SECRET: 's' }).rail.providerWebhookSecret?.reveal()).toBe(
      's',
    );
    expect(load({ RAIL_PROVIDER_WEBHOOK_SECRET: '' }).rail.providerWebhookSecret).toBeUndefined();
  });

  it('refuses the fixed sandbox OTP in production', () => {
    expect(() => load({ ...production, SMS_SANDBOX_OTP: '123456' })).toThrow(
      new ConfigError('SMS_SANDBOX_OTP is for development and tests only; unset it in production.'),
    );
    expect(load({ NODE_ENV: 'test', SMS_SANDBOX_OTP: '123456' }).sms.fixedOtp).toBe('123456');
  });

  it('opens /api/docs to anyone outside production and to admins only in production by default', () => {
    expect(load({}).apiDocs).toBe('public');
    expect(load({ ...production }).apiDocs).toBe('admins');
    expect(load({ ...production, API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(load({ API_DOCS: 'admins' }).apiDocs).toBe('admins');
    expect(() => load({ API_DOCS: 'everyone' })).toThrow(
      new ConfigError('API_DOCS must be public or admins; it is "everyone".'),
    );
  });

  it('lets only a test run lower the scrypt cost of new password hashes', () => {
    expect(load({}).passwordScryptLogN).toBe(15);
    expect(load({ NODE_ENV: 'test', PASSWORD_SCRYPT_LOG_N: '10' }).passwordScryptLogN).toBe(10);
    expect(() => load({ ...production, PASSWORD_SCRYPT_LOG_N: '15' })).toThrow(
      new ConfigError(
        'PASSWORD_SCRYPT_LOG_N is for development and tests only; unset it in production.',
      ),
    );
    for (const value of ['9', '16', 'ten', '1e1']) {
      expect(() => load({ PASSWORD_SCRYPT_LOG_N: value })).toThrow(
        new ConfigError(
          `PASSWORD_SCRYPT_LOG_N must be a whole number from 10 to 15; it is "${value}".`,
        ),
      );
    }
  });

  it('escalates PIN locks 30 minutes, 2 hours, 24 hours and expires temporary passwords after 72 hours by default', () => {
    expect(load({}).credentials).toEqual({
      pinLockoutMinutes: [30, 120, 1440],
      temporaryPasswordHours: 72,
    });
    expect(
      load({ PIN_LOCKOUT_MINUTES: '15, 60', TEMPORARY_PASSWORD_HOURS: '24' }).credentials,
    ).toEqual({ pinLockoutMinutes: [15, 60], temporaryPasswordHours: 24 });
    for (const value of ['30,,120', '0', '30,1e2', 'half an hour']) {
      expect(() => load({ PIN_LOCKOUT_MINUTES: value })).toThrow(
        new ConfigError(
          `PIN_LOCKOUT_MINUTES must be whole minutes separated by commas, like "30,120,1440"; it is "${value}".`,
        ),
      );
    }
    expect(() => load({ TEMPORARY_PASSWORD_HOURS: '0' })).toThrow(
      new ConfigError('TEMPORARY_PASSWORD_HOURS must be whole hours from 1 to 720; it is "0".'),
    );
  });

  it('lets a partner webhook reach an internal address only where WEBHOOK_ALLOW_ADDRESSES names it, never in production', () => {
    expect(load({}).webhookAllowedAddresses).toEqual([]);
    expect(
      load({ NODE_ENV: 'test', WEBHOOK_ALLOW_ADDRESSES: '127.0.0.1, fd00::/8' })
        .webhookAllowedAddresses,
    ).toHaveLength(2);
    expect(() => load({ ...production, WEBHOOK_ALLOW_ADDRESSES: '127.0.0.1' })).toThrow(
      new ConfigError(
        'WEBHOOK_ALLOW_ADDRESSES is for development and tests only; unset it in production.',
      ),
    );
    expect(() => load({ WEBHOOK_ALLOW_ADDRESSES: 'localhost' })).toThrow(
      new ConfigError('WEBHOOK_ALLOW_ADDRESSES: "localhost" is not an IP address or CIDR range.'),
    );
  });

  it('never seeds demo data in production, and elsewhere only when asked (issue 31)', () => {
    expect(load({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(false);
    expect(load({ NODE_ENV: 'development' }).seedDemo).toBe(false);
    expect(load({ NODE_ENV: 'development', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('refuses to start without NODE_ENV (unset used to mean development: demo users, public docs)', () => {
    const dir = stateDir();
    for (const value of [undefined, '']) {
      expect(() => loadConfig({ env: { NODE_ENV: value }, stateDir: dir })).toThrow(
        new ConfigError(
          'NODE_ENV is required: production on a server, development on your machine (npm start sets it), test in tests.',
        ),
      );
    }
  });

  it('configures each payment gateway as the sandbox or off (issue 28)', () => {
    expect(load({ NODE_ENV: 'test' }).pg.gateways).toEqual({
      pay10: 'sandbox',
      finkeda: 'sandbox',
      paycel: 'sandbox',
    });
    expect(load({ NODE_ENV: 'test', PG_FINKEDA: 'off' }).pg.gateways.finkeda).toBe('off');
    expect(load(production).pg.gateways).toEqual({ pay10: 'off', finkeda: 'off', paycel: 'off' });
    expect(() => load({ NODE_ENV: 'test', PG_PAYCEL: 'razorpay' })).toThrow(
      new ConfigError('PG_PAYCEL must be sandbox or off; it is "razorpay".'),
    );
    expect(() => load({ ...production, PG_PAY10: 'sandbox' })).toThrow(
      /PG_PAY10=sandbox is refused when NODE_ENV=production/,
    );
    expect(
      load({ ...production, PG_PAY10: 'sandbox', PG_SANDBOX_IN_PRODUCTION: 'true' }).pg.gateways
        .pay10,
    ).toBe('sandbox');
  });

  it('refuses the sandbox rail in production unless a staging stack says so (issue 31)', () => {
    const refusal = new ConfigError(
      'RAIL_ADAPTER=sandbox is refused when NODE_ENV=production: set RAIL_ADAPTER=provider, or RAIL_SANDBOX_IN_PRODUCTION=true on a staging stack that moves no real money.',
    );
    expect(() => load({ ...production, RAIL_ADAPTER: 'sandbox' })).toThrow(refusal);
    expect(() =>
      load({ ...production, RAIL_ADAPTER: 'sandbox', RAIL_SANDBOX_IN_PRODUCTION: 'false' }),
    ).toThrow(refusal);
    // Production's default is the provider: without its settings it says what is missing.
    const noRail = { ...production, RAIL_ADAPTER: undefined, RAIL_PROVIDER_URL: undefined };
    expect(() => load(noRail)).toThrow(/RAIL_ADAPTER=provider needs RAIL_PROVIDER_URL/);
    const staging = load({
      ...production,
      RAIL_ADAPTER: 'sandbox',
      RAIL_SANDBOX_IN_PRODUCTION: 'true',
    });
    expect(staging.rail.adapter).toBe('sandbox');
    expect(load({ NODE_ENV: 'development' }).rail.adapter).toBe('sandbox');
  });

  it('migrates as DATABASE_MIGRATION_URL when set, else as DATABASE_URL', () => {
    const app = 'postgres://khata_app:x@127.0.0.1:5432/khata';
    expect(load({ DATABASE_URL: app }).migrationDatabaseUrl).toBe(app);
    const owner = 'postgres://postgres:y@127.0.0.1:5432/khata';
    expect(load({ DATABASE_URL: app, DATABASE_MIGRATION_URL: owner })).toMatchObject({
      databaseUrl: app,
      migrationDatabaseUrl: owner,
    });
    expect(() => load({ DATABASE_MIGRATION_URL: 'mysql://h/db' })).toThrow(
      'DATABASE_MIGRATION_URL must start with postgres:// or postgresql://; it is "mysql://h/db".',
    );
  });

  it('reads that may lag use DATABASE_REPLICA_URL when set, within REPLICA_MAX_LAG_MS', () => {
    expect(load({}).replica).toEqual({ url: undefined, maxLagMs: 5000 });
    const replica = 'postgres://khata_app:x@127.0.0.1:5434/khata';
    expect(load({ DATABASE_REPLICA_URL: replica, REPLICA_MAX_LAG_MS: '2500' }).replica).toEqual({
      url: replica,
      maxLagMs: 2500,
    });
    expect(() => load({ DATABASE_REPLICA_URL: 'redis://h' })).toThrow(
      'DATABASE_REPLICA_URL must start with postgres:// or postgresql://',
    );
    for (const bad of ['50', '1.5', '5s', '-1']) {
      expect(() => load({ REPLICA_MAX_LAG_MS: bad })).toThrow('REPLICA_MAX_LAG_MS must be');
    }
  });

  it('outside production makes secrets up once and keeps them across restarts', () => {
    const dir = stateDir();
    const first = load({}, dir);
    const second = load({}, dir);
    expect(first.pinPepper.reveal()).toHaveLength(43);
    expect(second.pinPepper.reveal()).toBe(first.pinPepper.reveal());
    expect(second.jwtSecret.reveal()).toBe(first.jwtSecret.reveal());
    expect(first.jwtSecret.reveal()).not.toBe(first.pinPepper.reveal());
    expect(JSON.parse(readFileSync(join(dir, 'dev-secrets.json'), 'utf8')).pinPepper).toBe(
      first.pinPepper.reveal(),
    );
  });

  it('adds a secret introduced later (DATA_KEY, LOOKUP_KEY) to a kept file, leaving the others as they were', () => {
    const dir = stateDir();
    writeFileSync(
      join(dir, 'dev-secrets.json'),
      JSON.stringify({ jwtSecret: 'j'.repeat(43), pinPepper: 'p'.repeat(43) }),
    );
    const config = load({}, dir);
    expect(config.pinPepper.reveal()).toBe('p'.repeat(43));
    expect(config.dataKey.reveal()).toHaveLength(43);
    expect(load({}, dir).dataKey.reveal()).toBe(config.dataKey.reveal());
    expect(config.lookupKey.reveal()).toHaveLength(43);
    expect(config.lookupKey.reveal()).not.toBe(config.dataKey.reveal());
    expect(load({}, dir).lookupKey.reveal()).toBe(config.lookupKey.reveal());
  });

  it('takes the ledger signing key as PEM or base64 PKCS#8, Ed25519 only, and requires it in production', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const der = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const fromBase64 = load({ ...production, LEDGER_SIGNING_KEY: der }).ledgerSigningKey;
    expect(fromBase64.equals(privateKey)).toBe(true);
    expect(() => load({ ...production, LEDGER_SIGNING_KEY: undefined })).toThrow(
      'LEDGER_SIGNING_KEY is required when NODE_ENV=production.',
    );
    expect(() => load({ ...production, LEDGER_SIGNING_KEY: 'not a key' })).toThrow(
      'LEDGER_SIGNING_KEY must be an Ed25519 private key: PEM, or base64 of PKCS#8 DER.',
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    expect(() => load({ ...production, LEDGER_SIGNING_KEY: ec })).toThrow(
      'LEDGER_SIGNING_KEY must be an Ed25519 key; it is ec.',
    );
    // Development makes one up once and keeps it with the other secrets.
    const dir = stateDir();
    const made = load({}, dir).ledgerSigningKey;
    expect(made.asymmetricKeyType).toBe('ed25519');
    expect(load({}, dir).ledgerSigningKey.equals(made)).toBe(true);
    expect(JSON.stringify(load({ ...production }))).not.toContain('PRIVATE');
  });

  it('never prints a secret, whether logged, serialised or inspected', () => {
    const config = load({
      ...production,
      ADMIN_MOBILE: '9812345678',
      ADMIN_PASSWORD: 'hunter2hunter2',
      ADMIN_PIN: '1234',
      RAIL_ADAPTER: 'provider',
      RAIL_PROVIDER_URL: 'https://payouts.example',
      RAIL_PROVIDER_KEY: 'rzp_key_hunter2',
      RAIL_PROVIDER_WEBHOOK_SECRET: 'whsec_hunter2',
    });
    const pem = production.LEDGER_SIGNING_KEY.split('\n')[1]!;
    const shown = [
      JSON.stringify(config),
      inspect(config, { depth: 5 }),
      `${config.pinPepper}`,
    ].join('\n');
    expect(shown).not.toContain('hunter2');
    expect(shown).not.toContain(pem);
    expect(shown).not.toContain('j'.repeat(32));
    expect(shown).not.toContain('p'.repeat(32));
    expect(config.firstAdmin?.password.reveal()).toBe('hunter2hunter2');
    expect(config.rail.providerWebhookSecret?.reveal()).toBe('whsec_hunter2');
  });

  it('keeps uploads in the state folder unless UPLOAD_DIR names another, made absolute', () => {
    const dir = stateDir();
    expect(load({}, dir).uploadDir).toBe(join(dir, 'uploads'));
    expect(load({ UPLOAD_DIR: '' }, dir).uploadDir).toBe(join(dir, 'uploads'));
    expect(load({ UPLOAD_DIR: '/var/lib/khata/uploads' }).uploadDir).toBe('/var/lib/khata/uploads');
    expect(load({ UPLOAD_DIR: 'uploads' }).uploadDir).toBe(join(process.cwd(), 'uploads'));
  });

  it('treats localhost as no cookie domain (cookies stay host-only there)', () => {
    expect(load({ COOKIE_DOMAIN: 'localhost' }).cookieDomain).toBeUndefined();
    expect(load({ COOKIE_DOMAIN: '.khata.in' }).cookieDomain).toBe('.khata.in');
  });
});

describe('loadProcessCounts', () => {
  it('runs one API process and one worker unless told otherwise', () => {
    expect(loadProcessCounts({})).toEqual({ api: 1, workers: 1 });
    expect(loadProcessCounts({ KHATA_API_PROCESSES: '4', KHATA_WORKERS: '0' })).toEqual({
      api: 4,
      workers: 0,
    });
  });

  it('refuses no API process, a negative, a fraction or more than 64, naming the variable', () => {
    for (const [name, value] of [
      ['KHATA_API_PROCESSES', '0'],
      ['KHATA_API_PROCESSES', '1.5'],
      ['KHATA_WORKERS', '-1'],
      ['KHATA_WORKERS', '65'],
      ['KHATA_WORKERS', 'two'],
    ] as const) {
      expect(() => loadProcessCounts({ [name]: value })).toThrow(ConfigError);
      expect(() => loadProcessCounts({ [name]: value })).toThrow(new RegExp(`^${name} must be`));
    }
  });
});
