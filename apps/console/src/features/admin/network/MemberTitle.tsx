import { Tag } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import type { NetworkMember } from '@khata/domain';
import { formatCount } from '../../../i18n/format';
import { formatRupees } from '../common/money';
import { roleColor, roleLabel } from './labels';

/** A member as its tree node shows it: name and tags, then its money on a second line. */
export function MemberTitle({ member }: { member: NetworkMember }) {
  const { t } = useTranslation('network');
  return (
    <span className="network-node" data-testid={`network-node-${member.mobile}`}>
      <span className="network-node__head">
        <span className="network-node__name">{member.name}</span>
        <Tag color={roleColor(member.role)} className="network-node__tag">
          {roleLabel(member.role, t)}
        </Tag>
        {member.status === 'blocked' && (
          <Tag color="red" className="network-node__tag">
            {t('member.blocked')}
          </Tag>
        )}
      </span>
      <span className="network-node__money">
        <span>
          <Trans
            t={t}
            i18nKey="member.balance"
            values={{ amount: formatRupees(member.balance) }}
            components={{ amount: <b className="admin-amount" /> }}
          />
        </span>
        <span>
          <Trans
            t={t}
            i18nKey="member.thisMonth"
            values={{ amount: formatRupees(member.monthVolume) }}
            components={{ amount: <b className="admin-amount" /> }}
          />
        </span>
        {member.childCount > 0 && (
          <span>
            {t('member.below', { count: member.childCount, total: formatCount(member.childCount) })}
          </span>
        )}
      </span>
    </span>
  );
}
