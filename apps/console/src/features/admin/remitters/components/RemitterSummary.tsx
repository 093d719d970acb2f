import { Descriptions, Progress, Tag } from 'antd';
import { formatRupees } from '../../common/money';
import type { Remitter } from '../api';
import { REMITTER_STATE_LABELS } from '../labels';

/**
 * Who the customer is to DMT: name, mobile, KYC state, and what is left of this month's limit
 * (India's calendar month, across every shop: one remitter, one limit).
 */
export function RemitterSummary({ remitter }: { remitter: Remitter }) {
  const state = REMITTER_STATE_LABELS[remitter.state];
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
            label: 'Name',
            children: <strong data-testid="remitter-name">{remitter.name}</strong>,
          },
          { key: 'mobile', label: 'Mobile', children: remitter.mobile },
          {
            key: 'state',
            label: 'KYC',
            children: (
              <Tag color={state.color} data-testid="remitter-state">
                {state.label}
              </Tag>
            ),
          },
          {
            key: 'left',
            label: 'Left this month',
            children: (
              <span className="dmt-remitter__left">
                <strong data-testid="remitter-month-left">{formatRupees(left)}</strong>
                <span className="dmt-remitter__of">
                  {' '}
                  of {formatRupees(limit)} ({formatRupees(used)} sent)
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
        aria-label="This month's limit used"
      />
    </div>
  );
}
