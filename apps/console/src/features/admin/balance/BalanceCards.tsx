import { Alert, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { balanceCall, showsLienAndSecurity } from '@khata/domain';
import { formatRupees } from '../common/money';
import { useAdminUser } from '../session/adminUser';
import { useBalance } from './api';

interface StatCard {
  key: string;
  label: string;
  value: number | undefined;
  note?: string;
}

/** Names of the profit areas (spec §3) as a person reads them. */
const PROFIT_AREAS = { commission: 'cards.profit.commission' } as const;

/** The balance cards of the dashboard: what the balance call of this role answers (spec §6). */
export function BalanceCards() {
  const { t } = useTranslation('balance');
  const { kind } = useAdminUser();
  const balance = useBalance(kind);
  if (!kind) return null;
  if (balance.isPending) {
    return (
      <Card className="admin-card">
        <Skeleton active paragraph={{ rows: 1 }} />
      </Card>
    );
  }
  if (balance.isError) return <Alert type="error" showIcon title={balance.error.message} />;

  const data = balance.data;
  const cards: StatCard[] =
    balanceCall(kind) === 'admin'
      ? [
          {
            key: 'total',
            label: t('cards.total'),
            value: data.balance,
            note: t('cards.totalNote'),
          },
          { key: 'main', label: t('cards.main'), value: data.mainBalance },
          ...Object.entries(data.profitAreas ?? {}).map(([area, value]) => ({
            key: `profit-${area}`,
            label: Object.hasOwn(PROFIT_AREAS, area)
              ? t(PROFIT_AREAS[area as keyof typeof PROFIT_AREAS])
              : area,
            value,
          })),
        ]
      : [
          { key: 'wallet', label: t('cards.wallet'), value: data.balance },
          ...(showsLienAndSecurity(kind)
            ? [
                {
                  key: 'lien',
                  label: t('cards.lien'),
                  value: data.lienAmount ?? 0,
                  note: t('cards.lienNote'),
                },
                { key: 'security', label: t('cards.security'), value: data.securityAmount ?? 0 },
              ]
            : []),
        ];

  return (
    <div className={`admin-grid admin-grid--stats admin-grid--${Math.min(cards.length, 4)}`}>
      {cards.map((card) => (
        <Card key={card.key} className="admin-card" data-testid={`balance-${card.key}`}>
          <p className="admin-stat__label">{card.label}</p>
          <p className="admin-stat__value">{formatRupees(card.value)}</p>
          {card.note && <p className="admin-stat__note">{card.note}</p>}
        </Card>
      ))}
    </div>
  );
}
