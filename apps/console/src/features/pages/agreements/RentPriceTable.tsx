import { Alert, Skeleton, Table, Tag } from 'antd';
import { formatPaise } from '@khata/domain';
import { useRentPrices, type RentPricesDto } from './api';

const rupees = (value: number | undefined) =>
  value === undefined ? '—' : formatPaise(Math.round(value * 100)).replace(/\.00$/, '');

type Row = RentPricesDto['states'][number];

/**
 * The price by state, from the API's stamp-duty table (the rule that charges it): a sample
 * 11-month agreement at ₹15,000 rent and ₹30,000 deposit, with each rule's basis, and whether
 * its figure is sourced or our configuration.
 */
export function RentPriceTable() {
  const prices = useRentPrices();
  if (prices.isPending) return <Skeleton active />;
  if (prices.error) {
    return (
      <Alert type="warning" showIcon title="Prices could not be loaded. Please try again later." />
    );
  }
  return (
    <Table<Row>
      className="rent-prices"
      rowKey="code"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={prices.data.states}
      columns={[
        { key: 'state', title: 'State', dataIndex: 'name' },
        { key: 'stamp', title: 'Stamp duty', render: (_, row) => rupees(row.sample?.stampDuty) },
        {
          key: 'charge',
          title: 'Service charge',
          render: (_, row) => rupees(row.sample?.serviceCharge),
        },
        {
          key: 'total',
          title: 'Total',
          render: (_, row) => <strong>{rupees(row.sample?.total)}</strong>,
        },
        {
          key: 'basis',
          title: 'How the stamp duty is worked out',
          render: (_, row) => (
            <>
              {row.basis}
              {row.kind === 'configuration' && (
                <Tag className="rent-prices__tag" color="gold">
                  to confirm
                </Tag>
              )}
              {row.registrationAlways && <div>Registration is required at any term.</div>}
            </>
          ),
        },
      ]}
    />
  );
}
