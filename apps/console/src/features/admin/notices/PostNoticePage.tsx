import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Input, Popconfirm, Tag } from 'antd';
import {
  checkNoticeAudience,
  checkNoticeBody,
  checkNoticeTitle,
  checkNoticeWindow,
  formatIndiaDateTime,
  NOTICE_AUDIENCE_KINDS,
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  ROLE_LABELS,
  type NoticeRecord,
  type NoticeState,
  type RoleKind,
} from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useNotices, usePostNotice, useWithdrawNotice } from './api';
import './notices.css';

const PAGE_SIZE = 10;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Who a notice can address: the plural names of libs/domain's one role table. */
const audienceLabel = (kind: RoleKind) => ROLE_LABELS[kind].plural;

const STATE_TAGS: Record<NoticeState, { color: string; label: string }> = {
  live: { color: 'green', label: 'Live' },
  scheduled: { color: 'blue', label: 'Scheduled' },
  ended: { color: 'default', label: 'Ended' },
  withdrawn: { color: 'red', label: 'Withdrawn' },
};

/** Issue 14, Post Notice (admins): write a notice for some roles or all, for a time window. */
export function PostNoticePage() {
  return (
    <RequireMenuItem item="postNotice">
      <PostNotice />
    </RequireMenuItem>
  );
}

function audienceText(audience: NoticeRecord['audience']): string {
  return audience === 'all' ? 'Everyone' : audience.map((kind) => audienceLabel(kind)).join(', ');
}

function PostNotice() {
  const [page, setPage] = useState(1);
  const list = useNotices({ page, pageSize: PAGE_SIZE });
  const withdraw = useWithdrawNotice();
  const { message } = App.useApp();

  const columns: ReportColumn<NoticeRecord>[] = [
    {
      key: 'notice',
      title: 'Notice',
      cardLabel: null,
      hideOnCard: true,
      render: (row) => (
        <>
          <strong>{row.title}</strong>
          <span className="report-table__sub post-notice__text">{row.body}</span>
        </>
      ),
    },
    { key: 'audience', title: 'For', render: (row) => audienceText(row.audience) },
    {
      key: 'window',
      title: 'Shown',
      render: (row) => `${formatDateTime(row.startsAt)} to ${formatDateTime(row.endsAt)}`,
    },
    {
      key: 'state',
      title: 'State',
      render: (row) => (
        <>
          <Tag color={STATE_TAGS[row.state].color}>{STATE_TAGS[row.state].label}</Tag>
          <span className="report-table__sub">Dismissed by {row.dismissals}</span>
        </>
      ),
    },
    {
      key: 'withdraw',
      title: '',
      cardLabel: null,
      render: (row) =>
        row.state === 'live' || row.state === 'scheduled' ? (
          <Popconfirm
            title="Withdraw this notice?"
            description="Nobody will see it any more."
            okText="Withdraw"
            onConfirm={() =>
              withdraw.mutate(row.id, {
                onSuccess: (answer) => void message.success(answer.message),
                onError: (error) => void message.error(error.message),
              })
            }
          >
            <Button size="small" danger aria-label={`Withdraw ${row.title}`}>
              Withdraw
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <AdminPage
      title="Post Notice"
      intro="Tell the people of the portal something: they see it at once, and on their dashboard until they dismiss it or it ends."
    >
      <NoticeForm />
      <Card className="admin-card post-notice__list" title="Notices">
        {list.isError && <Alert type="error" showIcon title={list.error.message} />}
        <ReportTable<NoticeRecord>
          label="Notices"
          rows={list.data?.data ?? []}
          rowKey={(row) => row.id}
          columns={columns}
          loading={list.isFetching}
          emptyText="No notice has been posted yet."
          cardTitle={(row) => (
            <>
              {row.title}
              <span className="report-table__sub post-notice__text">{row.body}</span>
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
      </Card>
    </AdminPage>
  );
}

function NoticeForm() {
  const { message } = App.useApp();
  const post = usePostNotice();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [everyone, setEveryone] = useState(true);
  const [roles, setRoles] = useState<RoleKind[]>([]);
  const [startsAt, setStartsAt] = useState(() => formatIndiaDateTime(new Date()));
  const [endsAt, setEndsAt] = useState(() => formatIndiaDateTime(new Date(Date.now() + WEEK_MS)));
  const [refusal, setRefusal] = useState<string>();

  const submit = () => {
    const audience = checkNoticeAudience(everyone ? 'all' : roles);
    const checks = [
      checkNoticeTitle(title),
      checkNoticeBody(body),
      audience,
      checkNoticeWindow(startsAt, endsAt, new Date(Date.now() - 60_000)),
    ];
    const failed = checks.find((check) => !check.ok);
    if (failed && !failed.ok) {
      setRefusal(failed.message);
      return;
    }
    setRefusal(undefined);
    post.mutate(
      { title, body, audience: everyone ? 'all' : roles, startsAt, endsAt },
      {
        onSuccess: (answer) => {
          message.success(answer.message);
          setTitle('');
          setBody('');
        },
      },
    );
  };

  return (
    <Card className="admin-card" title="New notice">
      <form
        className="post-notice__form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="post-notice__field">
          <span>Title</span>
          <Input
            value={title}
            maxLength={NOTICE_TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <label className="post-notice__field">
          <span>Text</span>
          <Input.TextArea
            value={body}
            maxLength={NOTICE_BODY_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            onChange={(event) => setBody(event.target.value)}
          />
        </label>
        <fieldset className="post-notice__field">
          <span>For</span>
          <Checkbox checked={everyone} onChange={(event) => setEveryone(event.target.checked)}>
            Everyone
          </Checkbox>
          {!everyone && (
            <Checkbox.Group<RoleKind>
              className="post-notice__roles"
              aria-label="Roles"
              value={roles}
              onChange={setRoles}
              options={NOTICE_AUDIENCE_KINDS.map((kind) => ({
                value: kind,
                label: audienceLabel(kind),
              }))}
            />
          )}
        </fieldset>
        <div className="post-notice__window">
          <label className="post-notice__field">
            <span>From (India time)</span>
            <Input
              type="datetime-local"
              value={startsAt}
              onChange={(event) => setStartsAt(event.target.value)}
            />
          </label>
          <label className="post-notice__field">
            <span>Until (India time)</span>
            <Input
              type="datetime-local"
              value={endsAt}
              onChange={(event) => setEndsAt(event.target.value)}
            />
          </label>
        </div>
        {refusal && <Alert type="error" showIcon title={refusal} />}
        {post.isError && <Alert type="error" showIcon title={post.error.message} />}
        <div>
          <Button type="primary" htmlType="submit" loading={post.isPending}>
            Post notice
          </Button>
        </div>
      </form>
    </Card>
  );
}
