import { checkChangePin, fail, paiseToRupees, pass, type Check } from '@khata/domain';
import { Allow, registerDecorator, type ValidationArguments } from 'class-validator';
import type { Balances } from '../accounts/accounts.repository.js';
import type { LoginEntry } from '../auth/sessions.repository.js';
import type { MonthOfWallet } from './queries/get-control-panel.query.js';
import { Satisfies } from '../common/http/satisfies.js';

export const ControlPanelMessages = {
  pinChanged: 'PIN changed successfully.',
  logs: 'Login history and account details.',
  sessionEnded: 'Logged out of this session.',
  // Ours: another device's session, ended from here.
  otherSessionEnded: 'Logged out of that device.',
  // Ours: the spec names the call but not the field's message.
  loginIdRequired: 'Please choose a session to log out.',
} as const;

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

export class ChangePinDto {
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

export class LogoutSessionDto {
  /** A session id as `cPanel-Logs` lists it. */
  @Satisfies(checkLoginId)
  loginId!: string;
}

/** One sign-in as spec §3 `logins` reads it; coordinates stay strings with 6 decimals. */
export interface LoginRecord {
  date: Date;
  ip: string | null;
  location: { lat: string | null; long: string | null };
  loginId: string;
  current: boolean;
}

/**
 * The control panel's account details (spec §3): balances now, and the wallet this month
 * (India time) from the read model: opening balance, credits in, pay-ins (money from outside
 * the network), bank payouts out, and the posted balance at the end of it so far.
 */
export interface ControlPanelAccountDetails {
  balance: number;
  lienAmount: number;
  securityAmount: number;
  totalCredit: number;
  totalPayIn: number;
  totalPayOut: number;
  openingBalance: number;
  closingBalance: number;
}

export function toLoginRecord(entry: LoginEntry): LoginRecord {
  return {
    date: entry.date,
    ip: entry.ip,
    location: { lat: entry.latitude, long: entry.longitude },
    loginId: entry.loginId,
    current: entry.current,
  };
}

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
