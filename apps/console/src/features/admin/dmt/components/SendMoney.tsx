import { useState } from 'react';
import { Alert, Card, Skeleton } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { AppPath } from '../../../../app/paths';
import { ButtonLink } from '../../../../ui/ButtonLink';
import { useRemitter } from '../../remitters/api';
import {
  RemitterMobileField,
  remitterMobileOf,
} from '../../remitters/components/RemitterMobileField';
import { RemitterSummary } from '../../remitters/components/RemitterSummary';
import { BENEFICIARY_PARAM, MOBILE_PARAM } from '../../remitters/params';
import { TransferForm, type TransferPlan } from './TransferForm';
import { TransferPlanCard } from './TransferPlanCard';

/**
 * Issue 25: the counter's transfer. The customer's mobile finds the remitter (an unknown or
 * unverified one is sent to the Remitters screen first), then beneficiary, amount and mode,
 * then the plan of transfers, each sent with its own OTP and the retailer's PIN.
 */
export function SendMoney() {
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(() => params.get(MOBILE_PARAM) ?? '');
  const [plan, setPlan] = useState<TransferPlan>();
  const mobile = remitterMobileOf(typed);
  const lookup = useRemitter(mobile);
  const found = lookup.data?.remitter;
  const ready = found && found.state !== 'otpPending' ? found : undefined;

  const onMobile = (value: string) => {
    setTyped(value);
    setPlan(undefined);
    const whole = remitterMobileOf(value);
    setParams(whole ? { [MOBILE_PARAM]: whole } : {}, { replace: true });
  };

  return (
    <div className="dmt-layout">
      <Card className="admin-card" title="Send money">
        <RemitterMobileField
          value={typed}
          onChange={onMobile}
          loading={lookup.isFetching}
          error={lookup.error?.message}
        />
        {mobile && lookup.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
        {mobile && lookup.data && !ready && (
          <Alert
            className="dmt-alert"
            type="info"
            showIcon
            title={
              found
                ? 'This customer has not finished registering: verify their mobile with the OTP first.'
                : 'No remitter has this number: register the customer first.'
            }
            action={
              <ButtonLink
                size="small"
                type="primary"
                to={{
                  pathname: AppPath.remitterKyc,
                  search: new URLSearchParams({ [MOBILE_PARAM]: mobile }).toString(),
                }}
              >
                Register
              </ButtonLink>
            }
          />
        )}
        {ready && <RemitterSummary remitter={ready} />}
        {ready && !plan && (
          <TransferForm
            key={ready.id}
            remitter={ready}
            beneficiaryId={params.get(BENEFICIARY_PARAM) ?? undefined}
            onPlan={setPlan}
          />
        )}
      </Card>
      {plan && <TransferPlanCard plan={plan} onClose={() => setPlan(undefined)} />}
    </div>
  );
}
