import { useState } from 'react';
import { Button, Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { AdminPage } from '../common/AdminPage';
import { AdminStatus } from '../common/AdminStatus';
import { useAdminUser } from '../session/adminUser';
import type { TransactionRecord } from '../transactions/api';
import { ReceiptModal } from '../transactions/ReceiptModal';
import { AddBeneficiaryModal } from './AddBeneficiaryModal';
import { payoutKeys, useBeneficiaries, type Beneficiary } from './api';
import { BeneficiaryList } from './BeneficiaryList';
import { LastTransactionsModal } from './LastTransactionsModal';
import { PayoutForm } from './PayoutForm';
import './payouts.css';

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
  const queryClient = useQueryClient();
  const beneficiaries = useBeneficiaries('bank');
  const [adding, setAdding] = useState(false);
  const [paying, setPaying] = useState<Beneficiary>();
  const [checking, setChecking] = useState<Beneficiary>();
  const [receipt, setReceipt] = useState<TransactionRecord>();

  // Spec §4: closing the receipt reloads the screen: fresh lists, an empty form.
  const closeReceipt = () => {
    setReceipt(undefined);
    setPaying(undefined);
    void queryClient.invalidateQueries({ queryKey: payoutKeys.beneficiaries });
  };

  return (
    <AdminPage
      title="Bank Payout"
      intro="Pay a saved beneficiary by IMPS, NEFT or RTGS. Add and verify beneficiaries first."
      actions={
        <Button type="primary" onClick={() => setAdding(true)}>
          Add beneficiary
        </Button>
      }
    >
      <div className="payout__layout">
        <Card className="admin-card" title="Beneficiaries">
          <BeneficiaryList
            beneficiaries={beneficiaries.data}
            loading={beneficiaries.isPending}
            error={beneficiaries.error}
            actionLabel="Pay"
            canPay={(beneficiary) => beneficiary.registered !== false}
            onPay={setPaying}
            onLastTransactions={setChecking}
          />
        </Card>
        {paying && (
          <PayoutForm
            key={paying._id}
            beneficiary={paying}
            kind="payout"
            onPaid={setReceipt}
            onCancel={() => setPaying(undefined)}
          />
        )}
      </div>
      <AddBeneficiaryModal open={adding} kind="bank" onClose={() => setAdding(false)} />
      <LastTransactionsModal beneficiary={checking} onClose={() => setChecking(undefined)} />
      <ReceiptModal id={receipt?._id} known={receipt} onClose={closeReceipt} />
    </AdminPage>
  );
}
