import { Alert, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AEPS_FEE_ABOVE_SLAB,
  AEPS_FEE_SLAB_MAX,
  AEPS_FEE_UP_TO_SLAB,
  aepsPlacesTaken,
  approvedAepsAccounts,
  canAddAepsAccount,
  MAX_AEPS_ACCOUNTS,
  Messages,
  RUPEE,
} from '@khata/domain';
import { formatCount } from '../../../i18n/format';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useBeneficiaries } from '../payouts/api';
import { beneficiariesLoadError, BeneficiaryList } from '../payouts/BeneficiaryList';
import { PayoutScreen } from '../payouts/PayoutScreen';
import { TransactionReportView } from '../transactions/TransactionReportView';
import { AepsAccountsWaiting } from './AepsAccountsWaiting';
import { AepsBalanceCard } from './AepsBalanceCard';
import { localizeMessage } from '../../../i18n/messages';

/** Spec §2, §5: /admin/aepsPayments, settling the AEPS balance to an approved bank account. */
export function AepsSettlementPage() {
  return (
    <RequireMenuItem item="aepsSettlement">
      <AepsSettlement />
    </RequireMenuItem>
  );
}

/** Whole rupees as the intro says them ("₹25,000"): the fees are whole rupees. */
function wholeRupees(paise: number): string {
  return formatCount(paise / RUPEE);
}

function AepsSettlement() {
  const { t } = useTranslation('aeps');
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
      title={t('settlement.title')}
      intro={t('settlement.intro', {
        max: MAX_AEPS_ACCOUNTS,
        low: wholeRupees(AEPS_FEE_UP_TO_SLAB),
        slab: wholeRupees(AEPS_FEE_SLAB_MAX),
        high: wholeRupees(AEPS_FEE_ABOVE_SLAB),
      })}
      addLabel={t('settlement.add')}
      canAdd={canAdd}
      listTitle={t('settlement.listTitle')}
      listLoading={accounts.isPending}
      summary={<AepsBalanceCard />}
      list={(pay) => (
        <>
          {accounts.isSuccess && approved.length === 0 && (
            <Empty description={localizeMessage(Messages.noActivatedAccount)} />
          )}
          {accounts.isSuccess && pending > 0 && (
            <Alert
              className="payout__alert"
              type="info"
              showIcon
              title={t('settlement.awaiting', { count: pending, total: formatCount(pending) })}
            />
          )}
          <AepsAccountsWaiting accounts={waiting} />
          {/* Spec §5: only approved accounts are listed. */}
          {approved.length > 0 && (
            <BeneficiaryList
              beneficiaries={approved}
              loading={false}
              error={null}
              actionLabel={t('settlement.settle')}
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
      <TransactionReportView preset="aepsSettlements" sectionTitle={t('settlement.reportTitle')} />
    </PayoutScreen>
  );
}
