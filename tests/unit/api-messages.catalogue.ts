import { PG_GATEWAYS } from '@khata/domain';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ClientMessages } from '../../apps/console/src/api/clientMessages.js';
import { SessionMessages } from '../../apps/api/src/auth/session-messages.js';
import { AepsCounterMessages } from '../../apps/api/src/aeps/aeps-counter-messages.js';
import { LoginLimitMessages } from '../../apps/api/src/auth/login-limit-messages.js';
import { BillPaymentMessages } from '../../apps/api/src/bbps/bill-payment-messages.js';
import { ListMessages } from '../../apps/api/src/common/list-messages.js';
import { PinMessages } from '../../apps/api/src/credentials/pin-messages.js';
import { CompanyBankAccountMessages } from '../../apps/api/src/fund-requests/company-bank-account-messages.js';
import { SignInLinkMessages } from '../../apps/api/src/link-login/sign-in-link-messages.js';
import {
  OnboardUserMessages,
  SignUpMessages,
} from '../../apps/api/src/onboarding/onboard-user-messages.js';
import { PgLoadMessages, PgSettlementMessages } from '../../apps/api/src/pg/pg-messages.js';
import { HandResolutionMessages } from '../../apps/api/src/rail/hand-resolution-messages.js';
import { RentDeskMessages } from '../../apps/api/src/rent/rent-desk-messages.js';
import { UserLookupMessages } from '../../apps/api/src/users/user-lookup-messages.js';
import { BeneficiaryMessages } from '../../apps/api/src/beneficiaries/beneficiary-messages.js';
import { IdempotencyMessages } from '../../apps/api/src/common/http/idempotency-messages.js';
import { SafeInputMessages } from '../../apps/api/src/common/http/safe-input-messages.js';
import {
  ControlPanelMessages,
  ChangePasswordMessages,
} from '../../apps/api/src/control-panel/control-panel-messages.js';
import { TemporaryPasswordMessages } from '../../apps/api/src/credentials/temporary-password.js';
import { CurrencyRateMessages } from '../../apps/api/src/currency-rates/currency-rate-messages.js';
import { ReconciliationMessages } from '../../apps/api/src/monthly-stats/reconciliation-messages.js';
import { ResetCredentialsMessages } from '../../apps/api/src/onboarding/reset-credentials-messages.js';
import { PaymentTrackerMessages } from '../../apps/api/src/payment-tracker/payment-tracker.messages.js';
import {
  CompensationMessages,
  PayoutMessages,
} from '../../apps/api/src/payouts/payout-messages.js';
import { CsvMessages } from '../../apps/api/src/reports/csv-messages.js';
import {
  LedgerMessages,
  TransactionMessages,
} from '../../apps/api/src/transactions/transaction-messages.js';
import {
  ChangePictureMessages,
  PictureUploadMessages,
} from '../../apps/api/src/users/pictures/picture-messages.js';
import { WalletMessages } from '../../apps/api/src/wallet/wallet-messages.js';
import {
  addVariants,
  COUNT,
  each,
  mark,
  perCount,
  prefixOf,
  template,
  type Catalogue,
  type Variants,
} from './domain-messages.catalogue.js';

/**
 * The API's own `*Messages` objects (apps/api/src, outside libs/domain) and the console
 * client's, as the `messages` namespace holds them (issue 30): the API keeps answering English,
 * the console finds the Hindi from it as it does libs/domain's. Keys `api.<object>.<entry>`
 * (`WalletMessages` is `api.wallet`) and `client.<entry>`. Each object is imported from a file
 * of messages alone (no Nest, no database), so the unit tier stays light.
 */
export const SHOWN = {
  SessionMessages,
  BeneficiaryMessages,
  IdempotencyMessages,
  SafeInputMessages,
  ControlPanelMessages,
  ChangePasswordMessages,
  TemporaryPasswordMessages,
  CurrencyRateMessages,
  ReconciliationMessages,
  ResetCredentialsMessages,
  PaymentTrackerMessages,
  PayoutMessages,
  CompensationMessages,
  CsvMessages,
  LedgerMessages,
  TransactionMessages,
  PictureUploadMessages,
  ChangePictureMessages,
  WalletMessages,
  ListMessages,
  AepsCounterMessages,
  BillPaymentMessages,
  RentDeskMessages,
  PgLoadMessages,
  PgSettlementMessages,
  CompanyBankAccountMessages,
  OnboardUserMessages,
  SignUpMessages,
  HandResolutionMessages,
  SignInLinkMessages,
  UserLookupMessages,
  LoginLimitMessages,
  PinMessages,
} as const;

/**
 * Objects whose words only another server reads: left in English, with why
 * (docs/decisions.md "Issue 30: domain and server messages in Hindi").
 */
