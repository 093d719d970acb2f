import { Module } from '@nestjs/common';
import { NetworkMembers } from './members.repository.js';
import { NetworkScopes } from './network-scopes.js';

/** Who sees whom in the network (libs/domain network-scope.ts), for every feature that lists or acts on users. */
@Module({ providers: [NetworkScopes, NetworkMembers], exports: [NetworkScopes, NetworkMembers] })
export class NetworkModule {}
