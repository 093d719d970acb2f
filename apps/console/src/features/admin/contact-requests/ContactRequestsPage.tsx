import { useState } from 'react';
import { Alert, App, Button, Descriptions, Input, Modal, Segmented, Tag } from 'antd';
import {
  CALLBACK_NOTE_MAX,
  checkCallbackNote,
  type CallbackRequestRecord,
  type CallbackStatusFilter,
} from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useContactRequests, useHandleContactRequest } from './api';
import './contact-requests.css';

const PAGE_SIZE = 20;
const FILTERS: { label: string; value: CallbackStatusFilter }[] = [
  { label: 'Open', value: 'open' },
  { label: 'Handled', value: 'handled' },
  { label: 'All', value: 'all' },
];

/** Issue 14: the public call-back box's requests, for admins to call back and mark handled. */
export function ContactRequestsPage() {
  return (
    <RequireMenuItem item="contactRequests">
      <ContactRequests />
    </RequireMenuItem>
  );
}

function StatusTag({ row }: { row: CallbackRequestRecord }) {
  return row.handledAt ? <Tag color="green">Handled</Tag> : <Tag color="gold">Open</Tag>;
}

function ContactRequests() {
  const [status, setStatus] = useState<CallbackStatusFilter>('open');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<CallbackRequestRecord>();
  const list = useContactRequests({ status, page, pageSize: PAGE_SIZE });

  const columns: ReportColumn<CallbackRequestRecord>[] = [
    {
      key: 'who',
      title: 'Name',
      cardLabel: null,
      hideOnCard: true,
      render: (row) => (
        <>
          {row.name}
          <span className="report-table__sub">
            <a href={`tel:${row.mobile}`}>{row.mobile}</a>
          </span>
        </>
      ),
    },
    { key: 'message', title: 'Message', render: (row) => row.message ?? '—' },
    { key: 'sent', title: 'Sent', render: (row) => formatDateTime(row.createdAt) },
    {
      key: 'status',
      title: 'Status',
      render: (row) => (
        <>
          <StatusTag row={row} />
          {row.handledBy && (
            <span className="report-table__sub">
              {row.handledBy.name}, {formatDateTime(row.handledAt)}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'open',
      title: '',
      cardLabel: null,
      render: (row) => (
        <Button
          size="small"
          onClick={() => setOpen(row)}
          aria-label={`Open request of ${row.name}`}
        >
          {row.handledAt ? 'View' : 'Mark handled'}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage
      title="Contact Requests"
      intro="Visitors of the public site asked to be called back. Call them, then mark the request handled with a note of the call."
    >
      <Segmented<CallbackStatusFilter>
        className="contact-requests__filter"
        options={FILTERS}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <ReportTable<CallbackRequestRecord>
        label="Contact requests"
        rows={list.data?.data ?? []}
        rowKey={(row) => row.id}
        columns={columns}
        loading={list.isFetching}
        emptyText={status === 'open' ? 'No request is waiting for a call.' : 'No requests found.'}
        cardTitle={(row) => (
          <>
            {row.name}
            <span className="report-table__sub">
              <a href={`tel:${row.mobile}`}>{row.mobile}</a>
            </span>
          </>
        )}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
      />
      <HandleModal request={open} onClose={() => setOpen(undefined)} />
    </AdminPage>
  );
}

function HandleModal({
  request,
  onClose,
}: {
  request: CallbackRequestRecord | undefined;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const handle = useHandleContactRequest();
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const waiting = request !== undefined && request.handledAt === null;

  const close = () => {
    setNote('');
    setRefusal(undefined);
    handle.reset();
    onClose();
  };
  const submit = () => {
    if (!request) return;
    const checked = checkCallbackNote(note);
    if (!checked.ok) {
      setRefusal(checked.message);
      return;
    }
    handle.mutate(
      { id: request.id, note: checked.value },
      {
        onSuccess: (answer) => {
          message.success(answer.message);
          close();
        },
      },
    );
  };

  return (
    <Modal
      open={request !== undefined}
      title={request ? `Call-back for ${request.name}` : 'Call-back'}
      onCancel={close}
      footer={
        waiting
          ? [
              <Button key="cancel" onClick={close}>
                Cancel
              </Button>,
              <Button key="handle" type="primary" loading={handle.isPending} onClick={submit}>
                Mark handled
              </Button>,
            ]
          : [
              <Button key="close" onClick={close}>
                Close
              </Button>,
            ]
      }
      destroyOnHidden
    >
      {request && (
        <>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="Mobile">
              <a href={`tel:${request.mobile}`}>{request.mobile}</a>
            </Descriptions.Item>
            <Descriptions.Item label="Message">{request.message ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Sent">{formatDateTime(request.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <StatusTag row={request} />
            </Descriptions.Item>
            {request.handledBy && (
              <Descriptions.Item label="Handled by">
                {request.handledBy.name}, {formatDateTime(request.handledAt)}
              </Descriptions.Item>
            )}
            {request.handledNote && (
              <Descriptions.Item label="Note">{request.handledNote}</Descriptions.Item>
            )}
          </Descriptions>
          {waiting && (
            <label className="contact-requests__note">
              <span>Note of the call</span>
              <Input.TextArea
                value={note}
                maxLength={CALLBACK_NOTE_MAX}
                autoSize={{ minRows: 2, maxRows: 4 }}
                onChange={(event) => {
                  setNote(event.target.value);
                  setRefusal(undefined);
                }}
              />
            </label>
          )}
          {refusal && <Alert type="error" showIcon title={refusal} />}
          {handle.isError && <Alert type="error" showIcon title={handle.error.message} />}
        </>
      )}
    </Modal>
  );
}
