import { Alert, Button, Card, Skeleton, Table } from 'antd';
import type { SystemAccountBalance } from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { formatRupees } from '../common/money';
import { useCompanyAccount } from './api';

/** The system accounts as a person reads them; the ledger's own names otherwise. */
const SYSTEM_ACCOUNTS: Record<string, { label: string; note: string }> = {
  'system:funding': { label: 'Funding', note: 'Money credited into wallets from outside' },
  'system:fee_income': {
    label: 'Fee income',
    note: 'Fees earned on payouts, less GST and the uplines’ commission',
  },
  'system:tds_payable': { label: 'TDS payable', note: 'TDS withheld from commissions (194H)' },
  'system:gst_payable': { label: 'GST payable', note: 'GST inside the fees charged' },
  'system:payout_clearing': { label: 'Payout clearing', note: 'Payouts on their way to banks' },
  'system:bank_settlement': { label: 'Bank settlement', note: 'Paid out to banks' },
  'system:pg_clearing': { label: 'PG clearing', note: 'Payment-gateway collections' },
  'system:compensation': {
    label: 'Compensation',
    note: 'Paid to customers for payouts returned after T + 1 (RBI)',
  },
};

/** Names of the profit areas (spec §3). */
const PROFIT_AREAS: Record<string, string> = { commission: 'Commission' };

/**
 * Issue 12 Admin account (/admin/adminAccount, for admins): the company's money. The total is
 * the main balance plus the profit areas, the figure of the top bar (`/admin/checkBalance`).
 */
export function CompanyAccountPage() {
  const account = useCompanyAccount();
  const data = account.data;

  return (
    <AdminPage
      title="Admin account"
      intro="The company's own accounts, read from the ledger."
      actions={
        <Button onClick={() => void account.refetch()} loading={account.isFetching}>
          Refresh
        </Button>
      }
    >
      {account.isError && <Alert type="error" showIcon title={account.error.message} />}
      {account.isPending ? (
        <Card className="admin-card">
          <Skeleton active paragraph={{ rows: 3 }} />
        </Card>
      ) : (
        data && (
          <>
            <div className="admin-grid admin-grid--stats admin-grid--4">
              <Card className="admin-card" data-testid="company-total">
                <p className="admin-stat__label">Total balance</p>
                <p className="admin-stat__value">{formatRupees(data.total)}</p>
                <p className="admin-stat__note">Main balance and profit</p>
              </Card>
              <Card className="admin-card" data-testid="company-main">
                <p className="admin-stat__label">Main balance</p>
                <p className="admin-stat__value">{formatRupees(data.mainBalance)}</p>
              </Card>
              {Object.entries(data.profitArea).map(([area, value]) => (
                <Card key={area} className="admin-card" data-testid={`company-profit-${area}`}>
                  <p className="admin-stat__label">{PROFIT_AREAS[area] ?? area}</p>
                  <p className="admin-stat__value">{formatRupees(value)}</p>
                  <p className="admin-stat__note">Profit area</p>
                </Card>
              ))}
              <Card className="admin-card" data-testid="company-fees">
                <p className="admin-stat__label">Fee income</p>
                <p className="admin-stat__value">{formatRupees(data.feeIncome)}</p>
              </Card>
            </div>
            <Card className="admin-card" title="System accounts">
              <Table<SystemAccountBalance>
                aria-label="System accounts"
                size="middle"
                pagination={false}
                rowKey={(row) => row.kind}
                dataSource={data.systemAccounts}
                columns={[
                  {
                    key: 'account',
                    title: 'Account',
                    render: (_, row) => (
                      <>
                        {SYSTEM_ACCOUNTS[row.kind]?.label ?? row.kind}
                        <span className="report-table__sub">
                          {SYSTEM_ACCOUNTS[row.kind]?.note ?? row.kind}
                        </span>
                      </>
                    ),
                  },
                  {
                    key: 'balance',
                    title: 'Balance',
                    align: 'right',
                    render: (_, row) => (
                      <span className="admin-amount">{formatRupees(row.balance)}</span>
                    ),
                  },
                ]}
              />
            </Card>
          </>
        )
      )}
    </AdminPage>
  );
}
