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
import { plural, addDays, indiaDay } from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { NoPanNotice } from '../kyc';
import { formatRupees } from '../common/money';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { downloadProfitCsv, type ProfitFilter, type ProfitRow, useProfit } from './api';
import './commissions.css';

/** Issue 13: /admin/myProfit, commissions earned by day or month: gross, TDS and net. */
export function MyProfitPage() {
  return (
    <RequireMenuItem item="myProfit">
      <MyProfit />
    </RequireMenuItem>
  );
}

function MyProfit() {
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
    { title: filter.groupBy === 'day' ? 'Day' : 'Month', dataIndex: 'period', key: 'period' },
    {
      title: 'Earner',
      key: 'earner',
      render: (_, row) => (
        <span>
          {row.name}
          <div className="commissions__muted">{row.mobile}</div>
        </span>
      ),
    },
    { title: 'Payments', dataIndex: 'count', key: 'count', align: 'right' },
    { title: 'Gross', key: 'gross', align: 'right', render: (_, row) => formatRupees(row.gross) },
    { title: 'TDS', key: 'tds', align: 'right', render: (_, row) => formatRupees(row.tds) },
    { title: 'Net', key: 'net', align: 'right', render: (_, row) => formatRupees(row.net) },
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
    <AdminPage
      title="My Profit"
      intro="Commission earned on your network's payouts, AEPS settlements and money transfers (DMT), after TDS. Returned payments are taken back."
    >
      <NoPanNotice />
      <Form layout="vertical" className="commissions__filters">
        <Form.Item label="From">
          <Input
            type="date"
            aria-label="From"
            value={filter.from}
            max={filter.to}
            onChange={(event) =>
              event.target.value && setFilter({ ...filter, from: event.target.value })
            }
          />
        </Form.Item>
        <Form.Item label="To">
          <Input
            type="date"
            aria-label="To"
            value={filter.to}
            min={filter.from}
            onChange={(event) =>
              event.target.value && setFilter({ ...filter, to: event.target.value })
            }
          />
        </Form.Item>
        <Form.Item label="By">
          <Segmented
            value={filter.groupBy}
            options={[
              { label: 'Day', value: 'day' },
              { label: 'Month', value: 'month' },
            ]}
            onChange={(groupBy) => setFilter({ ...filter, groupBy: groupBy as 'day' | 'month' })}
          />
        </Form.Item>
        <Form.Item label=" ">
          <Button onClick={() => void download()}>Download CSV</Button>
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
              <Statistic title="Gross" value={formatRupees(profit.data.total.gross)} />
            </Card>
            <Card size="small">
              <Statistic title="TDS" value={formatRupees(profit.data.total.tds)} />
            </Card>
            <Card size="small">
              <Statistic title="Net" value={formatRupees(profit.data.total.net)} />
            </Card>
          </div>
          {!wide && <ProfitCards rows={profit.data.data} />}
          {wide && (
            <Table
              rowKey={(row) => `${row.period}:${row.userId}`}
              size="small"
              columns={columns}
              dataSource={profit.data.data}
              pagination={{ pageSize: 50, hideOnSinglePage: true }}
              scroll={{ x: true }}
              locale={{ emptyText: 'No commission in these days.' }}
            />
          )}
        </>
      )}
    </AdminPage>
  );
}

/** On a phone: one card per earner and period, the three figures side by side. */
function ProfitCards({ rows }: { rows: ProfitRow[] }) {
  if (rows.length === 0) return <Card size="small">No commission in these days.</Card>;
  return (
    <div className="commissions__cards">
      {rows.map((row) => (
        <Card key={`${row.period}:${row.userId}`} size="small" data-testid="profit-card">
          <div className="commissions__card-head">
            <strong>{row.period}</strong>
            <span className="commissions__muted">{plural(row.count, 'payment')}</span>
          </div>
          <div>
            {row.name} <span className="commissions__muted">{row.mobile}</span>
          </div>
          <dl className="commissions__figures">
            <div>
              <dt>Gross</dt>
              <dd>{formatRupees(row.gross)}</dd>
            </div>
            <div>
              <dt>TDS</dt>
              <dd>{formatRupees(row.tds)}</dd>
            </div>
            <div>
              <dt>Net</dt>
              <dd>{formatRupees(row.net)}</dd>
            </div>
          </dl>
        </Card>
      ))}
    </div>
  );
}
