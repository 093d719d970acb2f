import { Module } from '@nestjs/common';
import { MerchantsRepository } from './merchants.repository.js';
import { NetworkTreeController } from './network-tree.controller.js';
import { NetworkTreeRepository } from './network-tree.repository.js';
import { NetworkModule } from './network.module.js';
import { GetNetworkHandler } from './queries/get-network.js';
import { ListMapPointsHandler } from './queries/list-map-points.js';
import { MapPointsRepository } from './map-points.repository.js';
import { ListMerchantsHandler } from './queries/list-merchants.js';
import { SearchNetworkHandler } from './queries/search-network.js';

/** The network screens' calls: tree, search, merchant list (network-tree.controller.ts). */
@Module({
  imports: [NetworkModule],
  controllers: [NetworkTreeController],
  providers: [
    NetworkTreeRepository,
    MerchantsRepository,
    GetNetworkHandler,
    SearchNetworkHandler,
    ListMerchantsHandler,
    MapPointsRepository,
    ListMapPointsHandler,
  ],
})
export class NetworkTreeModule {}
