import {
  checkListSearch,
  checkNetworkRoot,
  checkNetworkSearch,
  pagingOf,
  paiseToRupees,
  type MerchantRecord,
  type MerchantsRequest,
  type NetworkMember,
  type NetworkRequest,
  type NetworkSearchHit,
  type NetworkSearchRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';
import type { MerchantRow } from './merchants.repository.js';
import type { MemberRow, SearchRow } from './network-tree.repository.js';

/** Merchant List and the Map Generator: pages of up to 100, 20 by default. */
export const merchantsPaging = pagingOf(100, 20);

/** `/admin/network`: rootId, a user id. */
export class NetworkDto implements NetworkRequest {
  @Satisfies(checkNetworkRoot) rootId?: string;
}

/** `/admin/networkSearch`: q, 2 to 60 characters. */
export class NetworkSearchDto implements NetworkSearchRequest {
  @Satisfies(checkNetworkSearch) q!: string;
}

/** `/admin/merchants`: q, page, pageSize. */
export class MerchantsDto implements MerchantsRequest {
  @Satisfies(checkListSearch) q?: string;
  @Satisfies(merchantsPaging.checkPage) page?: number;
  @Satisfies(merchantsPaging.checkPageSize) pageSize?: number;
}

export function toNetworkMember(row: MemberRow): NetworkMember {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    role: row.role,
    status: row.status,
    shopName: row.shop_name,
    balance: paiseToRupees(row.balance),
    monthVolume: paiseToRupees(row.month_volume),
    childCount: row.child_count,
  };
}

export function toSearchHit(row: SearchRow): NetworkSearchHit {
  return { member: toNetworkMember(row), path: row.path };
}

export function toMerchantRecord(row: MerchantRow): MerchantRecord {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    role: row.role,
    status: row.status,
    shopName: row.shop_name,
    city: row.city,
    location:
      row.latitude !== null && row.longitude !== null && row.located_at !== null
        ? { latitude: row.latitude, longitude: row.longitude, at: row.located_at.toISOString() }
        : null,
    kycState: row.kyc_state,
    services: row.services,
  };
}