export const ENGLISH_ONLY: Record<string, string> = {
  SignedWebhookMessages: 'answers the payout rail’s webhook calls: a bank’s server reads them',
  WebhookMessages: 'the same webhook’s answers (SignedWebhookMessages and its body)',
  PartnerApiMessages:
    'answers calls signed with a partner’s API key, made by its server; the console uses a session',
  SandboxPgMessages:
    'the sandbox gateway’s own checkout page, in development and staging only: no shop meets it',
  MetricsMessages: '/metrics answers a Prometheus scraper or an operator, never the console',
};

/** Objects made only of libs/domain's messages (already in the namespace). */
export const OF_DOMAIN: Record<string, string> = {
  CallbackMessages: 'CallbackRequestMessages and the paging messages of libs/domain',
};

/** The console's own messages object, found by the same scan. */
const CLIENT = { ClientMessages } as const;

/** Each function message's templates, by `<object>.<entry>`. */
export const API_FUNCTION_MESSAGES: Record<string, () => Variants> = {
  'BeneficiaryMessages.textTooLong': () => template(BeneficiaryMessages.textTooLong(mark('field'))),
  'BeneficiaryMessages.alreadyDecided': () =>
    each(['approved', 'rejected', 'decided'], BeneficiaryMessages.alreadyDecided),
  'BeneficiaryMessages.tooManyOtps': () => perCount(BeneficiaryMessages.tooManyOtps),
  'BeneficiaryMessages.tooManyChecks': () => perCount(BeneficiaryMessages.tooManyChecks),
  'CurrencyRateMessages.updated': () =>
    template(CurrencyRateMessages.updated(mark('currency') as never)),
  'CompensationMessages.notFailed': () => template(CompensationMessages.notFailed(mark('status'))),
  'CompensationMessages.alreadyPaid': () =>
    template(
      CompensationMessages.alreadyPaid({ amount: mark('amount'), at: mark('day') } as never),
    ),
  'ReconciliationMessages.unbalancedEvent': () =>
    template(ReconciliationMessages.unbalancedEvent(mark('seq'), mark('type'))),
  'ReconciliationMessages.walletChainBroken': () =>
    template(
      ReconciliationMessages.walletChainBroken(
        mark('accountId'),
        mark('before'),
        mark('amount'),
        mark('after'),
      ),
    ),
  'ReconciliationMessages.notProjected': () =>
    template(ReconciliationMessages.notProjected(mark('seq'), mark('type'))),
  'ReconciliationMessages.totalsDiffer': () =>
    template(
      ReconciliationMessages.totalsDiffer({
        kind: mark('kind'),
        accountId: mark('accountId'),
        eventType: mark('eventType'),
        ledgerCredits: mark('ledgerCredits'),
        ledgerDebits: mark('ledgerDebits'),
        ledgerPostings: mark('ledgerPostings'),
        modelCredits: mark('modelCredits'),
        modelDebits: mark('modelDebits'),
        modelPostings: mark('modelPostings'),
      }),
    ),
  'ReconciliationMessages.closingDiffers': () =>
    template(
      ReconciliationMessages.closingDiffers(
        mark('kind'),
        mark('accountId'),
        mark('ledger'),
        mark('model'),
      ),
    ),
  'ReconciliationMessages.splitDiffers': () =>
    template(
      ReconciliationMessages.splitDiffers({
        seq: mark('seq'),
        type: mark('type'),
        splitTds: mark('splitTds'),
        splitGst: mark('splitGst'),
        splitCommissions: mark('splitCommissions'),
        tds: mark('tds'),
        gst: mark('gst'),
        commissions: mark('commissions'),
      }),
    ),
  'ChangePasswordMessages.tooManyWrong': () => perCount(ChangePasswordMessages.tooManyWrong),
  'PaymentTrackerMessages.tooManyChecks': () => perCount(PaymentTrackerMessages.tooManyChecks),
  'RentDeskMessages.tooManyTries': () => perCount(RentDeskMessages.tooManyTries),
  'OnboardUserMessages.roleInvalid': () =>
    template(OnboardUserMessages.roleInvalid([mark('roles')])),
  'SignUpMessages.tooMany': () => perCount(SignUpMessages.tooMany),
  'HandResolutionMessages.utrRequired': () => perProduct(HandResolutionMessages.utrRequired),
  'HandResolutionMessages.notProcessing': () =>
    perProduct((noun) => HandResolutionMessages.notProcessing(noun, mark('status'))),
  'HandResolutionMessages.sendInFlight': () => perProduct(HandResolutionMessages.sendInFlight),
  'HandResolutionMessages.changed': () => perProduct(HandResolutionMessages.changed),
  'SignInLinkMessages.tooManyTried': () => perCount(SignInLinkMessages.tooManyTried),
  'UserLookupMessages.tooManyOutside': () => perCount(UserLookupMessages.tooManyOutside),
  'UserLookupMessages.tooManyLookups': () => perCount(UserLookupMessages.tooManyLookups, 'seconds'),
  'LoginLimitMessages.tooManyFailures': () => perCount(LoginLimitMessages.tooManyFailures),
  'PinMessages.wrong': () => perCount(PinMessages.wrong, 'tries'),
  'PinMessages.lockedMinutes': () => perCount(PinMessages.lockedMinutes),
  'PinMessages.lockedHours': () =>
    template(PinMessages.lockedHours(COUNT), { hours: String(COUNT) }),
  'PinMessages.addressPaused': () => perCount(PinMessages.addressPaused),
  'PgSettlementMessages.notAmount': () =>
    perLine((line) => PgSettlementMessages.notAmount(line, mark('column'))),
  'PgSettlementMessages.malformed': () =>
    perLine((line) => PgSettlementMessages.malformed(line, mark('column'))),
  'PgSettlementMessages.settledOnInvalid': () => perLine(PgSettlementMessages.settledOnInvalid),
  'PgSettlementMessages.splitWrong': () => perLine(PgSettlementMessages.splitWrong),
  'PgSettlementMessages.orderTwice': () => perLine(PgSettlementMessages.orderTwice),
  'PgSettlementMessages.noOrder': () =>
    Object.fromEntries(
      PG_GATEWAYS.map((gateway) => [
        gateway,
        perLine((line) => PgSettlementMessages.noOrder(line, gateway, mark('receipt'))),
      ]),
    ),
  'PgSettlementMessages.otherPayment': () => perLine(PgSettlementMessages.otherPayment),
  'PgSettlementMessages.otherAmount': () => perLine(PgSettlementMessages.otherAmount),
  'PgSettlementMessages.notPaid': () =>
    perLine((line) => PgSettlementMessages.notPaid(line, mark('receipt'), mark('status'))),
};

