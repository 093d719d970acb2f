import { Alert, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('rent');
  if (!breakdown) {
    return loading ? (
      <Skeleton active paragraph={{ rows: 2 }} />
    ) : (
      <Alert type="info" showIcon title={t('breakdown.empty')} className="rent-alert" />
    );
  }
  return (
    <Descriptions
      className="rent-breakdown"
      aria-label={t('breakdown.label')}
      bordered
      size="small"
      column={1}
      items={[
        {
          key: 'stamp',
          label: t('breakdown.stampDuty'),
          children: (
            <>
              {formatRupees(breakdown.stampDuty)}
              {breakdown.basis && <div className="rent-breakdown__basis">{breakdown.basis}</div>}
            </>
          ),
        },
        {
          key: 'charge',
          label: t('breakdown.serviceCharge'),
          children: formatRupees(breakdown.serviceCharge),
        },
        {
          key: 'total',
          label: t('breakdown.total'),
          children: <strong>{formatRupees(breakdown.total)}</strong>,
        },
        {
          key: 'commission',
          label: t('breakdown.commission'),
          children: formatRupees(breakdown.commission),
        },
      ]}
    />
  );
}
