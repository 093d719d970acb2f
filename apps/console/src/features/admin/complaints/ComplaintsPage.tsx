import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComplaintStatusFilter } from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useComplaintQueue } from './api';
import { ComplaintDrawer } from './ComplaintDrawer';
import { COMPLAINTS_PAGE_SIZE, ComplaintList } from './ComplaintList';
import { useOpenComplaint } from './MyComplaintsPage';

/** Issue 14, Help & Support (admins): the complaints queue: assign, reply, note, resolve, reopen. */
export function ComplaintsPage() {
  return (
    <RequireMenuItem item="helpAndSupport">
      <Complaints />
    </RequireMenuItem>
  );
}

function Complaints() {
  const { t } = useTranslation('complaints');
  const [status, setStatus] = useState<ComplaintStatusFilter>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useOpenComplaint();
  const queue = useComplaintQueue({ status, page, pageSize: COMPLAINTS_PAGE_SIZE });

  return (
    <AdminPage title={t('help.title')} intro={t('help.intro')}>
      <ComplaintList
        side="staff"
        status={status}
        onStatus={setStatus}
        page={page}
        onPage={setPage}
        rows={queue.data?.data ?? []}
        total={queue.data?.total ?? 0}
        loading={queue.isFetching}
        error={queue.error}
        onOpen={(row) => setOpenId(row.id)}
      />
      <ComplaintDrawer
        side="staff"
        id={openId}
        onClose={() => setOpenId(undefined)}
        assignees={queue.data?.assignees ?? []}
      />
    </AdminPage>
  );
}
