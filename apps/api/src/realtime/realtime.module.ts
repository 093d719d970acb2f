import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import type { AppConfig, ProcessRole } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { UsersModule } from '../users/users.module.js';
import { AepsAccountDecidedHandler } from './aeps-account-decided.handler.js';
import { KycUpdatedHandler } from './kyc-updated.handler.js';
import { FundRequestUpdatedHandler } from './fund-request-updated.handler.js';
import { ComplaintUpdatedHandler } from './complaint-updated.handler.js';
import { NoticePostedHandler, NoticeWithdrawnHandler } from './notice-posted.handler.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { ServicesChangedHandler } from './services-changed.handler.js';
import { SessionRevokedHandler } from './session-revoked.handler.js';
import { SocketAuthenticator } from './socket-authenticator.js';
import { SocketEmitter } from './socket-emitter.js';
import { openSocketRedis, SOCKET_PUBLISHER, SocketPublisherCloser } from './socket-redis.js';
import { TransactionsProjectedHandler } from './transactions-projected.handler.js';

/**
 * Live updates. Every process sends (SocketEmitter, over Redis); processes that serve HTTP
 * (`all`, `api`) also serve the sockets (RealtimeGateway). A worker only sends.
 */
@Module({})
export class RealtimeModule {
  static forRoot(processRole: ProcessRole): DynamicModule {
    const servesSockets = processRole !== 'worker';
    const server: Provider[] = servesSockets ? [SocketAuthenticator, RealtimeGateway] : [];
    return {
      module: RealtimeModule,
      imports: [AuthModule, UsersModule],
      providers: [
        {
          provide: SOCKET_PUBLISHER,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => openSocketRedis(config, 'publisher'),
        },
        SocketPublisherCloser,
        SocketEmitter,
        TransactionsProjectedHandler,
        SessionRevokedHandler,
        ServicesChangedHandler,
        KycUpdatedHandler,
        AepsAccountDecidedHandler,
        FundRequestUpdatedHandler,
        NoticePostedHandler,
        NoticeWithdrawnHandler,
        ComplaintUpdatedHandler,
        ...server,
      ],
      exports: [SocketEmitter],
    };
  }
}
