import {
  checkChangePin,
  checkPasswordChange,
  type ChangePasswordRequest,
  fail,
  paiseToRupees,
  pass,
  type Check,
  type ChangePinRequest,
  type ControlPanelAccountDetails,
  type LoginRecord,
  type LogoutSessionRequest,
} from '@khata/domain';
import { Allow, registerDecorator, type ValidationArguments } from 'class-validator';
import type { Balances } from '../accounts/accounts.repository.js';
import type { LoginEntry } from '../auth/sessions.repository.js';
import type { MonthOfWallet } from './queries/get-control-panel.query.js';
import { Satisfies } from '../common/http/satisfies.js';
import { ControlPanelMessages } from './control-panel-messages.js';

export { ControlPanelMessages } from './control-panel-messages.js';

/** Ours: the password change says what it did to the other sessions. */
export function passwordChanged(otherSessions: number): string {
  if (otherSessions === 0) return 'Password changed. No other session was signed in.';
  return `Password changed. You were signed out of ${otherSessions} other session${otherSessions === 1 ? '' : 's'}.`;
}

export function loggedOutOf(sessions: number): string {
  return `Logged out of ${sessions} session${sessions === 1 ? '' : 's'}.`;
}

/**
 * Like `@Satisfies`, for a rule that reads several fields at once (old and new PIN): the
 * rule sees the whole body and its message is the answer.
 */
function SatisfiesTogether(check: (body: object) => Check<unknown>) {
  return (target: object, propertyName: string): void => {
    registerDecorator({
      name: 'satisfiesTogether',
      target: target.constructor,
      propertyName,
      validator: {
        validate: (_value: unknown, args?: ValidationArguments) => check(args?.object ?? {}).ok,
        defaultMessage: (args?: ValidationArguments) => {
          const result = check(args?.object ?? {});
          return result.ok ? '' : result.message;
        },
      },
    });
  };
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @SatisfiesTogether(checkPasswordChange)
  oldPassword!: string;

  /** Checked with oldPassword above: the rule compares the three. */
  @Allow()
  newPassword!: string;

  @Allow()
  confirmPassword!: string;
}

export class ChangePinDto implements ChangePinRequest {
  @SatisfiesTogether(checkChangePin)
  oldPin!: string;

  /** Checked with oldPin above: the rule compares the two. */
  @Allow()
  newPin!: string;
}

function checkLoginId(value: unknown): Check<string> {
  return typeof value === 'string' && value.trim() !== ''
    ? pass(value)
    : fail(ControlPanelMessages.loginIdRequired);
}

export class LogoutSessionDto implements LogoutSessionRequest {
  /** A session id as `cPanel-Logs` lists it. */
  @Satisfies(checkLoginId)
  loginId!: string;
}

/** One sign-in as the wire carries it: the time as its ISO string, as JSON would write it. */
export function toLoginRecord(entry: LoginEntry): LoginRecord {
  return {
    date: entry.date.toISOString(),
    ip: entry.ip,
    location: { lat: entry.latitude, long: entry.longitude },
    loginId: entry.loginId,
    current: entry.current,
  };
}

/**
 * The control panel's account details (spec §3): balances now, and the wallet this month
 * (India time) from the read model: opening balance, credits in, pay-ins (money from outside
 * the network), bank payouts out, and the posted balance at the end of it so far.
 */
export function toAccountDetails(
  balances: Balances,
  month: MonthOfWallet,
): ControlPanelAccountDetails {
  return {
    balance: paiseToRupees(balances.wallet),
    lienAmount: paiseToRupees(balances.lien),
    securityAmount: paiseToRupees(balances.security),
    totalCredit: paiseToRupees(month.totalCredit),
    totalPayIn: paiseToRupees(month.totalPayIn),
    totalPayOut: paiseToRupees(month.totalPayOut),
    openingBalance: paiseToRupees(month.openingBalance),
    closingBalance: paiseToRupees(month.closingBalance),
  };
}
