import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../../../i18n/messages';
import { KycMessages, type KycState } from '@khata/domain';
import { useAdminLabels } from '../common/labels';

const COLOR: Record<KycState, string> = {
  none: 'default',
  submitted: 'processing',
  approved: 'success',
  rejected: 'error',
};

/**
 * A user's KYC as every screen shows it (issue 23): "Approved" only when documents were
 * checked ("Not checked" for an approval with nothing behind it), and "No PAN on file" beside
 * it when TDS on commission is withheld at the no-PAN rate. A submission's own state (the
 * reviewers' queue) passes only `state`.
 */
export function KycStateTag({
  state,
  checked = true,
  panOnFile = true,
}: {
  state: KycState;
  checked?: boolean;
  panOnFile?: boolean;
}) {
  const { t } = useTranslation('kyc');
  const labels = useAdminLabels();
  const unchecked = state === 'approved' && !checked;
  // libs/domain's kycLabel: "Approved" only when documents were checked.
  const label = unchecked ? localizeMessage(KycMessages.notChecked) : labels.kycState(state);
  return (
    <span className="kyc-tags" data-testid="kyc-tags">
      {unchecked ? (
        <Tooltip title={t('tag.uncheckedTip')}>
          <Tag color="warning" data-kyc-state={state} data-kyc-checked="false">
            {label}
          </Tag>
        </Tooltip>
      ) : (
        <Tag color={COLOR[state]} data-kyc-state={state}>
          {label}
        </Tag>
      )}
      {!panOnFile && (
        <Tag color="orange" data-testid="no-pan">
          {localizeMessage(KycMessages.noPanOnFile)}
        </Tag>
      )}
    </span>
  );
}
