import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import {
  type AppliedMigration,
  type ChainHeadRow,
  type DatabaseTable,
  type QueueDepth,
  type ReplicaLag,
  type SignedHeadRow,
  type VerifyRun,
  type VerifyRunStatus,
} from '@khata/domain';
import { formatCount, formatDate } from '../../../i18n/format';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import {
  downloadSignedHead,
  useChainHeads,
  useDatabaseOverview,
  useSignedHeads,
  useStartVerify,
} from './api';
import './database.css';

const PAGE_SIZE = 10;
const count = { format: (n: number) => formatCount(n) };

const STATUS_KEYS = {
  queued: 'verify.status.queued',
  running: 'verify.status.running',
  passed: 'verify.status.passed',
  failed: 'verify.status.failed',
  error: 'verify.status.error',
} as const satisfies Record<VerifyRunStatus, string>;

const STATUS_COLORS: Record<VerifyRunStatus, string> = {
  queued: 'blue',
  running: 'processing',
  passed: 'green',
  failed: 'red',
  error: 'orange',
};

/** 1536 → "1.5 kB": sizes as people read them. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Pages a list the API sends whole (tables, migrations), alike on the table and the cards. */
function useLocalPage<T>(rows: T[] | undefined, pageSize: number) {
  const [page, setPage] = useState(1);
  const all = rows ?? [];
  return {
    rows: all.slice((page - 1) * pageSize, page * pageSize),
    pagination: {
      current: page,
      pageSize,
      total: all.length,
      onChange: setPage,
      showSizeChanger: false,
      hideOnSinglePage: true,
    },
  };
}

/** Issue 14 /admin/database: a read-only look at the database, admins only. */
export function DatabasePage() {
  return (
    <RequireMenuItem item="database">
      <Database />
    </RequireMenuItem>
  );
}

function Database() {
  const { t } = useTranslation('database');
  const overview = useDatabaseOverview();
  const data = overview.data;
  return (
    <AdminPage
      title={t('page.title')}
      intro={t('page.intro')}
      actions={
        <Button onClick={() => void overview.refetch()} loading={overview.isFetching}>
          {t('page.refresh')}
        </Button>
      }
    >
      {overview.isError && <Alert type="error" showIcon title={overview.error.message} />}
      <div className="admin-grid admin-grid--2">
        <VerifyCard run={data?.lastVerify ?? null} loading={overview.isPending} />
        <Card title={t('readModel.title')} size="small" loading={overview.isPending}>
          {data && (
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'ledger',
                  label: t('readModel.ledgerSeq'),
                  children: count.format(data.readModel.ledgerSeq),
                },
                {
                  key: 'projected',
                  label: t('readModel.projectedSeq'),
                  children: count.format(data.readModel.projectedSeq),
                },
                {
                  key: 'behind',
                  label: t('readModel.notProjected'),
                  children: (
                    <Tag color={data.readModel.notProjected === 0 ? 'green' : 'gold'}>
                      {count.format(data.readModel.notProjected)}
                    </Tag>
                  ),
                },
              ]}
            />
          )}
        </Card>
      </div>
      <ReplicaCard replica={data?.replica} loading={overview.isPending} />
      <QueuesCard queues={data?.queues} loading={overview.isPending} />
      <SignedHeadsCard />
      <ChainHeadsCard />
      <TablesCard tables={data?.tables} loading={overview.isPending} />
      <MigrationsCard migrations={data?.migrations} loading={overview.isPending} />
    </AdminPage>
  );
}

