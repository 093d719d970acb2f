import { Tag, Tooltip } from 'antd';
import { kycLabel, KycMessages, type KycState } from '@khata/domain';

export { KYC_STATE_LABELS } from '@khata/domain';

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
  const unchecked = state === 'approved' && !checked;
  return (
    <span className="kyc-tags" data-testid="kyc-tags">
      {unchecked ? (
        <Tooltip title="Payouts are on, but no KYC documents were checked: an account from before KYC, or a partner vetted by an admin.">
          <Tag color="warning" data-kyc-state={state} data-kyc-checked="false">
            {kycLabel({ state, checked })}
          </Tag>
        </Tooltip>
      ) : (
        <Tag color={COLOR[state]} data-kyc-state={state}>
          {kycLabel({ state, checked })}
        </Tag>
      )}
      {!panOnFile && (
        <Tag color="orange" data-testid="no-pan">
          {KycMessages.noPanOnFile}
        </Tag>
      )}
    </span>
  );
}
