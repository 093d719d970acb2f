import { Alert, Descriptions, Skeleton } from 'antd';
import { formatRupees } from '../common/money';

export interface Breakdown {
  stampDuty: number | null;
  serviceCharge: number | null;
  total: number | null;
  commission: number | null;
  basis?: string;
}

/** Stamp duty + service charge = what the wallet pays; the shop's commission beside it. */
export function RentBreakdown({
  breakdown,
  loading,
}: {
  breakdown?: Breakdown;
  loading?: boolean;
}) {
  if (!breakdown) {
    return loading ? (
      <Skeleton active paragraph={{ rows: 2 }} />
    ) : (
      <Alert
        type="info"
        showIcon
        title="Choose the state and enter the rent to see the price."
        className="rent-alert"
      />
    );
  }
  return (
    <Descriptions
      className="rent-breakdown"
      aria-label="Price breakdown"
      bordered
      size="small"
      column={1}
      items={[
        {
          key: 'stamp',
          label: 'Stamp duty',
          children: (
            <>
              {formatRupees(breakdown.stampDuty)}
              {breakdown.basis && <div className="rent-breakdown__basis">{breakdown.basis}</div>}
            </>
          ),
        },
        {
          key: 'charge',
          label: 'Service charge (GST included)',
          children: formatRupees(breakdown.serviceCharge),
        },
        {
          key: 'total',
          label: 'Debited from your wallet',
          children: <strong>{formatRupees(breakdown.total)}</strong>,
        },
        {
          key: 'commission',
          label: 'Your commission (before TDS)',
          children: formatRupees(breakdown.commission),
        },
      ]}
    />
  );
}
