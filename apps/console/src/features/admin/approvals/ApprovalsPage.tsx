import { useState } from 'react';
import { Alert, App, Button, Input, Segmented, Space, Tag } from 'antd';
import {
  APPROVAL_KIND_LABELS,
  APPROVAL_REASON_MAX,
  ApprovalMessages,
  checkPin,
  type ApprovalRecord,
} from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useAdminUser } from '../session/adminUser';
import { useApprovals, useDecideApproval } from './api';
import './approvals.css';

type Which = 'open' | 'decided';

const FILTERS: { label: string; value: Which }[] = [
  { label: 'Waiting', value: 'open' },
  { label: 'Decided', value: 'decided' },
];

const STATE_TAGS: Record<ApprovalRecord['state'], { color: string; label: string }> = {
  pending: { color: 'gold', label: 'Waiting' },
  approving: { color: 'blue', label: 'Being approved' },
  approved: { color: 'green', label: 'Approved' },
  rejected: { color: 'red', label: 'Rejected' },
};

interface Pending {
  approval: ApprovalRecord;
  action: 'approve' | 'reject';
}

/**
 * Issue 31 (ours: the spec names no such screen): four eyes. Admin credits and debits above
 * the threshold, and fund requests approved with no bank line, wait here until an admin other
 * than the one who asked, and other than the wallet's owner, approves with their PIN.
 */
export function ApprovalsPage() {
  return (
    <RequireMenuItem item="approvals">
      <Approvals />
    </RequireMenuItem>
  );
}

function Approvals() {
  const [which, setWhich] = useState<Which>('open');
  const [pending, setPending] = useState<Pending>();
  const approvals = useApprovals(which);
  const me = useAdminUser();

  const columns: ReportColumn<ApprovalRecord>[] = [
    {
      key: 'what',
      title: 'Request',
      hideOnCard: true,
      render: (row) => (
        <>
          {APPROVAL_KIND_LABELS[row.kind]}
          <span className="report-table__sub">{formatRupees(row.amount)}</span>
        </>
      ),
    },
    {
      key: 'wallet',
      title: 'Wallet',
      render: (row) => (
        <>
          {row.subject.name}
          <span className="report-table__sub">{row.subject.mobile}</span>
        </>
      ),
    },
    {
      key: 'asked',
      title: 'Asked by',
      render: (row) => (
        <>
          {row.requestedBy.name}
          <span className="report-table__sub">{formatDateTime(row.requestedAt)}</span>
        </>
      ),
    },
    { key: 'remark', title: 'Remark', render: (row) => row.remark ?? '—' },
    {
      key: 'decision',
      title: which === 'open' ? '' : 'Decision',
      cardLabel: which === 'open' ? null : 'Decision',
      render: (row) => (
        <Decision row={row} mine={row.requestedBy._id === me.profile._id} onDecide={setPending} />
      ),
    },
  ];

  return (
    <AdminPage
      title="Approvals"
      intro="Money one admin asked to move that waits for a second admin. Nothing has moved until it is approved."
    >
      <Segmented<Which>
        className="approvals__filter"
        options={FILTERS}
        value={which}
        onChange={setWhich}
      />
      {approvals.isError && <Alert type="error" showIcon title={approvals.error.message} />}
      <ReportTable<ApprovalRecord>
        label="Approval requests"
        rows={approvals.data ?? []}
        rowKey={(row) => row._id}
        columns={columns}
        loading={approvals.isFetching}
        emptyText={
          which === 'open' ? 'Nothing is waiting for a second admin.' : 'No decisions yet.'
        }
        cardTitle={(row) => (
          <>
            {APPROVAL_KIND_LABELS[row.kind]} · {formatRupees(row.amount)}
          </>
        )}
      />
      <DecideModal pending={pending} onClose={() => setPending(undefined)} />
    </AdminPage>
  );
}

function Decision({
  row,
  mine,
  onDecide,
}: {
  row: ApprovalRecord;
  mine: boolean;
  onDecide: (pending: Pending) => void;
}) {
  const tag = STATE_TAGS[row.state];
  if (row.state === 'approved' || row.state === 'rejected') {
    return (
      <>
        <Tag color={tag.color}>{tag.label}</Tag>
        {row.decidedBy?.name}
        <span className="report-table__sub">
          {[row.orderID, row.reason, row.decidedAt && formatDateTime(row.decidedAt)]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </>
    );
  }
  const what = `${APPROVAL_KIND_LABELS[row.kind]} of ${formatRupees(row.amount)} for ${row.subject.name}`;
  return (
    <Space wrap>
      {row.canDecide && (
        <Button
          size="small"
          type="primary"
          onClick={() => onDecide({ approval: row, action: 'approve' })}
          aria-label={`Approve ${what}`}
        >
          Approve
        </Button>
      )}
      {row.state === 'pending' && (row.canDecide || mine) && (
        <Button
          size="small"
          danger
          onClick={() => onDecide({ approval: row, action: 'reject' })}
          aria-label={`Reject ${what}`}
        >
          {mine ? 'Withdraw' : 'Reject'}
        </Button>
      )}
      {!row.canDecide && (
        <span className="report-table__sub">
          {row.state === 'approving'
            ? ApprovalMessages.alreadyDecided('approving')
            : mine
              ? 'Yours: a second admin approves it.'
              : 'Your own wallet: another admin approves it.'}
        </span>
      )}
    </Space>
  );
}

/** Approve or reject with the PIN; a rejection needs its reason. */
function DecideModal({ pending, onClose }: { pending: Pending | undefined; onClose: () => void }) {
  const { message } = App.useApp();
  const decide = useDecideApproval();
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const close = () => {
    setReason('');
    setRefusal(undefined);
    decide.reset();
    onClose();
  };
  const approve = pending?.action === 'approve';
  return (
    <PinConfirmModal
      open={pending !== undefined}
      title={approve ? 'Approve and move the money?' : 'Reject this request?'}
      okText={approve ? 'Approve' : 'Reject'}
      danger={!approve}
      check={checkPin}
      classNames={{ pin: 'approvals__reason' }}
      loading={decide.isPending}
      error={refusal ?? (decide.isError ? decide.error.message : undefined)}
      onCancel={close}
      onConfirm={(pin) => {
        if (!pending) return;
        const given = reason.trim();
        if (!approve && !given) return setRefusal(ApprovalMessages.reasonRequired);
        decide.mutate(
          {
            id: pending.approval._id,
            action: pending.action,
            ...(given && { reason: given }),
            pin,
          },
          {
            onSuccess: (answer) => {
              message.success(answer.message);
              close();
            },
          },
        );
      }}
    >
      {pending && (
        <div className="approvals__decide">
          <p>
            {APPROVAL_KIND_LABELS[pending.approval.kind]} of{' '}
            <strong>{formatRupees(pending.approval.amount)}</strong> for{' '}
            {pending.approval.subject.name} ({pending.approval.subject.mobile}), asked by{' '}
            {pending.approval.requestedBy.name}.
          </p>
          {pending.approval.remark && <p>Remark: {pending.approval.remark}</p>}
          {!approve && (
            <label className="approvals__reason">
              <span>Reason (required)</span>
              <Input.TextArea
                value={reason}
                maxLength={APPROVAL_REASON_MAX}
                autoSize={{ minRows: 2, maxRows: 4 }}
                onChange={(event) => {
                  setReason(event.target.value);
                  setRefusal(undefined);
                }}
              />
            </label>
          )}
        </div>
      )}
    </PinConfirmModal>
  );
}
