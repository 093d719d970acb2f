import { useState } from 'react';
import { Alert, Empty, InputNumber, List, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkPreviousTransactionsLimit,
  type TransactionRecord,
  Messages,
  PREVIOUS_TRANSACTIONS_DEFAULT,
  PREVIOUS_TRANSACTIONS_MAX,
} from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { statusLabel, statusTone } from '../transactions/labels';
import { useLastTransactions, type Beneficiary } from './api';
import { localizeMessage } from '../../../i18n/messages';

/** Spec §5: the previous payouts to one account, 5 by default, at most 20. */
export function LastTransactionsModal({
  beneficiary,
  onClose,
}: {
  beneficiary: Beneficiary | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('payouts');
  const [limit, setLimit] = useState<number | null>(PREVIOUS_TRANSACTIONS_DEFAULT);
  const checked = checkPreviousTransactionsLimit(limit ?? undefined);
  const last = useLastTransactions(
    beneficiary && checked.ok
      ? {
          accountNumber: beneficiary.accountNumber,
          ifsc: beneficiary.ifscCode,
          limit: checked.value,
        }
      : undefined,
  );

  return (
    <Modal
      open={beneficiary !== undefined}
      title={t('lastTransactions.title', { name: beneficiary?.name ?? '' })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <label className="payout__pin">
        <span>{t('lastTransactions.howMany')}</span>
        <InputNumber
          min={1}
          max={PREVIOUS_TRANSACTIONS_MAX + 5}
          value={limit}
          onChange={(value) => setLimit(value)}
        />
      </label>
      {!checked.ok && (
        <Alert className="payout__alert" type="warning" showIcon title={checked.message} />
      )}
      {last.isError && (
        <Alert
          className="payout__alert"
          type="error"
          showIcon
          title={localizeMessage(Messages.lastTransactionCheckFailed)}
        />
      )}
      {last.data && last.data.length === 0 && <Empty description={Messages.noTransactions} />}
      {last.data && last.data.length > 0 && (
        <List<TransactionRecord>
          loading={last.isFetching}
          dataSource={last.data}
          renderItem={(entry) => (
            <List.Item
              extra={<Tag color={statusTone(entry.status)}>{statusLabel(entry.status)}</Tag>}
            >
              <List.Item.Meta
                title={formatRupees(entry.amount.amount)}
                description={`${formatDateTime(entry.createdAt)} · ${entry.payload.orderID}`}
              />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
