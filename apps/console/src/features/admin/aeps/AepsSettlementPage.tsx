import { useState } from 'react';
import { Alert, Button, Card, Empty } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  approvedAepsAccounts,
  canAddAepsAccount,
  MAX_AEPS_ACCOUNTS,
  Messages,
} from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { AddBeneficiaryModal } from '../payouts/AddBeneficiaryModal';
import { payoutKeys, useBeneficiaries, type Beneficiary } from '../payouts/api';
import { beneficiariesLoadError, BeneficiaryList } from '../payouts/BeneficiaryList';
import { PayoutForm } from '../payouts/PayoutForm';
import type { TransactionRecord } from '../transactions/api';
import { ReceiptModal } from '../transactions/ReceiptModal';
import '../payouts/payouts.css';

/** Spec §2, §5: /admin/aepsPayments, settling the AEPS balance to an approved bank account. */
export function AepsSettlementPage() {
  return (
    <RequireMenuItem item="aepsSettlement">
      <AepsSettlement />
    </RequireMenuItem>
  );
}

function AepsSettlement() {
  const queryClient = useQueryClient();
  const accounts = useBeneficiaries('aeps');
  const [adding, setAdding] = useState(false);
  const [paying, setPaying] = useState<Beneficiary>();
  const [receipt, setReceipt] = useState<TransactionRecord>();
  const all = accounts.data ?? [];
  const approved = approvedAepsAccounts(all);
  // Spec §5: Add Beneficiary only while fewer than 2 accounts exist.
  const canAdd = accounts.isSuccess && canAddAepsAccount(all.length);

  const closeReceipt = () => {
    setReceipt(undefined);
    setPaying(undefined);
    void queryClient.invalidateQueries({ queryKey: payoutKeys.beneficiaries });
  };

  return (
    <AdminPage
      title="AEPS Settlement"
      intro={`Move your AEPS earnings to your own bank account. Up to ${MAX_AEPS_ACCOUNTS} accounts; each is approved by Khata before use. Fee ₹8 up to ₹25,000, ₹15 above.`}
      actions={
        canAdd && (
          <Button type="primary" onClick={() => setAdding(true)}>
            Add Beneficiary
          </Button>
        )
      }
    >
      <div className="payout__layout">
        <Card className="admin-card" title="Settlement accounts" loading={accounts.isPending}>
          {accounts.isSuccess && approved.length === 0 && (
            <Empty description={Messages.noActivatedAccount} />
          )}
          {accounts.isSuccess && approved.length < all.length && (
            <Alert
              className="payout__alert"
              type="info"
              showIcon
              title={`${all.length - approved.length} account${all.length - approved.length === 1 ? ' is' : 's are'} awaiting approval by Khata.`}
            />
          )}
          {/* Spec §5: only approved accounts are listed. */}
          {approved.length > 0 && (
            <BeneficiaryList
              beneficiaries={approved}
              loading={false}
              error={null}
              actionLabel="Settle"
              searchable={false}
              canPay={() => true}
              onPay={setPaying}
            />
          )}
          {accounts.isError && (
            <Alert type="error" showIcon title={beneficiariesLoadError(accounts.error)} />
          )}
        </Card>
        {paying && (
          <PayoutForm
            key={paying._id}
            beneficiary={paying}
            kind="aeps"
            onPaid={setReceipt}
            onCancel={() => setPaying(undefined)}
          />
        )}
      </div>
      <AddBeneficiaryModal open={adding} kind="aeps" onClose={() => setAdding(false)} />
      <ReceiptModal id={receipt?._id} known={receipt} onClose={closeReceipt} />
    </AdminPage>
  );
}
