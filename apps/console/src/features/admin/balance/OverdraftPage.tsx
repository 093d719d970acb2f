import { useState } from 'react';
import { Alert, Button, Card, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { checkMobile, type ListUsersAnswer, type OverdraftEntry } from '@khata/domain';
import { api } from '../../../api/client';
import { AdminPage } from '../common/AdminPage';
import { formatRupees } from '../common/money';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { userDetailsPath } from '../users/AllUsersPage';
import { useOverdrafts } from './wallet-actions-api';
import { BalanceActionModal, type BalanceAction } from './BalanceActionModal';
import './wallet-actions.css';

interface Target {
  id: string;
  name: string;
  mobile: string;
}

/** Spec §2 /admin/overdraft (issue 13): every wallet with a limit; set, change or end one. */
export function OverdraftPage() {
  return (
    <RequireMenuItem item="overdraft">
      <OverdraftScreen />
    </RequireMenuItem>
  );
}

function OverdraftScreen() {
  const { t } = useTranslation('balance');
  const overdrafts = useOverdrafts();
  const [target, setTarget] = useState<Target>();
  const [action, setAction] = useState<BalanceAction>();
  const [mobile, setMobile] = useState('');
  const [lookup, setLookup] = useState<{ error?: string; loading?: boolean }>({});

  const act = (user: Target) => {
    setTarget(user);
    setAction({ kind: 'overdraft' });
  };

  const find = async () => {
    const checked = checkMobile(mobile);
    if (!checked.ok) return setLookup({ error: checked.message });
    setLookup({ loading: true });
    try {
      const answer = await api.post<ListUsersAnswer>('/admin/users', {
        search: checked.value,
        page: 1,
        pageSize: 5,
      });
      const user = answer.data.find((row) => row.mobile === checked.value);
      if (!user) return setLookup({ error: t('overdraft.userNotFound') });
      setLookup({});
      act({ id: user.id, name: user.name, mobile: user.mobile });
    } catch (error) {
      setLookup({ error: (error as Error).message });
    }
  };

  const columns: ReportColumn<OverdraftEntry>[] = [
    {
      key: 'user',
      title: t('overdraft.columns.user'),
      cardLabel: null,
      hideOnCard: true,
      render: (row) => (
        <>
          <Link to={userDetailsPath(row.userId)}>{row.name}</Link>
          <span className="report-table__sub">{row.mobile}</span>
        </>
      ),
    },
    {
      key: 'limit',
      title: t('overdraft.columns.limit'),
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.overdraftLimit)}</span>,
    },
    {
      key: 'wallet',
      title: t('overdraft.columns.wallet'),
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.wallet)}</span>,
    },
    {
      key: 'available',
      title: t('overdraft.columns.canSpend'),
      align: 'right',
      render: (row) => <span className="admin-amount">{formatRupees(row.available)}</span>,
    },
    {
      key: 'actions',
      title: t('overdraft.columns.actions'),
      cardLabel: null,
      render: (row) => (
        <Button
          size="small"
          onClick={() => act({ id: row.userId, name: row.name, mobile: row.mobile })}
        >
          {t('overdraft.change')}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('overdraft.title')}
      intro={t('overdraft.intro')}
      actions={
        <Button onClick={() => void overdrafts.refetch()} loading={overdrafts.isFetching}>
          {t('overdraft.refresh')}
        </Button>
      }
    >
      <Card className="admin-card" title={t('overdraft.setTitle')}>
        <form
          className="overdraft-form"
          aria-label={t('overdraft.formLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            void find();
          }}
        >
          <label className="balance-action__field">
            <span>{t('overdraft.mobile')}</span>
            <Input
              inputMode="numeric"
              maxLength={10}
              value={mobile}
              aria-label={t('overdraft.mobileLabel')}
              onChange={(event) => {
                setMobile(event.target.value);
                setLookup({});
              }}
            />
          </label>
          <Button type="primary" htmlType="submit" loading={lookup.loading}>
            {t('overdraft.set')}
          </Button>
        </form>
        {lookup.error && (
          <Alert className="overdraft-form__alert" type="error" showIcon title={lookup.error} />
        )}
      </Card>
      {overdrafts.isError && <Alert type="error" showIcon title={overdrafts.error.message} />}
      <Card className="admin-card" title={t('overdraft.listTitle')}>
        <ReportTable
          label={t('overdraft.listLabel')}
          rows={overdrafts.data ?? []}
          rowKey={(row) => row.userId}
          columns={columns}
          loading={overdrafts.isLoading}
          emptyText={t('overdraft.empty')}
          cardTitle={(row) => `${row.name} · ${row.mobile}`}
        />
      </Card>
      {target && (
        <BalanceActionModal
          user={target}
          action={action}
          onClose={() => {
            setAction(undefined);
            setTarget(undefined);
          }}
        />
      )}
    </AdminPage>
  );
}
