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
import { useTranslation } from 'react-i18next';
import { indiaDay, TAX_KINDS, type TaxKind } from '@khata/domain';
import { formatDate } from '../../../i18n/format';
import { AdminPage } from '../common/AdminPage';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { type TaxRateRow, useAddTaxRate, useTaxRates } from './api';
import './commissions.css';
import { ScrollRegion } from '../../../ui/ScrollRegion';

/** Each tax's words in the reader's language. */
export const TAX_KEYS = {
  gst: 'tax.kind.gst',
  tds: 'tax.kind.tds',
  tdsNoPan: 'tax.kind.tdsNoPan',
} as const satisfies Record<TaxKind, string>;

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
  for (const kind of TAX_KINDS) {
    const row = rows.find((each) => each.kind === kind && each.effectiveFrom <= today);
    if (row) ids.add(row.id);
  }
  return ids;
}

function TaxRates() {
  const { t } = useTranslation('commissions');
  const rates = useTaxRates();
  const add = useAddTaxRate();
  const [form] = Form.useForm<{ kind: TaxKind; rate: number; effectiveFrom: string }>();
  const [saved, setSaved] = useState<string>();
  const today = indiaDay(new Date());
  const current = rates.data ? inForce(rates.data, today) : new Set<string>();

  const columns: TableColumnsType<TaxRateRow> = [
    { title: t('tax.tax'), key: 'kind', render: (_, row) => t(TAX_KEYS[row.kind]) },
    {
      title: t('tax.rate'),
      key: 'rate',
      align: 'right',
      render: (_, row) => `${row.rate.toFixed(2)}%`,
    },
    {
      title: t('tax.from'),
      key: 'effectiveFrom',
      render: (_, row) => formatDate(row.effectiveFrom),
    },
    {
      title: t('tax.state'),
      key: 'state',
      render: (_, row) =>
        current.has(row.id) ? (
          <Tag color="green">{t('tax.inForce')}</Tag>
        ) : row.effectiveFrom > today ? (
          <Tag color="blue">{t('tax.upcoming')}</Tag>
        ) : (
          <Tag>{t('tax.past')}</Tag>
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
    <AdminPage title={t('tax.title')} intro={t('tax.intro')}>
      <Card title={t('tax.addTitle')} size="small" className="commissions__card">
        <Form
          form={form}
          layout="vertical"
          initialValues={{ kind: 'gst', effectiveFrom: today }}
          onFinish={(values) => void submit(values).catch(() => undefined)}
        >
          <div className="commissions__form-row">
            <Form.Item name="kind" label={t('tax.tax')} rules={[{ required: true }]}>
              <Select options={TAX_KINDS.map((value) => ({ value, label: t(TAX_KEYS[value]) }))} />
            </Form.Item>
            <Form.Item
              name="rate"
              label={t('tax.rateField')}
              rules={[{ required: true, message: t('tax.rateRequired') }]}
            >
              <InputNumber min={0} max={100} step={0.01} precision={2} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="effectiveFrom" label={t('tax.fromField')} rules={[{ required: true }]}>
              <Input type="date" min={today} />
            </Form.Item>
            <Form.Item label=" ">
              <Button type="primary" htmlType="submit" loading={add.isPending}>
                {t('tax.add')}
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
        <ScrollRegion>
          <Table
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rates.data}
            pagination={false}
            scroll={{ x: true }}
          />
        </ScrollRegion>
      )}
    </AdminPage>
  );
}
