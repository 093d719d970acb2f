import { canHaveBelow, OnboardingMessages } from './contract/onboarding.js';
import { refusal, type Refusal } from './refusal.js';
import type { RoleKind } from './roles.js';

/**
 * Issue 24: who may register whom, and below whom, as the onboarding handler decides it between
 * loading the registrar's and the upline's roles and creating the user.
 */

export const RegisterUserMessages = {
  roleRefused: 'You cannot create a user with this role.',
  ownDownlineOnly: 'You can only add users below yourself.',
  uplineNotFound: 'Upline not found.',
  uplineCannotHaveRole: 'The upline cannot have a user with this role below it.',
} as const;

/** Credentials given directly (not a temporary password by SMS) are an admin's to give. */
export function directCredentialsRefusal(registrar: RoleKind, direct: boolean): Refusal | null {
  return direct && registrar !== 'admin'
    ? refusal('invalid', OnboardingMessages.directCredentialsAdminOnly)
    : null;
}

/**
 * The role must sit below the registrar's (audited: it may be someone probing). Issue 31 item
 * 4: a new admin can mint money, so it gets only temporary credentials (and, beyond this rule,
 * takes the registrar's PIN and every admin hears of it).
 */
export function registrationRefusal(
  registrar: RoleKind,
  kind: RoleKind,
  direct: boolean,
): Refusal | null {
  if (!canHaveBelow(registrar, kind)) {
    return refusal('forbidden', RegisterUserMessages.roleRefused, 'role not below the registrar');
  }
  if (kind === 'admin' && direct) {
    return refusal('invalid', OnboardingMessages.adminCredentialsTemporary);
  }
  return null;
}

/**
 * Whose child the new user is: the registrar's, unless it names another upline (by mobile),
 * which only an admin may do (audited refusal otherwise).
 */
export function uplineChoice(
  registrar: { kind: RoleKind; mobile: string },
  parentMobile: string | null,
): 'registrar' | { named: string } | Refusal {
  if (parentMobile === null || parentMobile === registrar.mobile) return 'registrar';
  if (registrar.kind !== 'admin') {
    return refusal(
      'forbidden',
      RegisterUserMessages.ownDownlineOnly,
      'upline named by a non-admin',
    );
  }
  return { named: parentMobile };
}

/** The upline an admin named (found) has a role, and that role may have `kind` below it. */
export function namedUplineRefusal(
  uplineKind: RoleKind | undefined,
  kind: RoleKind,
): Refusal | null {
  if (!uplineKind || !canHaveBelow(uplineKind, kind)) {
    return refusal('refused', RegisterUserMessages.uplineCannotHaveRole);
  }
  return null;
}
