import { useState } from 'react';
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
  if (!services.includes('payout') && kind !== 'admin') {
    return (
      <AdminStatus
        status={403}
        title="Not available to you"
        message="Your account does not have the payout service. Ask your distributor or Khata support to enable it."
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
          canPay={(beneficiary) => beneficiary.registered !== false}
          onPay={pay}
          onLastTransactions={setChecking}
        />
      )}
    >
      <LastTransactionsModal beneficiary={checking} onClose={() => setChecking(undefined)} />
    </PayoutScreen>
  );
}
