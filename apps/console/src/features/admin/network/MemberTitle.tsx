import { Tag } from 'antd';
import type { NetworkMember } from '@khata/domain';
import { formatRupees } from '../common/money';
import { roleColor, roleLabel } from './labels';

/** A member as its tree node shows it: name and tags, then its money on a second line. */
export function MemberTitle({ member }: { member: NetworkMember }) {
  return (
    <span className="network-node" data-testid={`network-node-${member.mobile}`}>
      <span className="network-node__head">
        <span className="network-node__name">{member.name}</span>
        <Tag color={roleColor(member.role)} className="network-node__tag">
          {roleLabel(member.role)}
        </Tag>
        {member.status === 'blocked' && (
          <Tag color="red" className="network-node__tag">
            Blocked
          </Tag>
        )}
      </span>
      <span className="network-node__money">
        <span>
          Balance <b className="admin-amount">{formatRupees(member.balance)}</b>
        </span>
        <span>
          This month <b className="admin-amount">{formatRupees(member.monthVolume)}</b>
        </span>
        {member.childCount > 0 && <span>{member.childCount} below</span>}
      </span>
    </span>
  );
}
