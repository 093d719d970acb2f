import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Grid,
  Input,
  Segmented,
  Skeleton,
  Statistic,
  Table,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { addDays, indiaDay } from '@khata/domain';
import { formatCount, formatDate } from '../../../i18n/format';
import { AdminPage } from '../common/AdminPage';
import { NoPanNotice } from '../kyc';
import { formatRupees } from '../common/money';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { downloadProfitCsv, type ProfitFilter, type ProfitRow, useProfit } from './api';
import './commissions.css';
import { ScrollRegion } from '../../../ui/ScrollRegion';

/** Issue 13: /admin/myProfit, commissions earned by day or month: gross, TDS and net. */
export function MyProfitPage() {
  return (
    <RequireMenuItem item="myProfit">
      <MyProfit />
    </RequireMenuItem>
  );
}

/** A row's period: a day as "27 Nov 2026", a month (`YYYY-MM`) as the API sends it. */
function periodText(period: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(period) ? formatDate(period) : period;
}

function MyProfit() {
  const { t } = useTranslation('commissions');
  const today = indiaDay(new Date());
  const [filter, setFilter] = useState<ProfitFilter>({
    from: addDays(today, -30),
    to: today,
    groupBy: 'day',
  });
  const profit = useProfit(filter);
  const wide = Grid.useBreakpoint().md ?? false;
  const [downloadError, setDownloadError] = useState<string>();

  const columns: TableColumnsType<ProfitRow> = [
    {
      title: filter.groupBy === 'day' ? t('profit.day') : t('profit.month'),
      key: 'period',
      render: (_, row) => periodText(row.period),
    },
    {
      title: t('profit.earner'),
      key: 'earner',
      render: (_, row) => (
        <span>
          {row.name}
          <div className="commissions__muted">{row.mobile}</div>
        </span>
      ),
    },
    {
      title: t('profit.payments'),
      key: 'count',
      align: 'right',
      render: (_, row) => formatCount(row.count),
    },
    {
      title: t('profit.gross'),
      key: 'gross',
      align: 'right',
      render: (_, row) => formatRupees(row.gross),
    },
    {
      title: t('profit.tds'),
      key: 'tds',
      align: 'right',
      render: (_, row) => formatRupees(row.tds),
    },
    {
      title: t('profit.net'),
      key: 'net',
      align: 'right',
      render: (_, row) => formatRupees(row.net),
    },
  ];

  const download = async () => {
    setDownloadError(undefined);
    try {
      await downloadProfitCsv(filter);
    } catch (error) {
      setDownloadError((error as Error).message);
    }
  };

  return (
    <AdminPage title={t('profit.title')} intro={t('profit.intro')}>
      <NoPanNotice />
      <Form layout="vertical" className="commissions__filters">
        <Form.Item label={t('profit.from')}>
          <Input
            type="date"
            aria-label={t('profit.from')}
            value={filter.from}
            max={filter.to}
            onChange={(event) =>
              event.target.value && setFilter({ ...filter, from: event.target.value })
            }
          />
        </Form.Item>
        <Form.Item label={t('profit.to')}>
          <Input
            type="date"
            aria-label={t('profit.to')}
            value={filter.to}
            min={filter.from}
            onChange={(event) =>
              event.target.value && setFilter({ ...filter, to: event.target.value })
            }
          />
        </Form.Item>
        <Form.Item label={t('profit.by')}>
          <Segmented
            value={filter.groupBy}
            options={[
              { label: t('profit.day'), value: 'day' },
              { label: t('profit.month'), value: 'month' },
            ]}
            onChange={(groupBy) => setFilter({ ...filter, groupBy: groupBy as 'day' | 'month' })}
          />
        </Form.Item>
        <Form.Item label=" ">
          <Button onClick={() => void download()}>{t('profit.downloadCsv')}</Button>
        </Form.Item>
      </Form>
      {(profit.isError || downloadError) && (
        <Alert type="error" showIcon title={profit.error?.message ?? downloadError} />
      )}
      {profit.isPending && <Skeleton active />}
      {profit.isSuccess && (
        <>
          <div className="commissions__totals">
            <Card size="small">
              <Statistic title={t('profit.gross')} value={formatRupees(profit.data.total.gross)} />
            </Card>
            <Card size="small">
              <Statistic title={t('profit.tds')} value={formatRupees(profit.data.total.tds)} />
            </Card>
            <Card size="small">
              <Statistic title={t('profit.net')} value={formatRupees(profit.data.total.net)} />
            </Card>
          </div>
          {!wide && <ProfitCards rows={profit.data.data} />}
          {wide && (
            <ScrollRegion>
              <Table
                rowKey={(row) => `${row.period}:${row.userId}`}
                size="small"
                columns={columns}
                dataSource={profit.data.data}
                pagination={{ pageSize: 50, hideOnSinglePage: true }}
                scroll={{ x: true }}
                locale={{ emptyText: t('profit.empty') }}
              />
            </ScrollRegion>
          )}
        </>
      )}
    </AdminPage>
  );
}

/** On a phone: one card per earner and period, the three figures side by side. */
function ProfitCards({ rows }: { rows: ProfitRow[] }) {
  const { t } = useTranslation('commissions');
  if (rows.length === 0) return <Card size="small">{t('profit.empty')}</Card>;
  return (
    <div className="commissions__cards">
      {rows.map((row) => (
        <Card key={`${row.period}:${row.userId}`} size="small" data-testid="profit-card">
          <div className="commissions__card-head">
            <strong>{periodText(row.period)}</strong>
            <span className="commissions__muted">
              {t('profit.paymentCount', { count: row.count, n: formatCount(row.count) })}
            </span>
          </div>
          <div>
            {row.name} <span className="commissions__muted">{row.mobile}</span>
          </div>
          <dl className="commissions__figures">
            <div>
              <dt>{t('profit.gross')}</dt>
              <dd>{formatRupees(row.gross)}</dd>
            </div>
            <div>
              <dt>{t('profit.tds')}</dt>
              <dd>{formatRupees(row.tds)}</dd>
            </div>
            <div>
              <dt>{t('profit.net')}</dt>
              <dd>{formatRupees(row.net)}</dd>
            </div>
          </dl>
        </Card>
      ))}
    </div>
  );
}
