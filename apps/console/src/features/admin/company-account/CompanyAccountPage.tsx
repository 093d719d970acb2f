import { Alert, Button, Card, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SystemAccountBalance } from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { formatRupees } from '../common/money';
import { useCompanyAccount } from './api';

/** The system accounts as a person reads them (keys); the ledger's own names otherwise. */
const SYSTEM_LABELS = {
  'system:funding': 'system.funding.label',
  'system:fee_income': 'system.feeIncome.label',
  'system:tds_payable': 'system.tdsPayable.label',
  'system:gst_payable': 'system.gstPayable.label',
  'system:payout_clearing': 'system.payoutClearing.label',
  'system:bank_settlement': 'system.bankSettlement.label',
  'system:pg_clearing': 'system.pgClearing.label',
  'system:compensation': 'system.compensation.label',
} as const;

const SYSTEM_NOTES = {
  'system:funding': 'system.funding.note',
  'system:fee_income': 'system.feeIncome.note',
  'system:tds_payable': 'system.tdsPayable.note',
  'system:gst_payable': 'system.gstPayable.note',
  'system:payout_clearing': 'system.payoutClearing.note',
  'system:bank_settlement': 'system.bankSettlement.note',
  'system:pg_clearing': 'system.pgClearing.note',
  'system:compensation': 'system.compensation.note',
} as const satisfies Record<keyof typeof SYSTEM_LABELS, string>;

type SystemKind = keyof typeof SYSTEM_LABELS;

function isKnown(kind: string): kind is SystemKind {
  return Object.hasOwn(SYSTEM_LABELS, kind);
}

/** Names of the profit areas (spec §3). */
const PROFIT_AREAS = { commission: 'profitArea.commission' } as const;

/**
 * Issue 12 Admin account (/admin/adminAccount, for admins): the company's money. The total is
 * the main balance plus the profit areas, the figure of the top bar (`/admin/checkBalance`).
 */
export function CompanyAccountPage() {
  const { t } = useTranslation('company-account');
  const account = useCompanyAccount();
  const data = account.data;

  return (
    <AdminPage
      title={t('page.title')}
      intro={t('page.intro')}
      actions={
        <Button onClick={() => void account.refetch()} loading={account.isFetching}>
          {t('page.refresh')}
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
                <p className="admin-stat__label">{t('cards.total')}</p>
                <p className="admin-stat__value">{formatRupees(data.total)}</p>
                <p className="admin-stat__note">{t('cards.totalNote')}</p>
              </Card>
              <Card className="admin-card" data-testid="company-main">
                <p className="admin-stat__label">{t('cards.main')}</p>
                <p className="admin-stat__value">{formatRupees(data.mainBalance)}</p>
              </Card>
              {Object.entries(data.profitArea).map(([area, value]) => (
                <Card key={area} className="admin-card" data-testid={`company-profit-${area}`}>
                  <p className="admin-stat__label">
                    {Object.hasOwn(PROFIT_AREAS, area)
                      ? t(PROFIT_AREAS[area as keyof typeof PROFIT_AREAS])
                      : area}
                  </p>
                  <p className="admin-stat__value">{formatRupees(value)}</p>
                  <p className="admin-stat__note">{t('cards.profitNote')}</p>
                </Card>
              ))}
              <Card className="admin-card" data-testid="company-fees">
                <p className="admin-stat__label">{t('cards.feeIncome')}</p>
                <p className="admin-stat__value">{formatRupees(data.feeIncome)}</p>
              </Card>
            </div>
            <Card className="admin-card" title={t('system.title')}>
              <Table<SystemAccountBalance>
                aria-label={t('system.title')}
                size="middle"
                pagination={false}
                rowKey={(row) => row.kind}
                dataSource={data.systemAccounts}
                columns={[
                  {
                    key: 'account',
                    title: t('system.account'),
                    render: (_, row) => (
                      <>
                        {isKnown(row.kind) ? t(SYSTEM_LABELS[row.kind]) : row.kind}
                        <span className="report-table__sub">
                          {isKnown(row.kind) ? t(SYSTEM_NOTES[row.kind]) : row.kind}
                        </span>
                      </>
                    ),
                  },
                  {
                    key: 'balance',
                    title: t('system.balance'),
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
