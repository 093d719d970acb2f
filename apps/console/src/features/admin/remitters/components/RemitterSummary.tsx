import { Descriptions, Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../common/money';
import type { Remitter } from '../api';
import type { RemitterState } from '@khata/domain';

/** A remitter's KYC state in the words the counter uses, and its tag's colour. */
const REMITTER_STATE_KEYS = {
  otpPending: 'state.remitter.otpPending',
  registered: 'state.remitter.registered',
  ekycDone: 'state.remitter.ekycDone',
} as const satisfies Record<RemitterState, string>;

const REMITTER_STATE_COLORS: Record<RemitterState, string> = {
  otpPending: 'orange',
  registered: 'gold',
  ekycDone: 'green',
};

/**
 * Who the customer is to DMT: name, mobile, KYC state, and what is left of this month's limit
 * (India's calendar month, across every shop: one remitter, one limit).
 */
export function RemitterSummary({ remitter }: { remitter: Remitter }) {
  const { t } = useTranslation('remitters');
  const { used, left, limit } = remitter.month;
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div className="dmt-remitter" data-testid="remitter-summary">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'name',
            label: t('summary.name'),
            children: <strong data-testid="remitter-name">{remitter.name}</strong>,
          },
          { key: 'mobile', label: t('summary.mobile'), children: remitter.mobile },
          {
            key: 'state',
            label: t('summary.kyc'),
            children: (
              <Tag color={REMITTER_STATE_COLORS[remitter.state]} data-testid="remitter-state">
                {t(REMITTER_STATE_KEYS[remitter.state])}
              </Tag>
            ),
          },
          {
            key: 'left',
            label: t('summary.leftThisMonth'),
            children: (
              <span className="dmt-remitter__left">
                <strong data-testid="remitter-month-left">{formatRupees(left)}</strong>
                <span className="dmt-remitter__of">
                  {' '}
                  {t('summary.ofLimit', { limit: formatRupees(limit), used: formatRupees(used) })}
                </span>
              </span>
            ),
          },
        ]}
      />
      <Progress
        percent={percent}
        showInfo={false}
        size="small"
        status={left <= 0 ? 'exception' : 'normal'}
        aria-label={t('summary.limitUsed')}
      />
    </div>
  );
}
