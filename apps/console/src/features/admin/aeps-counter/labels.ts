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
import { railStatusLook, type StatusLook } from '../common/railStatus';
import type { AepsStatus } from './api';

/** An AEPS transaction's statuses (a DMT transfer's `reversed` is not one of them). */
const AEPS_STATUSES = ['queued', 'processing', 'processed', 'failed'] as const;

/**
 * An AEPS transaction's status in words (the current language) and colour; an unknown one is
 * shown as the API sent it.
 */
export function useAepsStatus(): (status: string) => StatusLook {
  const { t } = useTranslation('aeps-counter');
  return (status) => railStatusLook(t, status, AEPS_STATUSES);
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
