import type { ServiceKey, ServiceStatus } from '../services.js';
import type { RoleKind } from '../roles.js';

/** `POST /api/admin/services`: the catalogue, each service with the role kinds that hold it by default. */
export interface ServiceCatalogueEntry {
  key: ServiceKey;
  label: string;
  description: string;
  status: ServiceStatus;
  defaultFor: RoleKind[];
  grantableTo: RoleKind[];
}

export interface ServiceCatalogueAnswer {
  success: true;
  services: ServiceCatalogueEntry[];
}

/** `POST /api/admin/userServices`: one user, named by id or by mobile number. */
export interface UserServicesRequest {
  userId?: string;
  mobile?: string;
}

/** A stored override: who switched the service on or off for this user, when and why. */
export interface ServiceOverrideRecord {
  service: string;
  enabled: boolean;
  changedBy: string | null;
  changedAt: string;
  reason: string;
}

export interface UserServicesAnswer {
  success: true;
  user: { id: string; name: string; mobile: string; role: string; kind: RoleKind };
  /** What the user holds: role defaults, then overrides (`grantedServices`): the switches. */
  services: ServiceKey[];
  /** Held but withheld until the user's KYC is approved (payout and AEPS). */
  awaitingKyc: ServiceKey[];
  /** The role's defaults, for showing which switches differ from them. */
  defaults: ServiceKey[];
  overrides: ServiceOverrideRecord[];
}

/** `POST /api/admin/updateServices`, header `pin`. */
export interface UpdateServicesRequest {
  userId: string;
  changes: { service: ServiceKey; enabled: boolean }[];
  reason: string;
}

export interface UpdateServicesAnswer {
  success: true;
  message: string;
  services: ServiceKey[];
}

/** Socket `services.updated`: the user's services changed; the list is the new one. */
export interface ServicesUpdated {
  services: ServiceKey[];
}
