import { useState } from 'react';
import { mayPayOut, NO_PAYOUT_SERVICE_MESSAGE } from '@khata/domain';
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
  const { services, kind } = useAdminUser();
  if (!mayPayOut(kind, services)) {
    return (
      <AdminStatus
        status={403}
        title="Not available to you"
        message={`${NO_PAYOUT_SERVICE_MESSAGE} Ask your distributor or Khata support to enable it.`}
      />
    );
  }
  return <BankPayout />;
}

function BankPayout() {
  const beneficiaries = useBeneficiaries('bank');
  const [checking, setChecking] = useState<Beneficiary>();

  return (
    <PayoutScreen
      kind="bank"
      title="Bank Payout"
      intro="Pay a saved beneficiary by IMPS, NEFT or RTGS. Add and verify beneficiaries first."
      addLabel="Add beneficiary"
      listTitle="Beneficiaries"
      list={(pay) => (
        <BeneficiaryList
          beneficiaries={beneficiaries.data}
          loading={beneficiaries.isPending}
          error={beneficiaries.error}
          actionLabel="Pay"
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
