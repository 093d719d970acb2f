import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Tag } from 'antd';
import {
  plural,
  type AppliedMigration,
  type ChainHeadRow,
  type DatabaseTable,
  type QueueDepth,
  type ReplicaLag,
  type SignedHeadRow,
  type VerifyRun,
  type VerifyRunStatus,
} from '@khata/domain';
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
const count = new Intl.NumberFormat('en-IN');

const STATUS: Record<VerifyRunStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'blue' },
  running: { label: 'Running', color: 'processing' },
  passed: { label: 'Passed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  error: { label: 'Could not finish', color: 'orange' },
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
  const overview = useDatabaseOverview();
  const data = overview.data;
  return (
    <AdminPage
      title="Database"
      intro="A read-only look at Khata's database: the ledger's last verification and its signed heads, each account's hash chain, how far the reports and the replica are behind, the job queue, table sizes and migrations."
      actions={
        <Button onClick={() => void overview.refetch()} loading={overview.isFetching}>
          Refresh
        </Button>
      }
    >
      {overview.isError && <Alert type="error" showIcon title={overview.error.message} />}
      <div className="admin-grid admin-grid--2">
        <VerifyCard run={data?.lastVerify ?? null} loading={overview.isPending} />
        <Card title="Read model" size="small" loading={overview.isPending}>
          {data && (
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'ledger',
                  label: 'Highest ledger seq',
                  children: count.format(data.readModel.ledgerSeq),
                },
                {
                  key: 'projected',
                  label: 'Highest projected seq',
                  children: count.format(data.readModel.projectedSeq),
                },
                {
                  key: 'behind',
                  label: 'Events not projected',
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
  const seconds = (ms: number | null) => (ms === null ? 'unknown' : `${(ms / 1000).toFixed(1)} s`);
  return (
    <Card title="Replica for reports" size="small" loading={loading}>
      {replica && !replica.configured && (
        <p className="database__muted">
          No replica (DATABASE_REPLICA_URL is not set): reports read the primary.
        </p>
      )}
      {replica?.configured && (
        <Descriptions
          column={{ xs: 1, sm: 2 }}
          size="small"
          items={[
            {
              key: 'reads',
              label: 'Reports read',
              children: replica.readsFromPrimary ? (
                <Tag color="gold">the primary</Tag>
              ) : (
                <Tag color="green">the replica</Tag>
              ),
            },
            {
              key: 'reachable',
              label: 'Replica answers',
              children:
                replica.reachable === null ? 'not checked yet' : replica.reachable ? 'yes' : 'no',
            },
            {
              key: 'lag',
              label: 'Lag',
              children:
                replica.lagBytes === null
                  ? 'unknown'
                  : `${formatBytes(replica.lagBytes)}, ${seconds(replica.lagMs)}`,
            },
            { key: 'bound', label: 'Primary past', children: seconds(replica.maxLagMs) },
            {
              key: 'replayed',
              label: 'Last replayed commit',
              children: replica.replayedAt ? formatDateTime(replica.replayedAt) : 'none',
            },
            {
              key: 'fallback',
              label: 'Reads sent to the primary',
              children: count.format(replica.fallbackReads),
            },
            ...(replica.reason ? [{ key: 'why', label: 'Why', children: replica.reason }] : []),
          ]}
        />
      )}
    </Card>
  );
}

function VerifyCard({ run, loading }: { run: VerifyRun | null; loading: boolean }) {
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
      title="Ledger verify"
      size="small"
      loading={loading}
      extra={
        <Button type="primary" onClick={press} loading={open || start.isPending}>
          {open ? 'Verifying…' : 'Run verify'}
        </Button>
      }
    >
      {!run ? (
        <p className="database__muted">The ledger has not been verified from here yet.</p>
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'result',
                label: 'Result',
                children: (
                  <span data-testid="verify-result">
                    <Tag color={STATUS[run.status].color}>{STATUS[run.status].label}</Tag>
                    {run.status === 'failed' && plural(run.violationCount, 'violation')}
                  </span>
                ),
              },
              {
                key: 'when',
                label: run.finishedAt ? 'Finished' : 'Asked for',
                children: formatDateTime(run.finishedAt ?? run.requestedAt),
              },
              {
                key: 'who',
                label: 'By',
                children: run.requestedBy
                  ? `${run.requestedBy.name ?? run.requestedBy.id}${run.requestedBy.mobile ? ` (${run.requestedBy.mobile})` : ''}`
                  : '—',
              },
              {
                key: 'duration',
                label: 'Took',
                children: run.durationMs === null ? '—' : `${(run.durationMs / 1000).toFixed(2)} s`,
              },
              ...(run.checked
                ? [
                    {
                      key: 'checked',
                      label: 'Checked',
                      children: [
                        plural(run.checked.events, 'event'),
                        plural(run.checked.postings, 'posting'),
                        plural(run.checked.accounts, 'account'),
                        plural(run.checked.signedHeads, 'signed head'),
                      ].join(', '),
                    },
                  ]
                : []),
            ]}
          />
          {run.error && <Alert type="warning" showIcon title={run.error} />}
          {run.violations.length > 0 && (
            <ul className="database__violations" aria-label="Violations">
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

const queueColumns: ReportColumn<QueueDepth>[] = [
  { key: 'queue', title: 'Queue', hideOnCard: true, render: (row) => row.queue },
  { key: 'waiting', title: 'Waiting', align: 'right', render: (row) => count.format(row.waiting) },
  { key: 'active', title: 'Active', align: 'right', render: (row) => count.format(row.active) },
  { key: 'delayed', title: 'Delayed', align: 'right', render: (row) => count.format(row.delayed) },
  {
    key: 'failed',
    title: 'Failed',
    align: 'right',
    render: (row) =>
      row.failed ? <Tag color="red">{count.format(row.failed)}</Tag> : count.format(row.failed),
  },
];

function QueuesCard({ queues, loading }: { queues?: QueueDepth[]; loading: boolean }) {
  return (
    <Card title="Job queues" size="small">
      <ReportTable<QueueDepth>
        label="Job queues"
        rows={queues ?? []}
        rowKey={(row) => row.queue}
        columns={queueColumns}
        loading={loading}
        emptyText="The job queue is not answering (Redis)."
        cardTitle={(row) => `Queue ${row.queue}`}
      />
    </Card>
  );
}

function SignedHeadsCard() {
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
    { key: 'day', title: 'Day', hideOnCard: true, render: (row) => row.day },
    { key: 'seq', title: 'Last event', align: 'right', render: (row) => count.format(row.seq) },
    {
      key: 'digest',
      title: 'Digest',
      render: (row) => <code className="database__hash">{row.digest.slice(0, 16)}…</code>,
    },
    { key: 'signed', title: 'Signed', render: (row) => formatDateTime(row.signedAt) },
    {
      key: 'download',
      title: '',
      cardLabel: null,
      render: (row) => (
        <Button
          size="small"
          loading={downloading === row.day}
          onClick={() => void download(row.day)}
          aria-label={`Download the signed head of ${row.day}`}
        >
          Download
        </Button>
      ),
    },
  ];
  return (
    <Card title="Signed heads" size="small">
      <p className="database__muted">
        Each India day Khata signs the ledger&apos;s head (every account&apos;s chain head at the
        day&apos;s last event) with its Ed25519 key, published at{' '}
        <a href="/api/public/ledger-key" target="_blank" rel="noopener noreferrer">
          /api/public/ledger-key
        </a>
        . A downloaded head says how to check it with OpenSSL.
      </p>
      {heads.isError && <Alert type="error" showIcon title={heads.error.message} />}
      <ReportTable<SignedHeadRow>
        label="Signed heads"
        rows={heads.data?.data ?? []}
        rowKey={(row) => row.day}
        columns={columns}
        loading={heads.isFetching}
        emptyText="No day has been signed yet: the first head is signed in the hour after the first day ends."
        cardTitle={(row) => row.day}
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

const chainColumns: ReportColumn<ChainHeadRow>[] = [
  {
    key: 'account',
    title: 'Account',
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
  { key: 'kind', title: 'Kind', render: (row) => row.kind },
  {
    key: 'postings',
    title: 'Postings',
    align: 'right',
    render: (row) => count.format(row.postings),
  },
  {
    key: 'last',
    title: 'Last posting',
    align: 'right',
    render: (row) => (row.lastPostingId === null ? '—' : count.format(row.lastPostingId)),
  },
  {
    key: 'head',
    title: 'Head hash',
    render: (row) =>
      row.lastPostingId === null ? (
        <span className="database__muted-inline">genesis (no postings)</span>
      ) : (
        <code className="database__hash">{row.headPrefix}…</code>
      ),
  },
];

function ChainHeadsCard() {
  const [page, setPage] = useState(1);
  const heads = useChainHeads(page, PAGE_SIZE);
  return (
    <Card title="Account chains" size="small">
      <p className="database__muted">
        Each account&apos;s hash chain ends at its last posting; the most recently moved first.
      </p>
      {heads.isError && <Alert type="error" showIcon title={heads.error.message} />}
      <ReportTable<ChainHeadRow>
        label="Account chains"
        rows={heads.data?.data ?? []}
        rowKey={(row) => row.accountId}
        columns={chainColumns}
        loading={heads.isFetching}
        emptyText="No accounts yet."
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

const tableColumns: ReportColumn<DatabaseTable>[] = [
  {
    key: 'name',
    title: 'Table',
    hideOnCard: true,
    render: (row) => <code className="database__name">{row.name}</code>,
  },
  {
    key: 'rows',
    title: 'Rows',
    align: 'right',
    render: (row) => (row.rowsEstimated ? `≈ ${count.format(row.rows)}` : count.format(row.rows)),
  },
  {
    key: 'total',
    title: 'Total size',
    align: 'right',
    render: (row) => formatBytes(row.totalBytes),
  },
  { key: 'data', title: 'Data', align: 'right', render: (row) => formatBytes(row.tableBytes) },
  {
    key: 'indexes',
    title: 'Indexes',
    align: 'right',
    render: (row) => formatBytes(row.indexBytes),
  },
];

function TablesCard({ tables, loading }: { tables?: DatabaseTable[]; loading: boolean }) {
  const paged = useLocalPage(tables, 15);
  return (
    <Card title="Tables" size="small">
      <p className="database__muted">
        Largest first. Rows are counted exactly for small tables; ≈ marks Postgres&apos;s estimate
        for big ones.
      </p>
      <ReportTable<DatabaseTable>
        label="Tables"
        rows={paged.rows}
        rowKey={(row) => row.name}
        columns={tableColumns}
        loading={loading}
        emptyText="No tables."
        cardTitle={(row) => <code className="database__name">{row.name}</code>}
        pagination={paged.pagination}
      />
    </Card>
  );
}

const migrationColumns: ReportColumn<AppliedMigration>[] = [
  {
    key: 'name',
    title: 'Migration',
    hideOnCard: true,
    render: (row) => <code className="database__name">{row.name}</code>,
  },
  { key: 'at', title: 'Dated', render: (row) => formatDateTime(row.timestamp) },
];

function MigrationsCard({
  migrations,
  loading,
}: {
  migrations?: AppliedMigration[];
  loading: boolean;
}) {
  const paged = useLocalPage(migrations, 10);
  return (
    <Card title="Applied migrations" size="small">
      <ReportTable<AppliedMigration>
        label="Applied migrations"
        rows={paged.rows}
        rowKey={(row) => row.id}
        columns={migrationColumns}
        loading={loading}
        emptyText="No migrations applied."
        cardTitle={(row) => <code className="database__name">{row.name}</code>}
        pagination={paged.pagination}
      />
    </Card>
  );
}
