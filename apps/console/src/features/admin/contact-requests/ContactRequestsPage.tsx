import { useState } from 'react';
import { Alert, App, Button, Descriptions, Input, Modal, Segmented, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
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
const FILTER_KEYS = {
  open: 'filters.open',
  handled: 'filters.handled',
  all: 'filters.all',
} as const satisfies Record<CallbackStatusFilter, string>;
const FILTERS: readonly CallbackStatusFilter[] = ['open', 'handled', 'all'];

/** Issue 14: the public call-back box's requests, for admins to call back and mark handled. */
export function ContactRequestsPage() {
  return (
    <RequireMenuItem item="contactRequests">
      <ContactRequests />
    </RequireMenuItem>
  );
}

function StatusTag({ row }: { row: CallbackRequestRecord }) {
  const { t } = useTranslation('contact-requests');
  return row.handledAt ? (
    <Tag color="green">{t('status.handled')}</Tag>
  ) : (
    <Tag color="gold">{t('status.open')}</Tag>
  );
}

function ContactRequests() {
  const { t } = useTranslation('contact-requests');
  const [status, setStatus] = useState<CallbackStatusFilter>('open');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<CallbackRequestRecord>();
  const list = useContactRequests({ status, page, pageSize: PAGE_SIZE });

  const columns: ReportColumn<CallbackRequestRecord>[] = [
    {
      key: 'who',
      title: t('columns.name'),
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
    { key: 'message', title: t('columns.message'), render: (row) => row.message ?? '—' },
    { key: 'sent', title: t('columns.sent'), render: (row) => formatDateTime(row.createdAt) },
    {
      key: 'status',
      title: t('columns.status'),
      render: (row) => (
        <>
          <StatusTag row={row} />
          {row.handledBy && (
            <span className="report-table__sub">
              {t('handledBy', { name: row.handledBy.name, at: formatDateTime(row.handledAt) })}
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
          aria-label={t('openRequest', { name: row.name })}
        >
          {row.handledAt ? t('view') : t('markHandled')}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <Segmented<CallbackStatusFilter>
        className="contact-requests__filter"
        options={FILTERS.map((value) => ({ value, label: t(FILTER_KEYS[value]) }))}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <ReportTable<CallbackRequestRecord>
        label={t('tableLabel')}
        rows={list.data?.data ?? []}
        rowKey={(row) => row.id}
        columns={columns}
        loading={list.isFetching}
        emptyText={status === 'open' ? t('empty.open') : t('empty.other')}
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
  const { t } = useTranslation('contact-requests');
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
      title={request ? t('modal.titleFor', { name: request.name }) : t('modal.title')}
      onCancel={close}
      footer={
        waiting
          ? [
              <Button key="cancel" onClick={close}>
                {t('modal.cancel')}
              </Button>,
              <Button key="handle" type="primary" loading={handle.isPending} onClick={submit}>
                {t('markHandled')}
              </Button>,
            ]
          : [
              <Button key="close" onClick={close}>
                {t('modal.close')}
              </Button>,
            ]
      }
      destroyOnHidden
    >
      {request && (
        <>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('modal.mobile')}>
              <a href={`tel:${request.mobile}`}>{request.mobile}</a>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.message')}>
              {request.message ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.sent')}>
              {formatDateTime(request.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.status')}>
              <StatusTag row={request} />
            </Descriptions.Item>
            {request.handledBy && (
              <Descriptions.Item label={t('modal.handledBy')}>
                {t('handledBy', {
                  name: request.handledBy.name,
                  at: formatDateTime(request.handledAt),
                })}
              </Descriptions.Item>
            )}
            {request.handledNote && (
              <Descriptions.Item label={t('modal.note')}>{request.handledNote}</Descriptions.Item>
            )}
          </Descriptions>
          {waiting && (
            <label className="contact-requests__note">
              <span>{t('modal.noteOfCall')}</span>
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
