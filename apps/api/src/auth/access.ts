import { SetMetadata } from '@nestjs/common';
import {
  ADMIN_AREA_KINDS,
  canUseMenuItem,
  type MenuItemKey,
  type PartnerScope,
  type RoleKind,
} from '@khata/domain';

/**
 * Who may call an endpoint. Every route declares one; a route without a rule is refused
 * (fail closed) and the permission-matrix test names it.
 */
export type AccessRule =
  | { type: 'public' }
  | { type: 'signed-in' }
  | { type: 'kinds'; kinds: readonly RoleKind[] }
  | { type: 'menu'; item: MenuItemKey }
  /**
   * A partner's systems, by API key and signature, never by a session: the key must carry the
   * scope. Set with `@ApiKeyScope` (partners/api-key.guard.ts), which also attaches the guard
   * that checks the key; the session guard lets no bearer token through such a route.
   */
  | { type: 'api-key'; scope: PartnerScope };

export const ACCESS_RULE = 'khata:access-rule';

/** No sign-in needed (login, signup, health). */
export const Public = () => SetMetadata(ACCESS_RULE, { type: 'public' } satisfies AccessRule);

/** Any signed-in user, for calls that only touch the caller's own data. */
export const SignedIn = () => SetMetadata(ACCESS_RULE, { type: 'signed-in' } satisfies AccessRule);

/** Only these roles. */
export const ForKinds = (...kinds: RoleKind[]) =>
  SetMetadata(ACCESS_RULE, { type: 'kinds', kinds } satisfies AccessRule);

/** Whoever the spec's sidebar table (libs/domain) lets use this item, services included. */
export const ForMenuItem = (item: MenuItemKey) =>
  SetMetadata(ACCESS_RULE, { type: 'menu', item } satisfies AccessRule);

export const WITH_TEMPORARY_CREDENTIALS = 'khata:with-temporary-credentials';

/**
 * The route answers a user whose password or PIN is still temporary (set credentials, logout).
 * Every other route refuses them with code 4031 until they set their own (session guard).
 */
export const WithTemporaryCredentials = () => SetMetadata(WITH_TEMPORARY_CREDENTIALS, true);

export const REFUSED_IN_LINK_SESSION = 'khata:refused-in-link-session';

/**
 * Issue 31: the route changes who holds the account (password, PIN, mobile, API keys), submits
 * its KYC or moves money. A session opened by a sign-in link (an upline or an admin in the
 * user's account) is refused it with 403 (session guard); the route catalogue lists it.
 */
export const NotInLinkSession = () => SetMetadata(REFUSED_IN_LINK_SESSION, true);

/** The admin area's roles: everyone but partners. */
export const ADMIN_AREA = ADMIN_AREA_KINDS;

export function allows(
  rule: AccessRule,
  user: { kind: RoleKind; services: readonly string[] },
): boolean {
  switch (rule.type) {
    case 'public':
    case 'signed-in':
      return true;
    case 'kinds':
      return rule.kinds.includes(user.kind);
    case 'menu':
      return canUseMenuItem(user.kind, rule.item, user.services);
    case 'api-key':
      // No signed-in user, whatever its role, gets through a key-authenticated route.
      return false;
  }
}
