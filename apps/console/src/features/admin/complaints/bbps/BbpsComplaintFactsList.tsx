import { Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BbpsComplaintFacts } from '@khata/domain';
import { formatDateTime } from '../../common/dates';
import { BbpsStatusTag, BbpsTag, CheckBbpsStatusButton, formatDueOn } from './BbpsTag';
import { dispositionText } from './choices';

/** A BBPS complaint's facts in the complaint drawer, with "Check status". */
export function BbpsComplaintFactsList({ id, facts }: { id: string; facts: BbpsComplaintFacts }) {
  const { t } = useTranslation('complaints');
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      className="complaint__facts"
      title={
        <Space>
          <BbpsTag />
          {t('bbps.facts.title')}
        </Space>
      }
      extra={<CheckBbpsStatusButton id={id} facts={facts} size="middle" />}
      data-testid="bbps-complaint"
    >
      <Descriptions.Item label={t('bbps.facts.complaintId')}>{facts.complaintId}</Descriptions.Item>
      <Descriptions.Item label={t('bbps.facts.status')}>
        <BbpsStatusTag status={facts.status} />
        {facts.checkedAt && (
          <span className="report-table__sub">
            {t('bbps.facts.checked', { date: formatDateTime(facts.checkedAt) })}
          </span>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('bbps.facts.dueBy')}>
        {formatDueOn(facts.dueOn)}
      </Descriptions.Item>
      <Descriptions.Item
        label={facts.type === 'transaction' ? t('bbps.facts.disposition') : t('bbps.facts.reason')}
      >
        {dispositionText(t, facts.disposition)}
      </Descriptions.Item>
      {facts.party && (
        <Descriptions.Item label={t('bbps.facts.against')}>
          {facts.party === 'agent'
            ? t('bbps.facts.agent')
            : facts.billerName
              ? t('bbps.facts.billerNamed', { name: facts.billerName })
              : t('bbps.facts.biller')}
        </Descriptions.Item>
      )}
      {facts.bbpsReference && (
        <Descriptions.Item label={t('bbps.facts.payment')}>
          {t('bbps.facts.paymentValue', {
            biller: facts.billerName,
            reference: facts.bbpsReference,
          })}
        </Descriptions.Item>
      )}
      {facts.assignedTo && (
        <Descriptions.Item label={t('bbps.facts.assignedTo')}>{facts.assignedTo}</Descriptions.Item>
      )}
      {facts.remarks && (
        <Descriptions.Item label={t('bbps.facts.remarks')}>{facts.remarks}</Descriptions.Item>
      )}
    </Descriptions>
  );
}
