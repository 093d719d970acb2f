import { useState } from 'react';
import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ComplaintStatusFilter } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { AdminPage } from '../common/AdminPage';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useMyComplaints } from './api';
import { ComplaintDrawer } from './ComplaintDrawer';
import { COMPLAINTS_PAGE_SIZE, ComplaintList } from './ComplaintList';

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
  const [status, setStatus] = useState<ComplaintStatusFilter>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useOpenComplaint();
  const navigate = useNavigate();
  const list = useMyComplaints({ status, page, pageSize: COMPLAINTS_PAGE_SIZE });

  return (
    <AdminPage
      title="My Complaints"
      intro="Your complaints and Khata support's answers. A new reply shows here at once."
      actions={
        <Button type="primary" onClick={() => void navigate(AppPath.raiseTicket)}>
          Raise a complaint
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
      <ComplaintDrawer side="user" id={openId} onClose={() => setOpenId(undefined)} />
    </AdminPage>
  );
}
