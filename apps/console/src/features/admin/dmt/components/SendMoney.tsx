import { useState } from 'react';
import { Alert, Card, Skeleton, Tag } from 'antd';
import { PpiMessages } from '@khata/domain';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AppPath } from '../../../../app/paths';
import { ButtonLink } from '../../../../ui/ButtonLink';
import { formatRupees } from '../../common/money';
import { useRemitter } from '../../remitters/api';
import {
  RemitterMobileField,
  remitterMobileOf,
} from '../../remitters/components/RemitterMobileField';
import { RemitterSummary } from '../../remitters/components/RemitterSummary';
import { BENEFICIARY_PARAM, MOBILE_PARAM } from '../../remitters/params';
import { usePpiSender, type PpiSender } from '../api';
import { useTransferProduct } from '../product';
import { TransferForm, type TransferPlan } from './TransferForm';
import { TransferPlanCard } from './TransferPlanCard';
import { localizeMessage } from '../../../../i18n/messages';

/**
 * Issue 25: the counter's transfer. The customer's mobile finds the remitter (an unknown or
 * unverified one is sent to the Remitters screen first), then beneficiary, amount and mode,
 * then the plan of transfers, each sent with its own OTP and the retailer's PIN. For PPI the
 * look-up is the sender's (its wallet's tier and the provider's monthly limit, the month shown
 * PPI's); a minimum-KYC wallet is told why it cannot send.
 */
export function SendMoney() {
  const { t } = useTranslation('dmt');
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(() => params.get(MOBILE_PARAM) ?? '');
  const [plan, setPlan] = useState<TransferPlan>();
  const mobile = remitterMobileOf(typed);
  const { product } = useTransferProduct();
  const dmtLookup = useRemitter(product === 'dmt' ? mobile : undefined);
  const ppiLookup = usePpiSender(product === 'ppi' ? mobile : undefined);
  const lookup = product === 'ppi' ? ppiLookup : dmtLookup;
  const found = lookup.data?.remitter;
  const wallet = product === 'ppi' ? ppiLookup.data?.wallet : undefined;
  const ready = found && found.state !== 'otpPending' ? found : undefined;
  const maySend = ready && (product === 'dmt' || wallet?.mayTransfer === true);

  const onMobile = (value: string) => {
    setTyped(value);
    setPlan(undefined);
    const whole = remitterMobileOf(value);
    setParams(whole ? { [MOBILE_PARAM]: whole } : {}, { replace: true });
  };

  return (
    <div className="dmt-layout">
      <Card className="admin-card" title={t('send.title')}>
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
            title={found ? t('send.notFinished') : t('send.noRemitter')}
            action={
              <ButtonLink
                size="small"
                type="primary"
                to={{
                  pathname: AppPath.remitterKyc,
                  search: new URLSearchParams({ [MOBILE_PARAM]: mobile }).toString(),
                }}
              >
                {t('send.register')}
              </ButtonLink>
            }
          />
        )}
        {ready && <RemitterSummary remitter={ready} />}
        {ready && wallet && <PpiWalletLine wallet={wallet} />}
        {ready && wallet && !wallet.mayTransfer && (
          <Alert
            className="dmt-alert"
            type="error"
            showIcon
            role="alert"
            data-testid="ppi-minimum-kyc"
            title={localizeMessage(PpiMessages.minimumKyc)}
          />
        )}
        {ready && maySend && !plan && (
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

/** The sender's wallet as the provider answered: its KYC tier and its monthly limit. */
function PpiWalletLine({ wallet }: { wallet: NonNullable<PpiSender['wallet']> }) {
  const { t } = useTranslation('dmt');
  const full = wallet.tier === 'full';
  return (
    <p className="dmt-wallet" data-testid="ppi-wallet">
      <Trans
        t={t}
        i18nKey="send.ppiWallet"
        values={{
          tier: full ? t('send.tier.full') : t('send.tier.minimum'),
          limit: formatRupees(wallet.monthlyLimit),
        }}
        components={{
          tag: <Tag color={full ? 'green' : 'orange'} data-testid="ppi-wallet-tier" />,
        }}
      />
    </p>
  );
}
