import { deactivatedMessage } from './contract/users-admin.js';
import { actsOnEveryone } from './network-scope.js';
import type { Refusal } from './refusal.js';
import type { RoleKind } from './roles.js';
import { grantedServices, type ServiceOverride } from './services.js';

/**
 * Issue 24: what the sign-in doors decide, as pure functions the API's handlers call between
 * loading the account and committing the session.
 */

export const LoginMessages = {
  wrongCredentials: 'Incorrect mobile number or password.',
  blocked: 'This account is blocked. Please contact support.',
  partnerDoor: 'Partners sign in at the partner login.',
  adminDoor: 'This login is for partners. Please use the main login.',
  temporaryExpired:
    'Your temporary password has expired. Please ask your upline or an admin to reset it again.',
} as const;

/** Which door the user came through: /login (admin area) or /partnerLogin. */
export type SignInArea = 'admin' | 'partner';

/** A refused sign-in answers 401 or 403. */
export type SignInRefusal = Refusal & { kind: 'unauthenticated' | 'forbidden' };

/** The account behind a right password, as far as the door needs to know it. */
export interface SignInAccount {
  kind: RoleKind;
  status: string;
  /** The admin's reason when the account was deactivated from All Users. */
  statusReason: string | null;
  temporaryPasswordExpired: boolean;
}

/**
 * After the right password: the wrong door (not audited: nothing was guessed), an expired
 * temporary password, then a blocked account (with the admin's reason when it was deactivated).
 * Null: the session opens.
 */
export function loginRefusal(account: SignInAccount, area: SignInArea): SignInRefusal | null {
  if (area === 'admin' && account.kind === 'partner') {
    return { kind: 'forbidden', message: LoginMessages.partnerDoor, auditReason: null };
  }
  if (area === 'partner' && account.kind !== 'partner') {
    return { kind: 'forbidden', message: LoginMessages.adminDoor, auditReason: null };
  }
  if (account.temporaryPasswordExpired) {
    return {
      kind: 'unauthenticated',
      message: LoginMessages.temporaryExpired,
      auditReason: 'temporary password expired',
    };
  }
  if (account.status !== 'active') {
    return {
      kind: 'forbidden',
      message: account.statusReason
        ? deactivatedMessage(account.statusReason)
        : LoginMessages.blocked,
      auditReason: 'blocked',
    };
  }
  return null;
}

/** The session a door opens: a partner's at the partner door, a password session otherwise. */
export function passwordSessionKind(area: SignInArea): 'partner' | 'password' {
  return area === 'partner' ? 'partner' : 'password';
}

export const LinkLoginMessages = {
  invalid: 'This sign-in link is invalid or has expired.',
  notBelow: 'You can only open the account of a user below you.',
  // Issue 31: accounts that act for others or for a business are opened by their holder only.
  notOpenable:
    'A sign-in link cannot open a partner account or one that holds the staff service. Its holder must sign in with their own password.',
} as const;

/**
 * Issue 31: a sign-in link never opens a partner (its keys move its money by API) nor a user
 * who acts on every account (an admin, a staff employee): checked when the link is made and
 * again when it is used.
 */
export function linkMayOpen(kind: RoleKind, overrides: readonly ServiceOverride[]): boolean {
  return kind !== 'partner' && !actsOnEveryone(kind, grantedServices({ kind, overrides }));
}

/** The account a spent link points at (undefined kind: a role this product does not know). */
export interface LinkHolder {
  kind: RoleKind | undefined;
  status: string;
  serviceOverrides: readonly ServiceOverride[];
}

/**
 * Whether a spent link opens its holder's session. The token stays spent whatever the answer:
 * a link is one attempt. Null: the session opens.
 */
export function linkLoginRefusal(holder: LinkHolder | null): SignInRefusal | null {
  if (holder?.status === 'blocked') {
    return { kind: 'forbidden', message: LoginMessages.blocked, auditReason: 'blocked' };
  }
  if (holder?.kind && !linkMayOpen(holder.kind, holder.serviceOverrides)) {
    return {
      kind: 'forbidden',
      message: LinkLoginMessages.notOpenable,
      auditReason: 'partner or staff',
    };
  }
  if (!holder?.kind || holder.status !== 'active') {
    return {
      kind: 'unauthenticated',
      message: LinkLoginMessages.invalid,
      auditReason: 'not a known role',
    };
  }
  return null;
}

/**
 * Who may make a link for whom, before the network is asked: nobody opens their own account
 * this way (a link is not a second password) nor an admin's; an admin opens anyone else; a
 * distributor only a user below it, at any depth (`'if-below'`: the caller asks its downline).
 */
export function linkReach(
  caller: { userId: string; kind: RoleKind },
  target: { id: string; kind: RoleKind },
): 'no' | 'yes' | 'if-below' {
  if (target.id === caller.userId || target.kind === 'admin') return 'no';
  if (caller.kind === 'admin') return 'yes';
  return 'if-below';
}