/** A settlement file's line: the sample line number becomes `{{line}}`. */
function perLine(text: (line: number) => string) {
  return template(text(COUNT), { line: String(COUNT) });
}

/** The two products an admin resolves by hand: their noun, and where each was sent. */
function perProduct(text: (noun: string, sentTo: string) => string) {
  return {
    payout: template(text('payout', 'the bank')),
    dmtTransfer: template(text('DMT transfer', 'the provider')),
  };
}

/**
 * The API's and the client's messages by key, each English once: an entry whose exact English
 * the namespace already holds (libs/domain's, or an earlier object's: `Please login to
 * continue`, the payout service's refusal) is found under that key and not repeated.
 */
export function serverCatalogue(known: ReadonlyMap<string, string>): Catalogue {
  const english = new Map<string, string>();
  const unspecified: string[] = [];
  const seen = new Set(known.values());
  const add = (key: string, text: string) => {
    if (seen.has(text)) return;
    seen.add(text);
    english.set(key, text);
  };
  const walk = (base: string, objectName: string, path: string[], value: unknown): void => {
    const key = [base, ...path].join('.');
    const name = [objectName, ...path].join('.');
    if (typeof value === 'string') add(key, value);
    else if (typeof value === 'function') {
      const spec = API_FUNCTION_MESSAGES[name];
      if (!spec) unspecified.push(name);
      else {
        const variants = new Map<string, string>();
        addVariants(variants, key, spec());
        for (const [variant, text] of variants) add(variant, text);
      }
    } else if (value && typeof value === 'object') {
      for (const [entry, inner] of Object.entries(value))
        walk(base, objectName, [...path, entry], inner);
    }
  };
  for (const [name, value] of Object.entries(SHOWN)) walk(`api.${prefixOf(name)}`, name, [], value);
  for (const [name, value] of Object.entries(CLIENT)) walk(prefixOf(name), name, [], value);
  return { english, unspecified };
}

const root = resolve(import.meta.dirname, '../..');

function* sourcesUnder(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* sourcesUnder(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.(spec|test)\.tsx?$/.test(entry.name)) yield path;
  }
}

/** Every `export const <Name>Messages =` in the API's and the console's sources, with its file. */
export function declaredMessageObjects(): Map<string, string> {
  const found = new Map<string, string>();
  for (const directory of ['apps/api/src', 'apps/console/src']) {
    for (const file of sourcesUnder(resolve(root, directory))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/^export const (\w*Messages)\b/gm))
        found.set(match[1]!, relative(root, file));
    }
  }
  return found;
}

/** Every object the catalogue accounts for: shown (translated), English only, or of libs/domain. */
export const ACCOUNTED = new Set([
  ...Object.keys(SHOWN),
  ...Object.keys(CLIENT),
  ...Object.keys(ENGLISH_ONLY),
  ...Object.keys(OF_DOMAIN),
]);
