import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AepsMessages,
  checkAadhaar,
  parseRupees,
  RUPEE,
  type AepsKind,
  type AepsLimits,
} from '@khata/domain';
import type { AepsStatus } from './api';

/** An AEPS transaction's status, by its key in `aeps-counter`. */
const STATUS_KEYS = {
  queued: 'status.queued',
  // With the bank, no final answer: asked again (a status enquiry), never sent again.
  processing: 'status.processing',
  processed: 'status.processed',
  failed: 'status.failed',
} as const;

const STATUS_COLORS: Record<keyof typeof STATUS_KEYS, string> = {
  queued: 'processing',
  processing: 'warning',
  processed: 'success',
  failed: 'error',
};

function isKnown(status: string): status is keyof typeof STATUS_KEYS {
  return Object.hasOwn(STATUS_KEYS, status);
}

/**
 * An AEPS transaction's status in words (the current language) and colour; an unknown one is
 * shown as the API sent it.
 */
export function useAepsStatus(): (status: string) => { label: string; color: string } {
  const { t } = useTranslation('aeps-counter');
  return (status) =>
    isKnown(status)
      ? { label: t(STATUS_KEYS[status]), color: STATUS_COLORS[status] }
      : { label: status, color: 'default' };
}

/** The four transactions by libs/domain's kind. */
const KIND_KEYS = {
  withdrawal: 'kind.withdrawal',
  balance: 'kind.balance',
  statement: 'kind.statement',
  aadhaarPay: 'kind.aadhaarPay',
} as const satisfies Record<AepsKind, string>;

/** An AEPS kind in words (the current language); an unknown one as the API sent it. */
export function useAepsKind(): (kind: AepsKind) => string {
  const { t } = useTranslation('aeps-counter');
  return (kind) => (Object.hasOwn(KIND_KEYS, kind) ? t(KIND_KEYS[kind]) : kind);
}

/**
 * The Aadhaar field's rules, libs/domain's check in both: as typed, a number is judged once
 * its 12 digits are in (a half-typed number is not yet wrong); on leaving the field, and on
 * submit (which runs every rule), whatever is there is judged. The field validates first-fail
 * (`validateFirst`), so a wrong number is said once.
 */
export const aadhaarRules: FormRule[] = [
  {
    validateTrigger: 'onChange',
    validator: async (_rule, value: unknown) => {
      const digits = typeof value === 'string' ? value.replace(/\D/g, '') : '';
      if (digits.length < 12) return;
      const checked = checkAadhaar(value);
      if (!checked.ok) throw new Error(checked.message);
    },
  },
  {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      const checked = checkAadhaar(value);
      if (!checked.ok) throw new Error(checked.message);
    },
  },
];

/** The status's limits (rupees) as libs/domain reads them (paise). */
export function limitsOf(status: AepsStatus): AepsLimits {
  return {
    minimum: Math.round(status.limits.minimum * RUPEE),
    perTransaction: Math.round(status.limits.perTransaction * RUPEE),
    withdrawalsPerCustomerPerDay: status.limits.withdrawalsPerCustomerPerDay,
  };
}

/** The amount's rule: rupees, within the provider's limits, in libs/domain's words. */
export function amountRule(limits: AepsLimits): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const parsed = parseRupees(value);
      if (!parsed.ok) throw new Error(AepsMessages.amountInvalid);
      if (parsed.value < limits.minimum) throw new Error(AepsMessages.amountBelowMinimum(limits));
      if (parsed.value > limits.perTransaction) {
        throw new Error(AepsMessages.amountAbovePerTransaction(limits));
      }
    },
  };
}
