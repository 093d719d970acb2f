import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ComplaintStatusFilter } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { AdminPage } from '../common/AdminPage';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useMyComplaints } from './api';
import { ComplaintDrawer } from './ComplaintDrawer';
import { COMPLAINTS_PAGE_SIZE, ComplaintList } from './ComplaintList';
import { raisedAnswer } from './raised';

/** The complaint open in the drawer is kept in the URL (`?id=`), so a link opens it. */
export function useOpenComplaint(): [string | undefined, (id: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const open = (next: string | undefined) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('id', next);
        else copy.delete('id');
        return copy;
      },
      { replace: true },
    );
  return [id, open];
}

/** Issue 14, My Complaints: the user's complaints, their status and the conversation. */
export function MyComplaintsPage() {
  return (
    <RequireMenuItem item="myComplaints">
      <MyComplaints />
    </RequireMenuItem>
  );
}

function MyComplaints() {
  const { t } = useTranslation('complaints');
  const [status, setStatus] = useState<ComplaintStatusFilter>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useOpenComplaint();
  const navigate = useNavigate();
  // Opened by raising a complaint: the answer, until the drawer closes (the URL loses it).
  const raised = raisedAnswer(useLocation().state);
  const list = useMyComplaints({ status, page, pageSize: COMPLAINTS_PAGE_SIZE });

  return (
    <AdminPage
      title={t('mine.title')}
      intro={t('mine.intro')}
      actions={
        <Button type="primary" onClick={() => void navigate(AppPath.raiseTicket)}>
          {t('mine.raise')}
        </Button>
      }
    >
      <ComplaintList
        side="user"
        status={status}
        onStatus={setStatus}
        page={page}
        onPage={setPage}
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        error={list.error}
        onOpen={(row) => setOpenId(row.id)}
      />
      <ComplaintDrawer
        side="user"
        id={openId}
        raised={raised}
        onClose={() => setOpenId(undefined)}
      />
    </AdminPage>
  );
}
