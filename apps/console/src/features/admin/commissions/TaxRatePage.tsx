import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Select,
  Skeleton,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { indiaDay, type TaxKind } from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { type TaxRateRow, useAddTaxRate, useTaxRates } from './api';
import './commissions.css';

export const TAX_LABELS: Record<TaxKind, string> = {
  gst: 'GST on fees',
  tds: 'TDS on commission (194H)',
  tdsNoPan: 'TDS without a PAN (206AA)',
};

/** Issue 13: /admin/tax-rate, GST and TDS rates with the day each takes effect. */
export function TaxRatePage() {
  return (
    <RequireMenuItem item="taxRate">
      <TaxRates />
    </RequireMenuItem>
  );
}

/** The rate in force today for each kind: the latest row whose day has begun. */
function inForce(rows: TaxRateRow[], today: string): Set<string> {
  const ids = new Set<string>();
  for (const kind of Object.keys(TAX_LABELS)) {
    const row = rows.find((each) => each.kind === kind && each.effectiveFrom <= today);
    if (row) ids.add(row.id);
  }
  return ids;
}

function TaxRates() {
  const rates = useTaxRates();
  const add = useAddTaxRate();
  const [form] = Form.useForm<{ kind: TaxKind; rate: number; effectiveFrom: string }>();
  const [saved, setSaved] = useState<string>();
  const today = indiaDay(new Date());
  const current = rates.data ? inForce(rates.data, today) : new Set<string>();

  const columns: TableColumnsType<TaxRateRow> = [
    { title: 'Tax', key: 'kind', render: (_, row) => TAX_LABELS[row.kind] },
    { title: 'Rate', key: 'rate', align: 'right', render: (_, row) => `${row.rate.toFixed(2)}%` },
    { title: 'From', dataIndex: 'effectiveFrom', key: 'effectiveFrom' },
    {
      title: 'State',
      key: 'state',
      render: (_, row) =>
        current.has(row.id) ? (
          <Tag color="green">In force</Tag>
        ) : row.effectiveFrom > today ? (
          <Tag color="blue">Upcoming</Tag>
        ) : (
          <Tag>Past</Tag>
        ),
    },
  ];

  const submit = async (values: { kind: TaxKind; rate: number; effectiveFrom: string }) => {
    setSaved(undefined);
    const answer = await add.mutateAsync({
      kind: values.kind,
      rate: values.rate,
      effectiveFrom: values.effectiveFrom,
    });
    setSaved(answer.message);
    form.resetFields();
  };

  return (
    <AdminPage
      title="Tax Rates"
      intro="GST inside the payout fee and TDS withheld from commissions. A posting uses the rate in force on its India day; earlier rates stay as history."
    >
      <Card title="Add a rate" size="small" className="commissions__card">
        <Form
          form={form}
          layout="vertical"
          initialValues={{ kind: 'gst', effectiveFrom: today }}
          onFinish={(values) => void submit(values).catch(() => undefined)}
        >
          <div className="commissions__form-row">
            <Form.Item name="kind" label="Tax" rules={[{ required: true }]}>
              <Select
                options={Object.entries(TAX_LABELS).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
            <Form.Item
              name="rate"
              label="Rate (%)"
              rules={[{ required: true, message: 'Please enter the rate.' }]}
            >
              <InputNumber min={0} max={100} step={0.01} precision={2} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="effectiveFrom" label="From (India day)" rules={[{ required: true }]}>
              <Input type="date" min={today} />
            </Form.Item>
            <Form.Item label=" ">
              <Button type="primary" htmlType="submit" loading={add.isPending}>
                Add rate
              </Button>
            </Form.Item>
          </div>
        </Form>
        {add.isError && <Alert type="error" showIcon title={add.error.message} />}
        {saved && <Alert type="success" showIcon title={saved} />}
      </Card>
      {rates.isPending && <Skeleton active />}
      {rates.isError && <Alert type="error" showIcon title={rates.error.message} />}
      {rates.isSuccess && (
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rates.data}
          pagination={false}
          scroll={{ x: true }}
        />
      )}
    </AdminPage>
  );
}
