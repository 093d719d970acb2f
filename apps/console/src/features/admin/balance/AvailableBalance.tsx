import { App } from 'antd';
import { useCallback } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { creditInPayment, spendable, type Paise } from '@khata/domain';
import { formatMoney } from '../../../i18n/format';
import { paiseOf } from '../common/money';
import { useAdminUser } from '../session/adminUser';
import { useBalance } from './api';
import './available-balance.css';

/** What the wallet may spend now, in paise, from the balance call's answer (issue 23). */
export interface Spendable {
  /** The wallet's own money (negative while credit is in use). */
  wallet: Paise;
  overdraftLimit: Paise;
  available: Paise;
  credit: Paise;
}

/** The signed-in user's spendable figures, as the balance call (or its latest push) gave them. */
export function useSpendable(): Spendable | undefined {
  const { kind } = useAdminUser();
  const { data } = useBalance(kind);
  const available = paiseOf(data?.available);
  if (available === undefined) return undefined;
  const overdraftLimit = paiseOf(data?.overdraftLimit) ?? 0;
  // The API's available is the wallet plus the limit (libs/domain `spendable`).
  const wallet = available - overdraftLimit;
  return { wallet, overdraftLimit, ...spendable(wallet, overdraftLimit) };
}

export interface AvailableBalanceProps {
  /** Show nothing unless the wallet has credit (the top bar: otherwise it is the balance). */
  onlyWithCredit?: boolean;
  className?: string;
}

/**
 * "Available ₹5,000.00 (including ₹2,000.00 credit)": what the wallet may spend now, the
 * overdraft limit counted as the ledger counts it. Shown in the top bar, the control panel and
 * before a payment.
 */
export function AvailableBalance({ onlyWithCredit = false, className }: AvailableBalanceProps) {
  const { t } = useTranslation('balance');
  const figures = useSpendable();
  if (!figures || (onlyWithCredit && figures.overdraftLimit === 0)) return null;
  // The figures of libs/domain's `availableLine`, said in the current language.
  const values = { amount: formatMoney(figures.available), credit: formatMoney(figures.credit) };
  const withCredit = figures.credit > 0;
  return (
    <p
      className={['available-balance', className].filter(Boolean).join(' ')}
      data-testid="available-balance"
      title={withCredit ? t('available.withCredit', values) : t('available.line', values)}
    >
      {withCredit ? (
        // The credit part is its own span, so a narrow top bar can show "Available ₹x" alone
        // (the whole line stays in the text and the title).
        <Trans
          t={t}
          i18nKey="available.withCreditParts"
          values={values}
          components={{ credit: <span className="available-balance__credit" /> }}
        />
      ) : (
        t('available.line', values)
      )}
    </p>
  );
}

/**
 * Before money is spent: a payment that would use credit asks first, saying how much of it is
 * credit; one the wallet's own money covers goes on at once. Answers `confirm(total, go)`.
 */
export function useCreditConfirm(): (total: Paise, go: () => void) => void {
  const { modal } = App.useApp();
  const { t } = useTranslation('balance');
  const figures = useSpendable();
  return useCallback(
    (total: Paise, go: () => void) => {
      const credit =
        figures && figures.overdraftLimit > 0 ? creditInPayment(total, figures.wallet) : 0;
      if (credit === 0) return go();
      // The words of libs/domain's `creditWarning`, in the current language.
      const amounts = { credit: formatMoney(credit), total: formatMoney(total) };
      modal.confirm({
        title: t('credit.title'),
        content: credit >= total ? t('credit.all', amounts) : t('credit.part', amounts),
        okText: t('credit.ok'),
        cancelText: t('credit.cancel'),
        onOk: go,
      });
    },
    [figures, modal, t],
  );
}
