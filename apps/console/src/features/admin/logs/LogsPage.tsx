import { useMemo, useState } from 'react';
import { Alert, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
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
import { formatCount } from '../../../i18n/format';
import { formatDateTime } from '../common/dates';
import { countSet } from '../common/FilterForm';
import { DateRangeFields, ReportPage, reportPagination } from '../common/ReportPage';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useUrlFilter } from '../common/useUrlFilter';
import { useRoleLabel } from '../common/labels';
import { useAuditLog, type LogsFilter } from './api';
import './logs.css';
import { localizeMessage } from '../../../i18n/messages';

const PAGE_SIZES = [10, 20, 50, 100];
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));
const OUTCOME_KEYS = {
  success: 'outcome.success',
  failure: 'outcome.failure',
} as const satisfies Record<AuditOutcome, string>;

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
  const roleLabel = useRoleLabel();
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

/** Issue 14 /admin/logs: the audit log, searched by actor, action, target, outcome and days. */
export function LogsPage() {
  return (
    <RequireMenuItem item="logs">
      <Logs />
    </RequireMenuItem>
  );
}

function Logs() {
  const { t } = useTranslation('logs');
  const columns = useMemo<ReportColumn<AuditLogRow>[]>(
    () => [
      { key: 'at', title: t('columns.time'), render: (row) => formatDateTime(row.at) },
      {
        key: 'action',
        title: t('columns.action'),
        hideOnCard: true,
        render: (row) => row.actionLabel,
      },
      { key: 'actor', title: t('columns.actor'), render: (row) => <Person person={row.actor} /> },
      {
        key: 'target',
        title: t('columns.target'),
        render: (row) => <Person person={row.target} />,
      },
      {
        key: 'outcome',
        title: t('columns.outcome'),
        render: (row) => (
          <Tag color={row.outcome === 'success' ? 'green' : 'red'}>
            {t(OUTCOME_KEYS[row.outcome])}
          </Tag>
        ),
      },
      {
        key: 'ip',
        title: t('columns.ip'),
        render: (row) => <span className="logs__ip">{row.ip ?? '—'}</span>,
      },
      {
        key: 'location',
        title: t('columns.location'),
        render: (row) =>
          row.mapUrl ? (
            <a href={row.mapUrl} target="_blank" rel="noopener noreferrer">
              {row.latitude}, {row.longitude}
            </a>
          ) : (
            <span className="logs__missing">
              {localizeMessage(AuditLogMessages.locationMissing)}
            </span>
          ),
      },
      {
        key: 'details',
        title: t('columns.details'),
        render: (row) => <Details row={row} />,
      },
    ],
    [t],
  );
  const [filter, setFilter] = useLogsFilter();
  const log = useAuditLog(filter);
  const [actor, setActor] = useState(filter.actor ?? '');
  const [target, setTarget] = useState(filter.target ?? '');

  return (
    <ReportPage
      title={t('title')}
      intro={t('intro')}
      report={log}
      filtersLabel={t('filters.label')}
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
          <Form.Item label={t('filters.action')} htmlFor="logs-action">
            <Select
              id="logs-action"
              showSearch
              allowClear
              optionFilterProp="label"
              placeholder={t('filters.anyAction')}
              value={filter.action}
              options={ACTION_OPTIONS}
              onChange={(action?: AuditActionKey) => setFilter({ action, page: 1 })}
            />
          </Form.Item>
          <Form.Item label={t('filters.actor')} htmlFor="logs-actor">
            <Input.Search
              id="logs-actor"
              placeholder={t('filters.mobileOrId')}
              allowClear
              maxLength={40}
              value={actor}
              onChange={(event) => setActor(event.target.value)}
              onSearch={(value) => setFilter({ actor: value.trim() || undefined, page: 1 })}
            />
          </Form.Item>
          <Form.Item label={t('filters.target')} htmlFor="logs-target">
            <Input.Search
              id="logs-target"
              placeholder={t('filters.mobileOrId')}
              allowClear
              maxLength={40}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
              onSearch={(value) => setFilter({ target: value.trim() || undefined, page: 1 })}
            />
          </Form.Item>
          <Form.Item label={t('filters.outcome')} htmlFor="logs-outcome">
            <Select
              id="logs-outcome"
              allowClear
              placeholder={t('filters.anyOutcome')}
              value={filter.outcome}
              options={AUDIT_OUTCOMES.map((value) => ({ value, label: t(OUTCOME_KEYS[value]) }))}
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
        label={t('tableLabel')}
        rows={log.data?.data ?? []}
        rowKey={(row) => row.id}
        columns={columns}
        loading={log.isPending || log.isPlaceholderData}
        emptyText={t('empty')}
        cardTitle={(row) => row.actionLabel}
        pagination={{
          ...reportPagination(filter, setFilter),
          total: log.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('count', { count: total, total: formatCount(total) }),
        }}
      />
    </ReportPage>
  );
}