/** Issue 29: the streaming replica the reports read, and whether they read the primary now. */
function ReplicaCard({ replica, loading }: { replica: ReplicaLag | undefined; loading: boolean }) {
  const { t } = useTranslation('database');
  const seconds = (ms: number | null) =>
    ms === null ? t('replica.unknown') : t('seconds', { n: (ms / 1000).toFixed(1) });
  return (
    <Card title={t('replica.title')} size="small" loading={loading}>
      {replica && !replica.configured && <p className="database__muted">{t('replica.none')}</p>}
      {replica?.configured && (
        <Descriptions
          column={{ xs: 1, sm: 2 }}
          size="small"
          items={[
            {
              key: 'reads',
              label: t('replica.reads'),
              children: replica.readsFromPrimary ? (
                <Tag color="gold">{t('replica.primary')}</Tag>
              ) : (
                <Tag color="green">{t('replica.replica')}</Tag>
              ),
            },
            {
              key: 'reachable',
              label: t('replica.answers'),
              children:
                replica.reachable === null
                  ? t('replica.notChecked')
                  : replica.reachable
                    ? t('replica.yes')
                    : t('replica.no'),
            },
            {
              key: 'lag',
              label: t('replica.lag'),
              children:
                replica.lagBytes === null
                  ? t('replica.unknown')
                  : t('replica.lagValue', {
                      size: formatBytes(replica.lagBytes),
                      time: seconds(replica.lagMs),
                    }),
            },
            { key: 'bound', label: t('replica.primaryPast'), children: seconds(replica.maxLagMs) },
            {
              key: 'replayed',
              label: t('replica.replayed'),
              children: replica.replayedAt
                ? formatDateTime(replica.replayedAt)
                : t('replica.never'),
            },
            {
              key: 'fallback',
              label: t('replica.fallback'),
              children: count.format(replica.fallbackReads),
            },
            ...(replica.reason
              ? [{ key: 'why', label: t('replica.why'), children: replica.reason }]
              : []),
          ]}
        />
      )}
    </Card>
  );
}

