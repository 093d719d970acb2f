import 'reflect-metadata';
import type { INestApplicationContext, InjectionToken, Type } from '@nestjs/common';
import {
  OPTIONAL_DEPS_METADATA,
  PARAMTYPES_METADATA,
  SELF_DECLARED_DEPS_METADATA,
} from '@nestjs/common/constants.js';
import { CommandBus, CqrsModule, EventBus, QueryBus } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { Ledger, LedgerReads } from '@khata/ledger';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { roleKind } from '@khata/domain';
import type { AuthUser } from '../../apps/api/src/auth/auth-user.js';
import { Clock } from '../../apps/api/src/common/clock.js';
import type { RequestContext } from '../../apps/api/src/common/http/request-context.js';
import { RateLimiter } from '../../apps/api/src/common/rate-limiter.js';
import { DataAtRest } from '../../apps/api/src/common/crypto/data-at-rest.js';
import { SecretBox } from '../../apps/api/src/common/crypto/secret-box.js';
import { loadConfig, type AppConfig } from '../../apps/api/src/config/config.js';
import { APP_CONFIG, ConfigModule } from '../../apps/api/src/config/config.module.js';
import { CredentialHashers } from '../../apps/api/src/credentials/credential-hashers.js';
import { PasswordHasher } from '../../apps/api/src/credentials/password-hasher.js';
import { PinHasher } from '../../apps/api/src/credentials/pin-hasher.js';
import { PinLockNotice } from '../../apps/api/src/credentials/pin-lock-notice.js';
import { PinVerifier } from '../../apps/api/src/credentials/pin-verifier.js';
import { PinsRepository } from '../../apps/api/src/credentials/pins.repository.js';
import { dataSourceOptions } from '../../apps/api/src/database/data-source.js';
import { Db, UnitOfWork } from '../../apps/api/src/database/unit-of-work.js';
import { LaggingReads } from '../../apps/api/src/database/lagging-reads.js';
import { AuditTrail } from '../../apps/api/src/audit/audit-trail.js';
import { AuditLog } from '../../apps/api/src/audit/audit.repository.js';
import { AccountsRepository } from '../../apps/api/src/accounts/accounts.repository.js';
import { BATCHED_LEDGER } from '../../apps/api/src/ledger/batched-ledger.js';
import { createRedis, REDIS } from '../../apps/api/src/redis/redis.module.js';
import { ServiceOverridesRepository } from '../../apps/api/src/services/service-overrides.repository.js';
import { UserCreator } from '../../apps/api/src/users/user-creator.js';
import { UsersRepository } from '../../apps/api/src/users/users.repository.js';
import { MovableClock } from './clock.js';
import { createTestDatabase } from './databases.js';
import { currentTestRun, redisPrefix } from './run.mjs';

/**
 * What every medium service may stand on without naming it: the one Postgres handle (a
 * database of its own, migrated), the ledger on it, the CQRS buses, the configuration, a
 * movable clock, and Redis (opened only when something in the graph asks for it).
 */
const INFRASTRUCTURE: readonly InjectionToken[] = [
  APP_CONFIG,
  getDataSourceToken(),
  Db,
  UnitOfWork,
  LaggingReads,
  Clock,
  Ledger,
  LedgerReads,
  BATCHED_LEDGER,
  EventBus,
  CommandBus,
  QueryBus,
  REDIS,
];

/**
 * The PIN check most commands run first, with what it stands on: the lock's notice writes the
 * `pin.locked` audit row (through the audit trail) and publishes `PinLockedEvent`.
 */
export const PIN_CHECK: readonly Type[] = [
  PinVerifier,
  PinsRepository,
  PinHasher,
  RateLimiter,
  PinLockNotice,
  AuditTrail,
  AuditLog,
];

/** The sealing of what is kept at rest (mobile numbers, UTRs, bank accounts). */
export const SEALING: readonly Type[] = [DataAtRest, SecretBox];

/** Making users the way the API does (`given(service).user(...)` needs these named). */
export const USER_MAKING: readonly Type[] = [
  UserCreator,
  UsersRepository,
  CredentialHashers,
  PasswordHasher,
  PinHasher,
  AccountsRepository,
  ServiceOverridesRepository,
];

