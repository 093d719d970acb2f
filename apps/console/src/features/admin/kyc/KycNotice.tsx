import { Alert, Button } from 'antd';
import { Link } from 'react-router-dom';
import { kycPromise, needsKyc } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { useAdminUser } from '../session/adminUser';
import { useKycStatus } from './api';

/**
 * The dashboard's reminder while KYC is not approved: what is waiting, and the way to the
 * KYC screen. Nothing for admins, who need no KYC, once it is approved, or when none of the
 * user's services waits for it (issue 23: no promise where KYC switches nothing on).
 */
export function KycNotice() {
  const { kind } = useAdminUser();
  const applies = kind !== undefined && needsKyc(kind);
  const status = useKycStatus(applies);
  const state = status.data?.state;
  const promise = state && kycPromise(state, status.data?.awaitingKyc ?? []);
  if (!applies || !state || !promise) return null;
  return (
    <Alert
      className="kyc-notice"
      type={state === 'rejected' ? 'error' : 'info'}
      showIcon
      title={promise}
      description={status.data?.reason ? `Reason: ${status.data.reason}` : undefined}
      data-testid="kyc-notice"
      action={
        state !== 'submitted' && (
          <Link to={AppPath.kyc}>
            <Button size="small" type="primary">
              {state === 'rejected' ? 'Send KYC again' : 'Complete KYC'}
            </Button>
          </Link>
        )
      }
    />
  );
}
