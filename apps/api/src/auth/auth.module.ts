import { Module } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { LoginHandler } from './commands/login.handler.js';
import { LogoutHandler } from './commands/logout.handler.js';
import { SessionCache } from './session-cache.js';
import { RouteCatalog } from './route-catalog.js';
import { SessionGuard } from './session.guard.js';
import { SessionTokens } from './session-tokens.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';
import { LoginThrottle } from './login-throttle.js';
import { SignIns } from './sign-ins.js';

@Module({
  imports: [
    DiscoveryModule,
    CredentialsModule,
    UsersModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      // A KeyObject, not a string: jsonwebtoken first tries a string as a public key, which
      // measured 0.35 ms of CPU per verified request (docs/performance.md).
      useFactory: (config: AppConfig) => ({
        secret: createSecretKey(Buffer.from(config.jwtSecret.reveal())),
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    SessionTokens,
    SessionsRepository,
    SessionCache,
    SessionsService,
    LoginThrottle,
    SignIns,
    LoginHandler,
    LogoutHandler,
    RouteCatalog,
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [SignIns, SessionsService, SessionsRepository, SessionTokens],
})
export class AuthModule {}
