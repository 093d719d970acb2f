import { useState } from 'react';
import { Alert, App, Button, Input, Segmented, Space, Tag } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import {
  APPROVAL_REASON_MAX,
  ApprovalMessages,
  checkPin,
  type ApprovalKind,
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
import { localizeMessage } from '../../../i18n/messages';

type Which = 'open' | 'decided';

const FILTERS = { open: 'filter.open', decided: 'filter.decided' } as const satisfies Record<
  Which,
  string
>;

const STATE_COLORS: Record<ApprovalRecord['state'], string> = {
  pending: 'gold',
  approving: 'blue',
  approved: 'green',
  rejected: 'red',
};

const STATE_LABELS = {
  pending: 'state.pending',
  approving: 'state.approving',
  approved: 'state.approved',
  rejected: 'state.rejected',
} as const satisfies Record<ApprovalRecord['state'], string>;

/** What a request is about (APPROVAL_KIND_LABELS, in the current language). */
const KIND_LABELS = {
  'wallet.credit': 'kind.walletCredit',
  'wallet.debit': 'kind.walletDebit',
  'fund-request.approve': 'kind.fundRequest',
} as const satisfies Record<ApprovalKind, string>;

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
  const { t } = useTranslation('approvals');
  const approvals = useApprovals(which);
  const me = useAdminUser();

  const columns: ReportColumn<ApprovalRecord>[] = [
    {
      key: 'what',
      title: t('columns.request'),
      hideOnCard: true,
      render: (row) => (
        <>
          {t(KIND_LABELS[row.kind])}
          <span className="report-table__sub">{formatRupees(row.amount)}</span>
        </>
      ),
    },
    {
      key: 'wallet',
      title: t('columns.wallet'),
      render: (row) => (
        <>
          {row.subject.name}
          <span className="report-table__sub">{row.subject.mobile}</span>
        </>
      ),
    },
    {
      key: 'asked',
      title: t('columns.askedBy'),
      render: (row) => (
        <>
          {row.requestedBy.name}
          <span className="report-table__sub">{formatDateTime(row.requestedAt)}</span>
        </>
      ),
    },
    { key: 'remark', title: t('columns.remark'), render: (row) => row.remark ?? '—' },
    {
      key: 'decision',
      title: which === 'open' ? '' : t('columns.decision'),
      cardLabel: which === 'open' ? null : t('columns.decision'),
      render: (row) => (
        <Decision row={row} mine={row.requestedBy._id === me.profile._id} onDecide={setPending} />
      ),
    },
  ];

  return (
    <AdminPage title={t('page.title')} intro={t('page.intro')}>
      <Segmented<Which>
        className="approvals__filter"
        options={(['open', 'decided'] as const).map((value) => ({
          value,
          label: t(FILTERS[value]),
        }))}
        value={which}
        onChange={setWhich}
      />
      {approvals.isError && <Alert type="error" showIcon title={approvals.error.message} />}
      <ReportTable<ApprovalRecord>
        label={t('table.label')}
        rows={approvals.data ?? []}
        rowKey={(row) => row._id}
        columns={columns}
        loading={approvals.isFetching}
        emptyText={which === 'open' ? t('table.emptyOpen') : t('table.emptyDecided')}
        cardTitle={(row) => (
          <>
            {t(KIND_LABELS[row.kind])} · {formatRupees(row.amount)}
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
  const { t } = useTranslation('approvals');
  if (row.state === 'approved' || row.state === 'rejected') {
    return (
      <>
        <Tag color={STATE_COLORS[row.state]}>{t(STATE_LABELS[row.state])}</Tag>
        {row.decidedBy?.name}
        <span className="report-table__sub">
          {[row.orderID, row.reason, row.decidedAt && formatDateTime(row.decidedAt)]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </>
    );
  }
  const what = {
    kind: t(KIND_LABELS[row.kind]),
    amount: formatRupees(row.amount),
    name: row.subject.name,
  };
  return (
    <Space wrap>
      {row.canDecide && (
        <Button
          size="small"
          type="primary"
          onClick={() => onDecide({ approval: row, action: 'approve' })}
          aria-label={t('decision.approveLabel', what)}
        >
          {t('decision.approve')}
        </Button>
      )}
      {row.state === 'pending' && (row.canDecide || mine) && (
        <Button
          size="small"
          danger
          onClick={() => onDecide({ approval: row, action: 'reject' })}
          aria-label={t('decision.rejectLabel', what)}
        >
          {mine ? t('decision.withdraw') : t('decision.reject')}
        </Button>
      )}
      {!row.canDecide && (
        <span className="report-table__sub">
          {row.state === 'approving'
            ? localizeMessage(ApprovalMessages.alreadyDecided('approving'))
            : mine
              ? t('decision.yours')
              : t('decision.ownWallet')}
        </span>
      )}
    </Space>
  );
}

/** Approve or reject with the PIN; a rejection needs its reason. */
function DecideModal({ pending, onClose }: { pending: Pending | undefined; onClose: () => void }) {
  const { message } = App.useApp();
  const { t } = useTranslation('approvals');
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
      title={approve ? t('modal.approveTitle') : t('modal.rejectTitle')}
      okText={approve ? t('decision.approve') : t('decision.reject')}
      danger={!approve}
      check={checkPin}
      classNames={{ pin: 'approvals__reason' }}
      loading={decide.isPending}
      error={refusal ?? (decide.isError ? decide.error.message : undefined)}
      onCancel={close}
      onConfirm={(pin) => {
        if (!pending) return;
        const given = reason.trim();
        if (!approve && !given) return setRefusal(localizeMessage(ApprovalMessages.reasonRequired));
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
            <Trans
              t={t}
              i18nKey="modal.summary"
              values={{
                kind: t(KIND_LABELS[pending.approval.kind]),
                amount: formatRupees(pending.approval.amount),
                name: pending.approval.subject.name,
                mobile: pending.approval.subject.mobile,
                requester: pending.approval.requestedBy.name,
              }}
              components={{ strong: <strong /> }}
            />
          </p>
          {pending.approval.remark && (
            <p>{t('modal.remark', { remark: pending.approval.remark })}</p>
          )}
          {!approve && (
            <label className="approvals__reason">
              <span>{t('modal.reason')}</span>
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
