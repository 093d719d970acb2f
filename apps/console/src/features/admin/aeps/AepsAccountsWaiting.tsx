import { App, Button, List, Popconfirm, Tag } from 'antd';
import type { AepsBeneficiaryRecord } from '@khata/domain';
import { useDeleteBeneficiary } from '../payouts/api';
import './aeps-settlement.css';

/**
 * Issue 23: the retailer's AEPS accounts that cannot be settled to yet. A pending one waits for
 * Khata; a rejected one says why and holds no place, and either can be deleted (a rejected one
 * to make room for the right account, a pending one to withdraw a mistake).
 */
export function AepsAccountsWaiting({ accounts }: { accounts: AepsBeneficiaryRecord[] }) {
  const { message } = App.useApp();
  const remove = useDeleteBeneficiary();
  if (accounts.length === 0) return null;
  return (
    <List<AepsBeneficiaryRecord>
      className="aeps-waiting"
      aria-label="Accounts not yet approved"
      dataSource={accounts}
      renderItem={(account) => {
        const rejected = account.activationStatus === 'rejected';
        return (
          <List.Item data-testid="aeps-waiting">
            <article className="aeps-waiting__item" aria-label={account.name}>
              <div className="aeps-waiting__head">
                <strong>{account.name}</strong>
                <Tag color={rejected ? 'red' : 'gold'}>
                  {rejected ? 'Rejected' : 'Awaiting approval'}
                </Tag>
              </div>
              <span className="aeps-waiting__sub">
                {account.bankName} · {account.maskedAccountNumber} · {account.ifscCode}
              </span>
              {rejected && (
                <>
                  <p className="aeps-waiting__reason" data-testid="aeps-rejection-reason">
                    Reason: {account.activationRemark ?? 'not given'}
                  </p>
                  <p className="aeps-waiting__reason">
                    It does not count toward your 2 accounts: delete it and add the right one.
                  </p>
                </>
              )}
              <Popconfirm
                title="Delete this AEPS account?"
                description={`${account.name}, ${account.maskedAccountNumber}`}
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => {
                  // Both outcomes are shown to the user, so the promise needs no other catch.
                  void remove.mutateAsync(account._id).then(
                    (answer) => void message.success(answer.message),
                    (failure: Error) => void message.error(failure.message),
                  );
                }}
              >
                <Button size="small" danger aria-label={`Delete ${account.name}`}>
                  Delete
                </Button>
              </Popconfirm>
            </article>
          </List.Item>
        );
      }}
    />
  );
}
