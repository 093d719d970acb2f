import { Alert, Skeleton, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../i18n/format';
import { useRentPrices, type RentPricesDto } from './api';
import { ScrollRegion } from '../../../ui/ScrollRegion';

const rupees = (value: number | undefined) =>
  value === undefined ? '—' : formatMoney(Math.round(value * 100)).replace(/\.00$/, '');

type Row = RentPricesDto['states'][number];

/**
 * The price by state, from the API's stamp-duty table (the rule that charges it): a sample
 * 11-month agreement at ₹15,000 rent and ₹30,000 deposit, with each rule's basis, and whether
 * its figure is sourced or our configuration.
 */
export function RentPriceTable() {
  const { t } = useTranslation('pages');
  const prices = useRentPrices();
  if (prices.isPending) return <Skeleton active />;
  if (prices.error) {
    return <Alert type="warning" showIcon title={t('agreements.prices.failed')} />;
  }
  return (
    <ScrollRegion>
      <Table<Row>
        className="rent-prices"
        rowKey="code"
        size="small"
        pagination={false}
        scroll={{ x: true }}
        dataSource={prices.data.states}
        columns={[
          { key: 'state', title: t('agreements.prices.state'), dataIndex: 'name' },
          {
            key: 'stamp',
            title: t('agreements.prices.stampDuty'),
            render: (_, row) => rupees(row.sample?.stampDuty),
          },
          {
            key: 'charge',
            title: t('agreements.prices.serviceCharge'),
            render: (_, row) => rupees(row.sample?.serviceCharge),
          },
          {
            key: 'total',
            title: t('agreements.prices.total'),
            render: (_, row) => <strong>{rupees(row.sample?.total)}</strong>,
          },
          {
            key: 'basis',
            title: t('agreements.prices.basis'),
            render: (_, row) => (
              <>
                {row.basis}
                {row.kind === 'configuration' && (
                  <Tag className="rent-prices__tag" color="gold">
                    {t('agreements.prices.toConfirm')}
                  </Tag>
                )}
                {row.registrationAlways && <div>{t('agreements.prices.registrationAlways')}</div>}
              </>
            ),
          },
        ]}
      />
    </ScrollRegion>
  );
}
