import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { asksForPan, kycPromise, needsKyc } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { useAdminUser } from '../session/adminUser';
import { useKycStatus } from './api';
import { PanTask } from './PanTask';

/**
 * The dashboard's reminder while KYC is not approved: what is waiting, and the way to the
 * KYC screen. Nothing for admins, who need no KYC, or when none of the user's services waits
 * for it (issue 23: no promise where KYC switches nothing on); once approved, the PAN task while
 * no PAN is on file (issue 23: TDS on commission at 20% until then).
 */
export function KycNotice() {
  const { t } = useTranslation('kyc');
  const { kind } = useAdminUser();
  const applies = kind !== undefined && needsKyc(kind);
  const status = useKycStatus(applies);
  const state = status.data?.state;
  if (!applies || !state || !status.data) return null;
  if (state === 'approved') return <PanTask needed={asksForPan(kind, status.data)} />;
  const promise = kycPromise(state, status.data.awaitingKyc ?? []);
  if (!promise) return null;
  return (
    <Alert
      className="kyc-notice"
      type={state === 'rejected' ? 'error' : 'info'}
      showIcon
      title={promise}
      description={status.data?.reason ? t('reason', { reason: status.data.reason }) : undefined}
      data-testid="kyc-notice"
      action={
        state !== 'submitted' && (
          <Link to={AppPath.kyc}>
            <Button size="small" type="primary">
              {state === 'rejected' ? t('notice.sendAgain') : t('notice.complete')}
            </Button>
          </Link>
        )
      }
    />
  );
}
