import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Input, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkNoticeAudience,
  checkNoticeBody,
  checkNoticeTitle,
  checkNoticeWindow,
  formatIndiaDateTime,
  NOTICE_AUDIENCE_KINDS,
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  type NoticeRecord,
  type NoticeState,
  type RoleKind,
} from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { useAdminLabels, type AdminLabels } from '../common/labels';
import { formatCount } from '../../../i18n/format';
import { formatDateTime } from '../common/dates';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { FocusedResult } from '../../../ui/FocusedResult';
import { localizeMessage } from '../../../i18n/messages';
import { useNotices, usePostNotice, useWithdrawNotice } from './api';
import './notices.css';

const PAGE_SIZE = 10;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const STATE_COLORS: Record<NoticeState, string> = {
  live: 'green',
  scheduled: 'blue',
  ended: 'default',
  withdrawn: 'red',
};
const STATE_KEYS = {
  live: 'state.live',
  scheduled: 'state.scheduled',
  ended: 'state.ended',
  withdrawn: 'state.withdrawn',
} as const satisfies Record<NoticeState, string>;

/** Issue 14, Post Notice (admins): write a notice for some roles or all, for a time window. */
export function PostNoticePage() {
  return (
    <RequireMenuItem item="postNotice">
      <PostNotice />
    </RequireMenuItem>
  );
}

/** Who a notice addresses: the plural names of libs/domain's one role table. */
function audienceText(
  audience: NoticeRecord['audience'],
  everyone: string,
  labels: AdminLabels,
): string {
  return audience === 'all' ? everyone : audience.map((kind) => labels.rolePlural(kind)).join(', ');
}

function PostNotice() {
  const { t } = useTranslation('notices');
  const labels = useAdminLabels();
  const [page, setPage] = useState(1);
  const list = useNotices({ page, pageSize: PAGE_SIZE });
  const withdraw = useWithdrawNotice();
  const { message } = App.useApp();

  const columns: ReportColumn<NoticeRecord>[] = [
    {
      key: 'notice',
      title: t('columns.notice'),
      cardLabel: null,
      hideOnCard: true,
      render: (row) => (
        <>
          <strong>{row.title}</strong>
          <span className="report-table__sub post-notice__text">{row.body}</span>
        </>
      ),
    },
    {
      key: 'audience',
      title: t('columns.for'),
      render: (row) => audienceText(row.audience, t('everyone'), labels),
    },
    {
      key: 'window',
      title: t('columns.shown'),
      render: (row) =>
        t('window', { from: formatDateTime(row.startsAt), to: formatDateTime(row.endsAt) }),
    },
    {
      key: 'state',
      title: t('columns.state'),
      render: (row) => (
        <>
          <Tag color={STATE_COLORS[row.state]}>{t(STATE_KEYS[row.state])}</Tag>
          <span className="report-table__sub">
            {t('dismissedBy', { count: row.dismissals, total: formatCount(row.dismissals) })}
          </span>
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
            title={t('withdraw.confirm')}
            description={t('withdraw.description')}
            okText={t('withdraw.button')}
            cancelText={t('withdraw.cancel')}
            onConfirm={() =>
              withdraw.mutate(row.id, {
                onSuccess: (answer) => void message.success(answer.message),
                onError: (error) => void message.error(error.message),
              })
            }
          >
            <Button size="small" danger aria-label={t('withdraw.label', { title: row.title })}>
              {t('withdraw.button')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <NoticeForm />
      <Card className="admin-card post-notice__list" title={t('list.title')}>
        {list.isError && <Alert type="error" showIcon title={list.error.message} />}
        <ReportTable<NoticeRecord>
          label={t('list.title')}
          rows={list.data?.data ?? []}
          rowKey={(row) => row.id}
          columns={columns}
          loading={list.isFetching}
          emptyText={t('list.empty')}
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
  const { t } = useTranslation('notices');
  const labels = useAdminLabels();
  const post = usePostNotice();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [everyone, setEveryone] = useState(true);
  const [roles, setRoles] = useState<RoleKind[]>([]);
  const [startsAt, setStartsAt] = useState(() => formatIndiaDateTime(new Date()));
  const [endsAt, setEndsAt] = useState(() => formatIndiaDateTime(new Date(Date.now() + WEEK_MS)));
  // Each submit's outcome, said above the button with the focus on it (issue 30): a new one
  // (even the same refusal again) takes the focus again.
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string }>();

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
      setOutcome({ type: 'error', text: localizeMessage(failed.message) });
      return;
    }
    setOutcome(undefined);
    post.mutate(
      { title, body, audience: everyone ? 'all' : roles, startsAt, endsAt },
      {
        onSuccess: (answer) => {
          setOutcome({ type: 'success', text: localizeMessage(answer.message) });
          setTitle('');
          setBody('');
        },
        onError: (error) => setOutcome({ type: 'error', text: error.message }),
      },
    );
  };

  return (
    <Card className="admin-card" title={t('form.title')}>
      <form
        className="post-notice__form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="post-notice__field">
          <span>{t('form.noticeTitle')}</span>
          <Input
            value={title}
            maxLength={NOTICE_TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <label className="post-notice__field">
          <span>{t('form.text')}</span>
          <Input.TextArea
            value={body}
            maxLength={NOTICE_BODY_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            onChange={(event) => setBody(event.target.value)}
          />
        </label>
        <fieldset className="post-notice__field">
          <span>{t('form.for')}</span>
          <Checkbox checked={everyone} onChange={(event) => setEveryone(event.target.checked)}>
            {t('everyone')}
          </Checkbox>
          {!everyone && (
            <Checkbox.Group<RoleKind>
              className="post-notice__roles"
              aria-label={t('form.roles')}
              value={roles}
              onChange={setRoles}
              options={NOTICE_AUDIENCE_KINDS.map((kind) => ({
                value: kind,
                label: labels.rolePlural(kind),
              }))}
            />
          )}
        </fieldset>
        <div className="post-notice__window">
          <label className="post-notice__field">
            <span>{t('form.from')}</span>
            <Input
              type="datetime-local"
              value={startsAt}
              onChange={(event) => setStartsAt(event.target.value)}
            />
          </label>
          <label className="post-notice__field">
            <span>{t('form.until')}</span>
            <Input
              type="datetime-local"
              value={endsAt}
              onChange={(event) => setEndsAt(event.target.value)}
            />
          </label>
        </div>
        {outcome && (
          <FocusedResult result={outcome}>
            <Alert type={outcome.type} showIcon title={outcome.text} />
          </FocusedResult>
        )}
        <div>
          <Button type="primary" htmlType="submit" loading={post.isPending}>
            {t('form.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
