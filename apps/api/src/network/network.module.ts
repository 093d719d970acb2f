import { Module } from '@nestjs/common';
import { NetworkScopes } from './network-scopes.js';

/** Who sees whom in the network (libs/domain network-scope.ts), for every feature that lists or acts on users. */
@Module({ providers: [NetworkScopes], exports: [NetworkScopes] })
export class NetworkModule {}
