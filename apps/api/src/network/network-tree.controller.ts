import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  type MapPointsAnswer,
  type MerchantsAnswer,
  type NetworkAnswer,
  type NetworkSearchAnswer,
} from '@khata/domain';
import { ForMenuItem } from '../auth/access.js';
import { CurrentUser, type AuthUser } from '../auth/auth-user.js';
import { pageOf } from '../common/http/paging.js';
import {
  merchantsPaging,
  MerchantsDto,
  NetworkDto,
  NetworkSearchDto,
  toMerchantRecord,
  toNetworkMember,
  toSearchHit,
} from './network.dto.js';
import { GetNetworkQuery } from './queries/get-network.js';
import { ListMapPointsQuery } from './queries/list-map-points.js';
import { ListMerchantsQuery } from './queries/list-merchants.js';
import { SearchNetworkQuery } from './queries/search-network.js';

/**
 * The network screens (issue 12): the downline tree, its search and the merchant list. Admins
 * and the distributor tiers; what each sees is its network scope (NetworkScopes).
 */
@Controller('admin')
export class NetworkTreeController {
  constructor(private readonly queries: QueryBus) {}

  @Post('network')
  @HttpCode(200)
  @ForMenuItem('network')
  async network(@CurrentUser() user: AuthUser, @Body() body: NetworkDto): Promise<NetworkAnswer> {
    const level = await this.queries.execute(new GetNetworkQuery(user, body.rootId));
    return {
      success: true,
      root: level.root && toNetworkMember(level.root),
      data: level.children.map(toNetworkMember),
      childTotal: level.childTotal,
    };
  }

  @Post('networkSearch')
  @HttpCode(200)
  @ForMenuItem('network')
  async search(
    @CurrentUser() user: AuthUser,
    @Body() body: NetworkSearchDto,
  ): Promise<NetworkSearchAnswer> {
    const hits = await this.queries.execute(new SearchNetworkQuery(user, body.q));
    return { success: true, data: hits.map(toSearchHit) };
  }

  @Post('merchants')
  @HttpCode(200)
  @ForMenuItem('merchantList')
  async merchants(
    @CurrentUser() user: AuthUser,
    @Body() body: MerchantsDto,
  ): Promise<MerchantsAnswer> {
    const { rows, total } = await this.queries.execute(
      new ListMerchantsQuery(user, {
        text: body.q,
        ...pageOf(body, merchantsPaging),
      }),
    );
    return { success: true, data: rows.map(toMerchantRecord), total };
  }

  /** Issue 14, Map Generator: users and shops the caller sees, with their last location. */
  @Post('mapPoints')
  @HttpCode(200)
  @ForMenuItem('mapGenerator')
  async mapPoints(
    @CurrentUser() user: AuthUser,
    @Body() body: MerchantsDto,
  ): Promise<MapPointsAnswer> {
    const { rows, total } = await this.queries.execute(
      new ListMapPointsQuery(user, {
        text: body.q,
        ...pageOf(body, merchantsPaging),
      }),
    );
    return {
      success: true,
      data: rows.map((row) => ({
        id: row.id,
        name: row.name,
        mobile: row.mobile,
        role: row.role,
        shopName: row.shop_name,
        city: row.city,
        latitude: row.latitude,
        longitude: row.longitude,
        locatedAt: row.located_at?.toISOString() ?? null,
      })),
      total,
    };
  }
}
