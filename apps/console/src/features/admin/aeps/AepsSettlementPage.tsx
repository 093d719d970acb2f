import { Alert, Empty } from 'antd';
import {
  aepsPlacesTaken,
  plural,
  approvedAepsAccounts,
  canAddAepsAccount,
  MAX_AEPS_ACCOUNTS,
  Messages,
} from '@khata/domain';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useBeneficiaries } from '../payouts/api';
import { beneficiariesLoadError, BeneficiaryList } from '../payouts/BeneficiaryList';
import { PayoutScreen } from '../payouts/PayoutScreen';
import { TransactionReportView } from '../transactions/TransactionReportView';
import { AepsAccountsWaiting } from './AepsAccountsWaiting';
import { AepsBalanceCard } from './AepsBalanceCard';

/** Spec §2, §5: /admin/aepsPayments, settling the AEPS balance to an approved bank account. */
export function AepsSettlementPage() {
  return (
    <RequireMenuItem item="aepsSettlement">
      <AepsSettlement />
    </RequireMenuItem>
  );
}

function AepsSettlement() {
  const accounts = useBeneficiaries('aeps');
  const all = accounts.data ?? [];
  const approved = approvedAepsAccounts(all);
  const waiting = all.filter((account) => account.activationStatus !== 'approved');
  const pending = waiting.filter((account) => account.activationStatus === 'pending').length;
  // Spec §5: Add Beneficiary only while fewer than 2 accounts exist; a rejected one holds no
  // place (issue 23), as the API counts.
  const canAdd = accounts.isSuccess && canAddAepsAccount(aepsPlacesTaken(all));

  return (
    <PayoutScreen
      kind="aeps"
      title="AEPS Settlement"
      intro={`Move your AEPS earnings to your own bank account. Up to ${MAX_AEPS_ACCOUNTS} accounts; each is approved by Khata before use. Fee ₹8 up to ₹25,000, ₹15 above.`}
      addLabel="Add Beneficiary"
      canAdd={canAdd}
      listTitle="Settlement accounts"
      listLoading={accounts.isPending}
      summary={<AepsBalanceCard />}
      list={(pay) => (
        <>
          {accounts.isSuccess && approved.length === 0 && (
            <Empty description={Messages.noActivatedAccount} />
          )}
          {accounts.isSuccess && pending > 0 && (
            <Alert
              className="payout__alert"
              type="info"
              showIcon
              title={`${plural(pending, 'account is', 'accounts are')} awaiting approval by Khata.`}
            />
          )}
          <AepsAccountsWaiting accounts={waiting} />
          {/* Spec §5: only approved accounts are listed. */}
          {approved.length > 0 && (
            <BeneficiaryList
              beneficiaries={approved}
              loading={false}
              error={null}
              actionLabel="Settle"
              searchable={false}
              canPay={() => true}
              onPay={pay}
            />
          )}
          {accounts.isError && (
            <Alert type="error" showIcon title={beneficiariesLoadError(accounts.error)} />
          )}
        </>
      )}
    >
      <TransactionReportView preset="aepsSettlements" sectionTitle="AEPS settlements" />
    </PayoutScreen>
  );
}
