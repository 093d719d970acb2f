import { Alert, Card, Skeleton } from 'antd';
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
const PROFIT_AREAS: Record<string, string> = { commission: 'Commission' };

/** The balance cards of the dashboard: what the balance call of this role answers (spec §6). */
export function BalanceCards() {
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
            label: 'Total balance',
            value: data.balance,
            note: 'Main balance and profit',
          },
          { key: 'main', label: 'Main balance', value: data.mainBalance },
          ...Object.entries(data.profitAreas ?? {}).map(([area, value]) => ({
            key: `profit-${area}`,
            label: PROFIT_AREAS[area] ?? area,
            value,
          })),
        ]
      : [
          { key: 'wallet', label: 'Wallet balance', value: data.balance },
          ...(showsLienAndSecurity(kind)
            ? [
                { key: 'lien', label: 'Lien amount', value: data.lienAmount ?? 0, note: 'Held' },
                { key: 'security', label: 'Security amount', value: data.securityAmount ?? 0 },
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
