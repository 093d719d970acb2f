import { isDistributor, type RoleKind } from './roles.js';

/**
 * Who sees whom (issue 12), the one rule the API scopes every list, detail and action by and
 * the console draws from:
 * - an admin, and an employee an admin has given the `staff` service, sees everyone;
 * - a distributor tier (super distributor, co-distributor, distributor) sees itself and its
 *   whole downline: a super distributor its distributors and their retailers;
 * - anyone else sees only itself.
 *
 * A user outside the viewer's scope is answered exactly like a user that does not exist.
 */
export type NetworkScope =
  | { readonly kind: 'everyone' }
  | { readonly kind: 'downline'; readonly rootId: string }
  | { readonly kind: 'self'; readonly userId: string };

/** The service an admin grants an employee so that it works on the whole network. */
export const STAFF_SERVICE = 'staff';

export interface Viewer {
  readonly userId: string;
  readonly kind: RoleKind;
  readonly services: readonly string[];
}

export function networkScope(viewer: Viewer): NetworkScope {
  if (viewer.kind === 'admin') return { kind: 'everyone' };
  if (
    (viewer.kind === 'employee1' || viewer.kind === 'employee2') &&
    viewer.services.includes(STAFF_SERVICE)
  ) {
    return { kind: 'everyone' };
  }
  if (isDistributor(viewer.kind)) return { kind: 'downline', rootId: viewer.userId };
  return { kind: 'self', userId: viewer.userId };
}

/**
 * Issue 31: whether a user acts on every account (an admin, an employee holding `staff`): its
 * sessions are shorter, and no sign-in link opens its account.
 */
export function actsOnEveryone(kind: RoleKind, services: readonly string[]): boolean {
  return networkScope({ userId: '', kind, services }).kind === 'everyone';
}

/**
 * Whether the viewer may see a user, given that user's id and the ids of everyone above it
 * (its upline chain, nearest first). The API answers the same question in SQL.
 */
export function canSee(
  viewer: Viewer,
  target: { readonly id: string; readonly uplineIds: readonly string[] },
): boolean {
  const scope = networkScope(viewer);
  switch (scope.kind) {
    case 'everyone':
      return true;
    case 'downline':
      return target.id === scope.rootId || target.uplineIds.includes(scope.rootId);
    case 'self':
      return target.id === scope.userId;
  }
}

/** Whether the viewer works on other people at all (All Users, Network, onboarding). */
export function seesOthers(viewer: Viewer): boolean {
  return networkScope(viewer).kind !== 'self';
}
