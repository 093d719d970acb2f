import { useState } from 'react';
import { Button, Card, Empty, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Holding, UserDetails } from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { useHoldings } from './wallet-actions-api';
import { BalanceActionModal, type BalanceAction } from './BalanceActionModal';
import './wallet-actions.css';

/**
 * User details (issue 13): an admin's acts on the wallet (lien, security deposit, overdraft
 * limit, credit, debit) and the user's liens and deposits, each releasable.
 */
export function WalletActionsCard({ profile }: { profile: UserDetails['profile'] }) {
  const { t } = useTranslation('balance');
  const [action, setAction] = useState<BalanceAction>();
  const holdings = useHoldings(profile.id);
  const placed = (holdings.data ?? []).filter((holding) => holding.status === 'placed');
  return (
    <Card className="admin-card" title={t('actions.title')}>
      <section className="wallet-actions" aria-label={t('actions.title')}>
        <div className="wallet-actions__buttons">
          <Button onClick={() => setAction({ kind: 'lien' })}>{t('actions.placeLien')}</Button>
          <Button onClick={() => setAction({ kind: 'security' })}>
            {t('actions.holdSecurity')}
          </Button>
          <Button onClick={() => setAction({ kind: 'overdraft' })}>
            {t('actions.setOverdraft')}
          </Button>
          <Button onClick={() => setAction({ kind: 'credit' })}>{t('actions.credit')}</Button>
          <Button danger onClick={() => setAction({ kind: 'debit' })}>
            {t('actions.debit')}
          </Button>
        </div>
        <p className="wallet-actions__title">{t('actions.holdingsTitle')}</p>
        {placed.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={holdings.isLoading ? t('actions.loading') : t('actions.none')}
          />
        ) : (
          <List
            size="small"
            data-testid="holdings"
            dataSource={placed}
            renderItem={(holding: Holding) => (
              <List.Item
                actions={[
                  <Button
                    key="release"
                    size="small"
                    onClick={() => setAction({ kind: 'release', holding })}
                  >
                    {t('actions.release')}
                  </Button>,
                ]}
              >
                <div className="wallet-actions__holding">
                  <span>
                    <Tag color={holding.kind === 'lien' ? 'orange' : 'blue'}>
                      {holding.kind === 'lien' ? t('actions.lien') : t('actions.security')}
                    </Tag>
                    <span className="admin-amount">{formatRupees(holding.amount)}</span>
                  </span>
                  <span className="report-table__sub">
                    {holding.reason} · {formatDateTime(holding.placedAt)}
                  </span>
                </div>
              </List.Item>
            )}
          />
        )}
      </section>
      <BalanceActionModal
        user={{ id: profile.id, name: profile.name, mobile: profile.mobile }}
        action={action}
        onClose={() => setAction(undefined)}
      />
    </Card>
  );
}