/** An adapter to the outside world (SMS, the bank rail) replaced by its sandbox: named too. */
export interface Outside {
  provide: InjectionToken;
  useValue: unknown;
}

export interface MediumServiceOptions {
  /**
   * Every class of ours the subject stands on, directly or through another named class (a
   * repository, a verifier), plus the ones the test uses to make its data. A constructor
   * parameter that is neither infrastructure nor named here is refused before anything starts.
   */
  real: readonly Type[];
  /** Sandboxes of adapters to the outside (never of our database or queue). */
  outside?: readonly Outside[];
  /** Configuration as the environment would set it (loadConfig's env). */
  env?: NodeJS.ProcessEnv;
}

export interface MediumService<T> {
  /** The subject, built by Nest's DI from the named classes. */
  sut: T;
  /** Only a named class, an outside sandbox or infrastructure: anything else is refused. */
  get<U>(token: Type<U> | InjectionToken): U;
  /** Its `get` is the one above: `given(service).user(...)` takes the service as a test API. */
  app: INestApplicationContext;
  config: AppConfig;
  databaseUrl: string;
  db: Db;
  clock: MovableClock;
  /** Every event published on the EventBus since the start, in order. */
  published: object[];
  close(): Promise<void>;
}

/** A signed-in caller as a handler receives it, for a user made by `given(...).user()`. */
export function actorOf(user: {
  id: string;
  mobile: string;
  name: string;
  role: string;
}): AuthUser {
  const kind = roleKind(user.role);
  if (!kind) throw new Error(`actorOf: "${user.role}" is not a role`);
  return {
    userId: user.id,
    sessionId: randomUUID(),
    role: user.role,
    kind,
    services: [],
    awaitingKyc: [],
    kycState: 'approved',
    mobile: user.mobile,
    name: user.name,
  };
}

/** The request context of a command that came from no particular place. */
export const NO_CONTEXT: RequestContext = {
  ip: '127.0.0.1',
  latitude: null,
  longitude: null,
  userAgent: 'medium test',
  requestId: null,
};

function nameOf(token: unknown): string {
  if (typeof token === 'function') return token.name;
  if (typeof token === 'symbol') return token.toString();
  return String(token);
}

/** A class's constructor dependencies as Nest resolves them: types, overridden by @Inject. */
function dependenciesOf(type: Type): { token: unknown; optional: boolean }[] {
  const types: unknown[] = [
    ...((Reflect.getMetadata(PARAMTYPES_METADATA, type) as unknown[]) ?? []),
  ];
  const declared =
    (Reflect.getMetadata(SELF_DECLARED_DEPS_METADATA, type) as
      { index: number; param: unknown }[] | undefined) ?? [];
  for (const { index, param } of declared) types[index] = param;
  const optional = (Reflect.getMetadata(OPTIONAL_DEPS_METADATA, type) as number[]) ?? [];
  return types.map((token, index) => {
    const ref = token as { forwardRef?: () => unknown } | undefined;
    return {
      token: ref?.forwardRef ? ref.forwardRef() : token,
      optional: optional.includes(index),
    };
  });
}

/**
 * Walks the subject's constructor graph through the named classes. Answers the infrastructure
 * it reaches; throws, listing every one, for a dependency that is not named.
 */
