import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayPayOut } from '@khata/domain';
import { AdminStatus } from '../common/AdminStatus';
import { useAdminUser } from '../session/adminUser';
import { useBeneficiaries, type Beneficiary } from './api';
import { BeneficiaryList } from './BeneficiaryList';
import { LastTransactionsModal } from './LastTransactionsModal';
import { PayoutScreen } from './PayoutScreen';

/**
 * /admin/dmt: bank payouts to saved beneficiaries (spec §2, §4, §5). Open to whoever holds
 * the payout service, and to admins (the unlimited payout); the API decides the same.
 */
export function BankPayoutPage() {
  const { t } = useTranslation('payouts');
  const { services, kind } = useAdminUser();
  if (!mayPayOut(kind, services)) {
    return (
      <AdminStatus
        status={403}
        title={t('bankPayout.notAvailable')}
        message={t('bankPayout.noService')}
      />
    );
  }
  return <BankPayout />;
}

function BankPayout() {
  const { t } = useTranslation('payouts');
  const beneficiaries = useBeneficiaries('bank');
  const [checking, setChecking] = useState<Beneficiary>();

  return (
    <PayoutScreen
      kind="bank"
      title={t('bankPayout.title')}
      intro={t('bankPayout.intro')}
      addLabel={t('bankPayout.add')}
      listTitle={t('bankPayout.listTitle')}
      list={(pay) => (
        <BeneficiaryList
          beneficiaries={beneficiaries.data}
          loading={beneficiaries.isPending}
          error={beneficiaries.error}
          actionLabel={t('bankPayout.pay')}
          canPay={(beneficiary) => beneficiary.type === 'aeps' || beneficiary.registered}
          onPay={pay}
          onLastTransactions={setChecking}
        />
      )}
    >
      <LastTransactionsModal beneficiary={checking} onClose={() => setChecking(undefined)} />
    </PayoutScreen>
  );
}
