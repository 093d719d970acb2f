import { useEffect } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransactionRecord } from '@khata/domain';
import { useTransaction } from '../transactions/api';
import { payoutToast } from './paymentMessages';

/**
 * One toast per accepted payout that follows its record: "Payout queued" at once, then
 * whatever the bank's answer makes of it (the live `transaction.updated` event, or the
 * record asked for again while it is on its way). Never says success before the bank did.
 */
export function PayoutStatusToast({ record }: { record: TransactionRecord }) {
  const { message } = App.useApp();
  const { t } = useTranslation('payouts');
  const latest = useTransaction(record._id, record).data ?? record;
  const { type, content, duration } = payoutToast(latest, t);

  useEffect(() => {
    message.open({ key: `payout-${record._id}`, type, content, duration });
  }, [message, record._id, type, content, duration]);

  // A queued toast must not outlive the screen that would have updated it.
  useEffect(() => () => message.destroy(`payout-${record._id}`), [message, record._id]);
  return null;
}
