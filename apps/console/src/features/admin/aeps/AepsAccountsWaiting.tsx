import { App, Button, List, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_AEPS_ACCOUNTS } from '@khata/domain';
import type { AepsBeneficiaryRecord } from '@khata/domain';
import { useDeleteBeneficiary } from '../payouts/api';
import './aeps-settlement.css';

/**
 * Issue 23: the retailer's AEPS accounts that cannot be settled to yet. A pending one waits for
 * Khata; a rejected one says why and holds no place, and either can be deleted (a rejected one
 * to make room for the right account, a pending one to withdraw a mistake).
 */
export function AepsAccountsWaiting({ accounts }: { accounts: AepsBeneficiaryRecord[] }) {
  const { t } = useTranslation('aeps');
  const { message } = App.useApp();
  const remove = useDeleteBeneficiary();
  if (accounts.length === 0) return null;
  return (
    <List<AepsBeneficiaryRecord>
      className="aeps-waiting"
      aria-label={t('waiting.label')}
      dataSource={accounts}
      renderItem={(account) => {
        const rejected = account.activationStatus === 'rejected';
        return (
          <List.Item data-testid="aeps-waiting">
            <article className="aeps-waiting__item" aria-label={account.name}>
              <div className="aeps-waiting__head">
                <strong>{account.name}</strong>
                <Tag color={rejected ? 'red' : 'gold'}>
                  {rejected ? t('waiting.rejected') : t('waiting.awaiting')}
                </Tag>
              </div>
              <span className="aeps-waiting__sub">
                {account.bankName} · {account.maskedAccountNumber} · {account.ifscCode}
              </span>
              {rejected && (
                <>
                  <p className="aeps-waiting__reason" data-testid="aeps-rejection-reason">
                    {t('waiting.reason', {
                      reason: account.activationRemark ?? t('waiting.noReason'),
                    })}
                  </p>
                  <p className="aeps-waiting__reason">
                    {t('waiting.noPlace', { max: MAX_AEPS_ACCOUNTS })}
                  </p>
                </>
              )}
              <Popconfirm
                title={t('waiting.deleteTitle')}
                description={`${account.name}, ${account.maskedAccountNumber}`}
                okText={t('waiting.delete')}
                okButtonProps={{ danger: true }}
                onConfirm={() => {
                  // Both outcomes are shown to the user, so the promise needs no other catch.
                  void remove.mutateAsync(account._id).then(
                    (answer) => void message.success(answer.message),
                    (failure: Error) => void message.error(failure.message),
                  );
                }}
              >
                <Button
                  size="small"
                  danger
                  aria-label={t('waiting.deleteName', { name: account.name })}
                >
                  {t('waiting.delete')}
                </Button>
              </Popconfirm>
            </article>
          </List.Item>
        );
      }}
    />
  );
}
