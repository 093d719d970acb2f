import { useState } from 'react';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AppPath } from '../../../../app/paths';
import { ButtonLink } from '../../../../ui/ButtonLink';
import { AdminPage } from '../../common/AdminPage';
import { RequireMenuItem } from '../../common/RequireMenuItem';
import { useAdminUser } from '../../session/adminUser';
import { useRemitter, type Remitter } from '../api';
import { AddBeneficiaryModal } from '../components/AddBeneficiaryModal';
import { EkycStep } from '../components/EkycStep';
import { RegisterRemitter } from '../components/RegisterRemitter';
import { RemitterBeneficiaries } from '../components/RemitterBeneficiaries';
import { RemitterMobileField, remitterMobileOf } from '../components/RemitterMobileField';
import { RemitterSummary } from '../components/RemitterSummary';
import { mayActInDmt } from '@khata/domain';
import { BENEFICIARY_PARAM, MOBILE_PARAM } from '../params';
import '../dmt.css';

/** Issue 25: /admin/remitterKyc, the walk-in customers of money transfer and their KYC. */
export function RemitterKycPage() {
  return (
    <RequireMenuItem item="remitterKyc">
      <RemitterKyc />
    </RequireMenuItem>
  );
}

function RemitterKyc() {
  const { t } = useTranslation('remitters');
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(() => params.get(MOBILE_PARAM) ?? '');
  const mobile = remitterMobileOf(typed);
  const lookup = useRemitter(mobile);
  const { services } = useAdminUser();
  const acts = mayActInDmt(services);

  const onMobile = (value: string) => {
    setTyped(value);
    // The address keeps the customer, so a reload (or the way back from a transfer) finds them.
    const whole = remitterMobileOf(value);
    setParams(whole ? { [MOBILE_PARAM]: whole } : {}, { replace: true });
  };

  const found = lookup.data?.remitter;
  const registered = found && found.state !== 'otpPending' ? found : undefined;

  return (
    <AdminPage title={t('page.title')} intro={t('page.intro')}>
      <div className="dmt-layout">
        <Card className="admin-card" title={t('page.customer')}>
          <RemitterMobileField
            value={typed}
            onChange={onMobile}
            loading={lookup.isFetching}
            error={lookup.error?.message}
          />
          {mobile && lookup.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
          {mobile && lookup.data && !registered && acts && (
            <RegisterRemitter
              key={mobile}
              mobile={mobile}
              otpSent={found?.state === 'otpPending'}
            />
          )}
          {mobile && lookup.data && !found && !acts && (
            <Alert className="dmt-alert" type="info" showIcon title={t('page.noRemitter')} />
          )}
          {registered && <RemitterSummary remitter={registered} />}
          {registered?.state === 'registered' && acts && <EkycStep remitter={registered} />}
        </Card>
        {registered && <Beneficiaries remitter={registered} acts={acts} />}
      </div>
    </AdminPage>
  );
}

function Beneficiaries({ remitter, acts }: { remitter: Remitter; acts: boolean }) {
  const { t } = useTranslation('remitters');
  const [adding, setAdding] = useState(false);
  return (
    <Card
      className="admin-card"
      title={t('beneficiaries.title')}
      extra={
        acts && (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('beneficiaries.add')}
          </Button>
        )
      }
    >
      <RemitterBeneficiaries
        remitter={remitter}
        readOnly={!acts}
        actions={(beneficiary) =>
          acts && (
            <ButtonLink
              size="small"
              type="primary"
              to={{
                pathname: AppPath.dmtPayments,
                search: new URLSearchParams({
                  [MOBILE_PARAM]: remitter.mobile,
                  [BENEFICIARY_PARAM]: beneficiary.id,
                }).toString(),
              }}
            >
              {t('beneficiaries.sendMoney')}
            </ButtonLink>
          )
        }
      />
      <AddBeneficiaryModal remitter={remitter} open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