function VerifyCard({ run, loading }: { run: VerifyRun | null; loading: boolean }) {
  const { t } = useTranslation('database');
  const { message } = App.useApp();
  const start = useStartVerify();
  const open = run?.status === 'queued' || run?.status === 'running';
  const press = () =>
    start.mutate(undefined, {
      onSuccess: (answer) => void message.info(answer.message),
      onError: (error) => void message.error(error.message),
    });
  return (
    <Card
      title={t('verify.title')}
      size="small"
      loading={loading}
      extra={
        <Button type="primary" onClick={press} loading={open || start.isPending}>
          {open ? t('verify.running') : t('verify.run')}
        </Button>
      }
    >
      {!run ? (
        <p className="database__muted">{t('verify.never')}</p>
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'result',
                label: t('verify.result'),
                children: (
                  <span data-testid="verify-result">
                    <Tag color={STATUS_COLORS[run.status]}>{t(STATUS_KEYS[run.status])}</Tag>
                    {run.status === 'failed' &&
                      t('verify.violations', {
                        count: run.violationCount,
                        n: formatCount(run.violationCount),
                      })}
                  </span>
                ),
              },
              {
                key: 'when',
                label: run.finishedAt ? t('verify.finished') : t('verify.askedFor'),
                children: formatDateTime(run.finishedAt ?? run.requestedAt),
              },
              {
                key: 'who',
                label: t('verify.by'),
                children: run.requestedBy
                  ? run.requestedBy.mobile
                    ? t('verify.byWithMobile', {
                        name: run.requestedBy.name ?? run.requestedBy.id,
                        mobile: run.requestedBy.mobile,
                      })
                    : (run.requestedBy.name ?? run.requestedBy.id)
                  : '—',
              },
              {
                key: 'duration',
                label: t('verify.took'),
                children:
                  run.durationMs === null
                    ? '—'
                    : t('seconds', { n: (run.durationMs / 1000).toFixed(2) }),
              },
              ...(run.checked
                ? [
                    {
                      key: 'checked',
                      label: t('verify.checked'),
                      children: t('verify.checkedValue', {
                        events: t('verify.events', {
                          count: run.checked.events,
                          n: formatCount(run.checked.events),
                        }),
                        postings: t('verify.postings', {
                          count: run.checked.postings,
                          n: formatCount(run.checked.postings),
                        }),
                        accounts: t('verify.accounts', {
                          count: run.checked.accounts,
                          n: formatCount(run.checked.accounts),
                        }),
                        signedHeads: t('verify.signedHeads', {
                          count: run.checked.signedHeads,
                          n: formatCount(run.checked.signedHeads),
                        }),
                      }),
                    },
                  ]
                : []),
            ]}
          />
          {run.error && <Alert type="warning" showIcon title={run.error} />}
          {run.violations.length > 0 && (
            <ul className="database__violations" aria-label={t('verify.violationsLabel')}>
              {run.violations.map((violation) => (
                <li key={violation}>{violation}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}

const queueColumns = (t: TFunction<'database'>): ReportColumn<QueueDepth>[] => [
  { key: 'queue', title: t('queues.queue'), hideOnCard: true, render: (row) => row.queue },
  {
    key: 'waiting',
    title: t('queues.waiting'),
    align: 'right',
    render: (row) => count.format(row.waiting),
  },
  {
    key: 'active',
    title: t('queues.active'),
    align: 'right',
    render: (row) => count.format(row.active),
  },
  {
    key: 'delayed',
    title: t('queues.delayed'),
    align: 'right',
    render: (row) => count.format(row.delayed),
  },
  {
    key: 'failed',
    title: t('queues.failed'),
    align: 'right',
    render: (row) =>
      row.failed ? <Tag color="red">{count.format(row.failed)}</Tag> : count.format(row.failed),
  },
];

function QueuesCard({ queues, loading }: { queues?: QueueDepth[]; loading: boolean }) {
  const { t } = useTranslation('database');
  return (
    <Card title={t('queues.title')} size="small">
      <ReportTable<QueueDepth>
        label={t('queues.title')}
        rows={queues ?? []}
        rowKey={(row) => row.queue}
        columns={queueColumns(t)}
        loading={loading}
        emptyText={t('queues.empty')}
        cardTitle={(row) => t('queues.cardTitle', { queue: row.queue })}
      />
    </Card>
  );
}

function SignedHeadsCard() {
  const { t } = useTranslation('database');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const heads = useSignedHeads(page, PAGE_SIZE);
  const [downloading, setDownloading] = useState<string>();
  const download = async (day: string) => {
    setDownloading(day);
    try {
      await downloadSignedHead(day);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setDownloading(undefined);
    }
  };
  const columns: ReportColumn<SignedHeadRow>[] = [
    { key: 'day', title: t('signed.day'), hideOnCard: true, render: (row) => formatDate(row.day) },
    {
      key: 'seq',
      title: t('signed.lastEvent'),
      align: 'right',
      render: (row) => count.format(row.seq),
    },
    {
      key: 'digest',
      title: t('signed.digest'),
      render: (row) => <code className="database__hash">{row.digest.slice(0, 16)}…</code>,
    },
    { key: 'signed', title: t('signed.signed'), render: (row) => formatDateTime(row.signedAt) },
    {
      key: 'download',
      title: '',
      cardLabel: null,
      render: (row) => (
        <Button
          size="small"
          loading={downloading === row.day}
          onClick={() => void download(row.day)}
          // The day as the file is named (`2026-11-28`), which a test reads back.
          aria-label={t('signed.downloadLabel', { day: row.day })}
        >
          {t('signed.download')}
        </Button>
      ),
    },
  ];
  return (
    <Card title={t('signed.title')} size="small">
      <p className="database__muted">
        <Trans
          t={t}
          i18nKey="signed.intro"
          components={{
            // Trans puts the key's text (the address) inside the link.
            go: <a href="/api/public/ledger-key" target="_blank" rel="noopener noreferrer" />,
          }}
        />
      </p>
      {heads.isError && <Alert type="error" showIcon title={heads.error.message} />}
      <ReportTable<SignedHeadRow>
        label={t('signed.title')}
        rows={heads.data?.data ?? []}
        rowKey={(row) => row.day}
        columns={columns}
        loading={heads.isFetching}
        emptyText={t('signed.empty')}
        cardTitle={(row) => formatDate(row.day)}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: heads.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
    </Card>
  );
}

function accountName(row: ChainHeadRow): string {
  if (row.owner) return row.owner.name ?? row.owner.id;
  return row.code ?? row.accountId;
}

const chainColumns = (t: TFunction<'database'>): ReportColumn<ChainHeadRow>[] => [
  {
    key: 'account',
    title: t('chains.account'),
    hideOnCard: true,
    render: (row) => (
      <>
        {accountName(row)}
        <span className="report-table__sub">
          {row.owner?.mobile ?? <code className="database__hash">{row.accountId}</code>}
        </span>
      </>
    ),
  },
  { key: 'kind', title: t('chains.kind'), render: (row) => row.kind },
  {
    key: 'postings',
    title: t('chains.postings'),
    align: 'right',
    render: (row) => count.format(row.postings),
  },
  {
    key: 'last',
    title: t('chains.lastPosting'),
    align: 'right',
    render: (row) => (row.lastPostingId === null ? '—' : count.format(row.lastPostingId)),
  },
  {
    key: 'head',
    title: t('chains.headHash'),
    render: (row) =>
      row.lastPostingId === null ? (
        <span className="database__muted-inline">{t('chains.genesis')}</span>
      ) : (
        <code className="database__hash">{row.headPrefix}…</code>
      ),
  },
];

function ChainHeadsCard() {
  const { t } = useTranslation('database');
  const [page, setPage] = useState(1);
  const heads = useChainHeads(page, PAGE_SIZE);
  return (
    <Card title={t('chains.title')} size="small">
      <p className="database__muted">{t('chains.intro')}</p>
      {heads.isError && <Alert type="error" showIcon title={heads.error.message} />}
      <ReportTable<ChainHeadRow>
        label={t('chains.title')}
        rows={heads.data?.data ?? []}
        rowKey={(row) => row.accountId}
        columns={chainColumns(t)}
        loading={heads.isFetching}
        emptyText={t('chains.empty')}
        cardTitle={(row) => (
          <>
            {accountName(row)}
            {row.owner?.mobile && <span className="report-table__sub">{row.owner.mobile}</span>}
          </>
        )}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: heads.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
      />
    </Card>
  );
}

const tableColumns = (t: TFunction<'database'>): ReportColumn<DatabaseTable>[] => [
  {
    key: 'name',
    title: t('tables.table'),
    hideOnCard: true,
    render: (row) => <code className="database__name">{row.name}</code>,
  },
  {
    key: 'rows',
    title: t('tables.rows'),
    align: 'right',
    render: (row) => (row.rowsEstimated ? `≈ ${count.format(row.rows)}` : count.format(row.rows)),
  },
  {
    key: 'total',
    title: t('tables.totalSize'),
    align: 'right',
    render: (row) => formatBytes(row.totalBytes),
  },
  {
    key: 'data',
    title: t('tables.data'),
    align: 'right',
    render: (row) => formatBytes(row.tableBytes),
  },
  {
    key: 'indexes',
    title: t('tables.indexes'),
    align: 'right',
    render: (row) => formatBytes(row.indexBytes),
  },
];

function TablesCard({ tables, loading }: { tables?: DatabaseTable[]; loading: boolean }) {
  const { t } = useTranslation('database');
  const paged = useLocalPage(tables, 15);
  return (
    <Card title={t('tables.title')} size="small">
      <p className="database__muted">{t('tables.intro')}</p>
      <ReportTable<DatabaseTable>
        label={t('tables.title')}
        rows={paged.rows}
        rowKey={(row) => row.name}
        columns={tableColumns(t)}
        loading={loading}
        emptyText={t('tables.empty')}
        cardTitle={(row) => <code className="database__name">{row.name}</code>}
        pagination={paged.pagination}
      />
    </Card>
  );
}

const migrationColumns = (t: TFunction<'database'>): ReportColumn<AppliedMigration>[] => [
  {
    key: 'name',
    title: t('migrations.migration'),
    hideOnCard: true,
    render: (row) => <code className="database__name">{row.name}</code>,
  },
  { key: 'at', title: t('migrations.dated'), render: (row) => formatDateTime(row.timestamp) },
];

function MigrationsCard({
  migrations,
  loading,
}: {
  migrations?: AppliedMigration[];
  loading: boolean;
}) {
  const { t } = useTranslation('database');
  const paged = useLocalPage(migrations, 10);
  return (
    <Card title={t('migrations.title')} size="small">
      <ReportTable<AppliedMigration>
        label={t('migrations.title')}
        rows={paged.rows}
        rowKey={(row) => row.id}
        columns={migrationColumns(t)}
        loading={loading}
        emptyText={t('migrations.empty')}
        cardTitle={(row) => <code className="database__name">{row.name}</code>}
        pagination={paged.pagination}
      />
    </Card>
  );
}
