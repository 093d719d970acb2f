import { useState } from 'react';
import { Alert, App, Button, Descriptions, Drawer, Input, Select, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkComplaintText,
  complaintActions,
  COMPLAINT_TEXT_MAX,
  type ComplaintAction,
  type ComplaintDetail,
} from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { useCardLayout } from '../common/ReportTable';
import { statusLabel } from '../transactions/labels';
import { useActOnComplaint, useComplaint, type ComplaintSide } from './api';
import { BbpsComplaintFactsList } from './bbps';
import { ComplaintStatusTag } from './labels';
import { FocusedResult } from '../../../ui/FocusedResult';
import './complaints.css';

export interface ComplaintDrawerProps {
  side: ComplaintSide;
  id: string | undefined;
  onClose: () => void;
  /** The API's answer when the user has just raised this complaint: said with the focus. */
  raised?: string;
  /** Staff: the admins a complaint can be assigned to. */
  assignees?: { id: string; name: string }[];
}

/** One complaint: what it is about, the conversation, and what this side may do now. */
export function ComplaintDrawer({
  side,
  id,
  raised,
  onClose,
  assignees = [],
}: ComplaintDrawerProps) {
  const { t } = useTranslation('complaints');
  const cards = useCardLayout();
  const complaint = useComplaint(side, id);
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={cards ? '100%' : 560}
      title={
        complaint.data
          ? `${complaint.data.number} · ${complaint.data.subject}`
          : t('drawer.titleLoading')
      }
      destroyOnHidden
    >
      {complaint.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {complaint.isError && <Alert type="error" showIcon title={complaint.error.message} />}
      {raised && complaint.data && (
        <FocusedResult result={raised} className="complaint__raised">
          <Alert type="success" showIcon title={raised} />
        </FocusedResult>
      )}
      {complaint.data && (
        <ComplaintBody complaint={complaint.data} side={side} assignees={assignees} />
      )}
    </Drawer>
  );
}

function ComplaintBody({
  complaint,
  side,
  assignees,
}: {
  complaint: ComplaintDetail;
  side: ComplaintSide;
  assignees: { id: string; name: string }[];
}) {
  const { t } = useTranslation('complaints');
  const { message } = App.useApp();
  const act = useActOnComplaint(side);
  const [text, setText] = useState('');
  const [assignee, setAssignee] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const allowed = complaintActions(complaint.status, side);
  // Who wrote a message and when; a staff note says so.
  const metaOf = (entry: ComplaintDetail['messages'][number]) => {
    const author =
      entry.from === 'staff' && side === 'user' && entry.author.id !== null
        ? t('drawer.khataSupport')
        : entry.author.name;
    const date = formatDateTime(entry.createdAt);
    return entry.note ? t('drawer.noteMeta', { author, date }) : `${author} · ${date}`;
  };

  const run = (action: ComplaintAction) => {
    let sent: string | null = text.trim() === '' ? null : text;
    if (action === 'reply' || action === 'note' || sent !== null) {
      const checked = checkComplaintText(text);
      if (!checked.ok) {
        setRefusal(checked.message);
        return;
      }
      sent = checked.value;
    }
    setRefusal(undefined);
    act.mutate(
      {
        id: complaint.id,
        action: action as never,
        text: sent,
        ...(action === 'assign' ? { assigneeId: assignee } : {}),
      },
      {
        onSuccess: (answer) => {
          message.success(answer.message);
          if (action !== 'assign') setText('');
        },
      },
    );
  };

  return (
    <div className="complaint">
      <Descriptions size="small" column={1} className="complaint__facts">
        <Descriptions.Item label={t('drawer.status')}>
          <ComplaintStatusTag status={complaint.status} />
        </Descriptions.Item>
        {side === 'staff' && (
          <Descriptions.Item label={t('drawer.raisedBy')}>
            {complaint.raisedBy.name} ({complaint.raisedBy.mobile})
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('drawer.raised')}>
          {formatDateTime(complaint.createdAt)}
        </Descriptions.Item>
        {complaint.assignedTo && side === 'staff' && (
          <Descriptions.Item label={t('drawer.assignedTo')}>
            {complaint.assignedTo.name}
          </Descriptions.Item>
        )}
        {complaint.transaction && (
          <Descriptions.Item label={t('drawer.transaction')}>
            <span data-testid="complaint-transaction">
              {complaint.transaction.orderId ?? complaint.transaction.id} ·{' '}
              {formatRupees(complaint.transaction.amount)} ·{' '}
              {statusLabel(complaint.transaction.status)}
            </span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {complaint.bbps && <BbpsComplaintFactsList id={complaint.id} facts={complaint.bbps} />}

      <ol className="complaint__messages" aria-label={t('drawer.conversation')}>
        {complaint.messages.map((entry) => (
          <li
            key={entry.id}
            className={`complaint__message complaint__message--${entry.note ? 'note' : entry.from}`}
            data-testid="complaint-message"
          >
            <p className="complaint__meta">{metaOf(entry)}</p>
            <p className="complaint__text">{entry.text}</p>
          </li>
        ))}
      </ol>

      {side === 'staff' && allowed.includes('assign') && (
        <Space.Compact className="complaint__assign">
          <Select
            aria-label={t('drawer.assignTo')}
            placeholder={t('drawer.assignPlaceholder')}
            value={assignee}
            onChange={setAssignee}
            options={assignees.map((admin) => ({ value: admin.id, label: admin.name }))}
            className="complaint__assignee"
          />
          <Button disabled={!assignee} loading={act.isPending} onClick={() => run('assign')}>
            {t('drawer.assign')}
          </Button>
        </Space.Compact>
      )}

      <label className="complaint__field">
        <span>
          {allowed.includes('reply')
            ? side === 'user'
              ? t('drawer.yourReply')
              : t('drawer.replyOrNote')
            : t('drawer.whyReopen')}
        </span>
        <Input.TextArea
          value={text}
          maxLength={COMPLAINT_TEXT_MAX}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(event) => {
            setText(event.target.value);
            setRefusal(undefined);
          }}
        />
      </label>
      {refusal && <Alert type="error" showIcon title={refusal} />}
      {act.isError && <Alert type="error" showIcon title={act.error.message} />}
      <div className="complaint__actions">
        {allowed.includes('reply') && (
          <Button type="primary" loading={act.isPending} onClick={() => run('reply')}>
            {t('drawer.sendReply')}
          </Button>
        )}
        {allowed.includes('note') && (
          <Button loading={act.isPending} onClick={() => run('note')}>
            {t('drawer.addNote')}
          </Button>
        )}
        {allowed.includes('resolve') && (
          <Button loading={act.isPending} onClick={() => run('resolve')}>
            {t('drawer.resolve')}
          </Button>
        )}
        {allowed.includes('reopen') && (
          <Button loading={act.isPending} onClick={() => run('reopen')}>
            {t('drawer.reopen')}
          </Button>
        )}
      </div>
    </div>
  );
}