function checkGraph(
  subject: Type,
  real: readonly Type[],
  outside: readonly Outside[],
): Set<InjectionToken> {
  const named = new Set<unknown>([...real, ...outside.map((o) => o.provide)]);
  const infrastructure = new Set<InjectionToken>();
  const missing: string[] = [];
  const seen = new Set<unknown>();
  const walk = (type: Type) => {
    if (seen.has(type)) return;
    seen.add(type);
    for (const { token, optional } of dependenciesOf(type)) {
      if (token === undefined) {
        missing.push(`${type.name}: a constructor parameter whose type is unknown (a cycle?)`);
      } else if (INFRASTRUCTURE.includes(token as InjectionToken)) {
        infrastructure.add(token as InjectionToken);
        if (token === Db || token === UnitOfWork) infrastructure.add(getDataSourceToken());
      } else if (named.has(token)) {
        if (real.includes(token as Type)) walk(token as Type);
      } else if (!optional) {
        missing.push(`${type.name} needs ${nameOf(token)}`);
      }
    }
  };
  walk(subject);
  for (const type of real) walk(type);
  if (missing.length) {
    throw new Error(
      `newMediumService(${subject.name}): not named, so not built:\n  ${[...new Set(missing)].join('\n  ')}\n` +
        'Name each in `real` (a class of ours) or `outside` (a sandbox of an outside adapter).',
    );
  }
  return infrastructure;
}

/**
 * The medium tier (docs/testing.md, "Medium tests"): ONE handler, service or repository built
 * by Nest's DI from the classes the test names, over real infrastructure (a migrated database
 * of its own, the ledger, the CQRS buses, Redis if the graph needs it, a movable clock). No
 * HTTP, no application module, no other feature: a dependency that is not named stops the
 * test before it starts, so the test says exactly what it stands on.
 *
 *   const fund = await newMediumService(DecideFundRequestHandler, {
 *     real: [FundRequestsRepository, NetworkScopes, AuditLog, ...PIN_CHECK, ...],
 *   });
 *   await fund.sut.execute(new DecideFundRequestCommand(...));
 */
export async function newMediumService<T>(
  Subject: Type<T>,
  { real, outside = [], env = {} }: MediumServiceOptions,
): Promise<MediumService<T>> {
  const reached = checkGraph(Subject, real, outside);
  const run = currentTestRun();
  const database = await createTestDatabase(run);
  const config = loadConfig({
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: run.redisUrl,
      REDIS_PREFIX: `${redisPrefix(run.runId)}-${database.name.slice(-8)}`,
      CONSOLE_DIST: '',
      LOG_LEVEL: 'silent',
      KHATA_PROCESS: 'api',
      ...env,
    },
    stateDir: mkdtempSync(join(tmpdir(), 'khata-test-')),
  });
  const clock = new MovableClock();
  let redis: Redis | undefined;
  const unique = [...new Set([Subject, ...real])];
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(config),
      TypeOrmModule.forRoot(dataSourceOptions(database.url, 'khata-medium')),
      CqrsModule.forRoot(),
    ],
    providers: [
      Db,
      UnitOfWork,
      LaggingReads,
      { provide: Clock, useValue: clock },
      { provide: Ledger, inject: [Db], useFactory: (db: Db) => new Ledger(db) },
      { provide: LedgerReads, inject: [Db], useFactory: (db: Db) => new LedgerReads(db) },
      {
        provide: BATCHED_LEDGER,
        inject: [Db],
        useFactory: (db: Db) => new Ledger(db, { groupCommit: { concurrency: 2 } }),
      },
      ...(reached.has(REDIS)
        ? [{ provide: REDIS, useFactory: () => (redis = createRedis(config)) }]
        : []),
      ...unique,
      ...outside,
    ],
  }).compile();
  await moduleRef.init();
  const published: object[] = [];
  moduleRef.get(EventBus).subscribe((event: object) => published.push(event));
  const allowed = new Set<unknown>([
    ...INFRASTRUCTURE.filter((token) => token !== REDIS || redis),
    ...unique,
    ...outside.map((o) => o.provide),
  ]);
  const get = <U>(token: Type<U> | InjectionToken): U => {
    if (!allowed.has(token)) {
      throw new Error(
        `newMediumService(${Subject.name}): ${nameOf(token)} is not named in \`real\` or \`outside\`.`,
      );
    }
    return moduleRef.get(token as Type<U>);
  };
  return {
    sut: moduleRef.get(Subject),
    get,
    app: { get } as unknown as INestApplicationContext,
    config,
    databaseUrl: database.url,
    db: moduleRef.get(Db),
    clock,
    published,
    close: async () => {
      await moduleRef.close();
      await redis?.quit().catch(() => redis?.disconnect());
      await database.drop();
    },
  };
}
