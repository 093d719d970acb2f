import { Descriptions, Space } from 'antd';
import type { BbpsComplaintFacts } from '@khata/domain';
import { formatDateTime } from '../../common/dates';
import { BbpsStatusTag, BbpsTag, CheckBbpsStatusButton, formatDueOn } from './BbpsTag';

/** A BBPS complaint's facts in the complaint drawer, with "Check status". */
export function BbpsComplaintFactsList({ id, facts }: { id: string; facts: BbpsComplaintFacts }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      className="complaint__facts"
      title={
        <Space>
          <BbpsTag />
          Bharat BillPay
        </Space>
      }
      extra={<CheckBbpsStatusButton id={id} facts={facts} size="middle" />}
      data-testid="bbps-complaint"
    >
      <Descriptions.Item label="BBPS complaint id">{facts.complaintId}</Descriptions.Item>
      <Descriptions.Item label="BBPS status">
        <BbpsStatusTag status={facts.status} />
        {facts.checkedAt && (
          <span className="report-table__sub">Checked {formatDateTime(facts.checkedAt)}</span>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="Due by">{formatDueOn(facts.dueOn)}</Descriptions.Item>
      <Descriptions.Item label={facts.type === 'transaction' ? 'Disposition' : 'Reason'}>
        {facts.disposition}
      </Descriptions.Item>
      {facts.party && (
        <Descriptions.Item label="Against">
          {facts.party === 'agent'
            ? 'Agent'
            : `Biller${facts.billerName ? `: ${facts.billerName}` : ''}`}
        </Descriptions.Item>
      )}
      {facts.bbpsReference && (
        <Descriptions.Item label="Payment">
          {facts.billerName} · BBPS reference {facts.bbpsReference}
        </Descriptions.Item>
      )}
      {facts.assignedTo && (
        <Descriptions.Item label="Assigned to (BBPS)">{facts.assignedTo}</Descriptions.Item>
      )}
      {facts.remarks && <Descriptions.Item label="BBPS remarks">{facts.remarks}</Descriptions.Item>}
    </Descriptions>
  );
}
