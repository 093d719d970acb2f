import { useState } from 'react';
import { Alert, Form, Input, Select, Tag } from 'antd';
import {
  plural,
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_OUTCOMES,
  AuditLogMessages,
  isRoleKind,
  type AuditActionKey,
  type AuditLogPerson,
  type AuditLogRow,
  type AuditOutcome,
} from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { countSet } from '../common/FilterForm';
import { DateRangeFields, ReportPage, reportPagination } from '../common/ReportPage';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useUrlFilter } from '../common/useUrlFilter';
import { roleLabel } from '../users/labels';
import { useAuditLog, type LogsFilter } from './api';
import './logs.css';

const PAGE_SIZES = [10, 20, 50, 100];
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));
const OUTCOME_LABELS: Record<AuditOutcome, string> = { success: 'Success', failure: 'Failure' };

/** The filter lives in the address, so a search can be reloaded, shared and gone back to. */
function useLogsFilter(): [LogsFilter, (change: Partial<LogsFilter>) => void] {
  return useUrlFilter<LogsFilter>(({ positive, text, pick }) => ({
    page: positive('page', 1),
    pageSize: positive('pageSize', 20, 100),
    actor: text('actor'),
    target: text('target'),
    action: pick<AuditActionKey>('action', AUDIT_ACTIONS),
    outcome: pick('outcome', AUDIT_OUTCOMES),
    from: text('from'),
    to: text('to'),
  }));
}

function Person({ person }: { person: AuditLogPerson | null }) {
  if (!person) return <>—</>;
  return (
    <>
      {person.name ?? person.id}
      <span className="report-table__sub">
        {[
          person.mobile,
          person.role && roleLabel(isRoleKind(person.role) ? person.role : null, person.role),
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </>
  );
}

function Details({ row }: { row: AuditLogRow }) {
  if (row.lines.length === 0) return <>—</>;
  return (
    <dl className="logs__details">
      {row.lines.map((line, index) => (
        <div key={index} className="logs__detail">
          <dt>{line.label}</dt>
          <dd>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const columns: ReportColumn<AuditLogRow>[] = [
  { key: 'at', title: 'Time', render: (row) => formatDateTime(row.at) },
  { key: 'action', title: 'Action', hideOnCard: true, render: (row) => row.actionLabel },
  { key: 'actor', title: 'Actor', render: (row) => <Person person={row.actor} /> },
  { key: 'target', title: 'Target user', render: (row) => <Person person={row.target} /> },
  {
    key: 'outcome',
    title: 'Outcome',
    render: (row) => (
      <Tag color={row.outcome === 'success' ? 'green' : 'red'}>{OUTCOME_LABELS[row.outcome]}</Tag>
    ),
  },
  { key: 'ip', title: 'IP', render: (row) => <span className="logs__ip">{row.ip ?? '—'}</span> },
  {
    key: 'location',
    title: 'Location',
    render: (row) =>
      row.mapUrl ? (
        <a href={row.mapUrl} target="_blank" rel="noopener noreferrer">
          {row.latitude}, {row.longitude}
        </a>
      ) : (
        <span className="logs__missing">{AuditLogMessages.locationMissing}</span>
      ),
  },
  {
    key: 'details',
    title: 'Details',
    render: (row) => <Details row={row} />,
  },
];

/** Issue 14 /admin/logs: the audit log, searched by actor, action, target, outcome and days. */
export function LogsPage() {
  return (
    <RequireMenuItem item="logs">
      <Logs />
    </RequireMenuItem>
  );
}

function Logs() {
  const [filter, setFilter] = useLogsFilter();
  const log = useAuditLog(filter);
  const [actor, setActor] = useState(filter.actor ?? '');
  const [target, setTarget] = useState(filter.target ?? '');

  return (
    <ReportPage
      title="Logs"
      intro="Every audited action: who did it, to whom, when, from which IP and where. The last 7 days unless you choose dates (at most 92 days)."
      report={log}
      filtersLabel="Filter logs"
      activeFilters={countSet([
        filter.action,
        filter.actor,
        filter.target,
        filter.outcome,
        filter.from,
        filter.to,
      ])}
      filters={
        <>
          <Form.Item label="Action" htmlFor="logs-action">
            <Select
              id="logs-action"
              showSearch
              allowClear
              optionFilterProp="label"
              placeholder="Any action"
              value={filter.action}
              options={ACTION_OPTIONS}
              onChange={(action?: AuditActionKey) => setFilter({ action, page: 1 })}
            />
          </Form.Item>
          <Form.Item label="Actor" htmlFor="logs-actor">
            <Input.Search
              id="logs-actor"
              placeholder="Mobile or user id"
              allowClear
              maxLength={40}
              value={actor}
              onChange={(event) => setActor(event.target.value)}
              onSearch={(value) => setFilter({ actor: value.trim() || undefined, page: 1 })}
            />
          </Form.Item>
          <Form.Item label="Target user" htmlFor="logs-target">
            <Input.Search
              id="logs-target"
              placeholder="Mobile or user id"
              allowClear
              maxLength={40}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
              onSearch={(value) => setFilter({ target: value.trim() || undefined, page: 1 })}
            />
          </Form.Item>
          <Form.Item label="Outcome" htmlFor="logs-outcome">
            <Select
              id="logs-outcome"
              allowClear
              placeholder="Any outcome"
              value={filter.outcome}
              options={AUDIT_OUTCOMES.map((value) => ({ value, label: OUTCOME_LABELS[value] }))}
              onChange={(outcome?: AuditOutcome) => setFilter({ outcome, page: 1 })}
            />
          </Form.Item>
          <DateRangeFields idPrefix="logs" filter={filter} onChange={setFilter} />
        </>
      }
    >
      {log.isError && (
        <Alert className="admin-report__error" type="error" showIcon title={log.error?.message} />
      )}
      <ReportTable
        label="Audit log"
        rows={log.data?.data ?? []}
        rowKey={(row) => row.id}
        columns={columns}
        loading={log.isPending || log.isPlaceholderData}
        emptyText="No entries match."
        cardTitle={(row) => row.actionLabel}
        pagination={{
          ...reportPagination(filter, setFilter),
          total: log.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => plural(total, 'entry', 'entries'),
        }}
      />
    </ReportPage>
  );
}
