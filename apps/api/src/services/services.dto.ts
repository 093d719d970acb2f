import {
  checkMobile,
  checkServiceChanges,
  checkServiceReason,
  checkServiceUserId,
  SERVICE_CATALOGUE,
  ServiceMessages,
  type ServiceCatalogueEntry,
  type ServiceChange,
  type ServiceOverrideRecord,
  type UpdateServicesRequest,
  type UserServicesRequest,
} from '@khata/domain';
import { IsOptional, ValidateIf } from 'class-validator';
import { Satisfies } from '../common/http/satisfies.js';
import type { StoredOverride } from './service-overrides.repository.js';

/** One user by id or by mobile number (the Update Services screen finds users by mobile). */
export class UserServicesDto implements UserServicesRequest {
  @ValidateIf((body: UserServicesDto) => body.mobile === undefined || body.userId !== undefined)
  @Satisfies(checkServiceUserId)
  userId?: string;

  @IsOptional()
  @Satisfies(checkMobile)
  mobile?: string;
}

export class UpdateServicesDto implements UpdateServicesRequest {
  @Satisfies(checkServiceUserId)
  userId!: string;

  @Satisfies(checkServiceChanges)
  changes!: ServiceChange[];

  @Satisfies(checkServiceReason)
  reason!: string;
}

export function toCatalogue(): ServiceCatalogueEntry[] {
  return SERVICE_CATALOGUE.map((info) => ({
    ...info,
    defaultFor: [...info.defaultFor],
    grantableTo: [...info.grantableTo],
  }));
}

export function toOverrideRecord(override: StoredOverride): ServiceOverrideRecord {
  return {
    service: override.service,
    enabled: override.enabled,
    changedBy: override.changedBy,
    changedAt: override.changedAt.toISOString(),
    reason: override.reason,
  };
}

export { ServiceMessages };
