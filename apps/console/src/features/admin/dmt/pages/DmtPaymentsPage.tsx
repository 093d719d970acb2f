import { AdminPage } from '../../common/AdminPage';
import { RequireMenuItem } from '../../common/RequireMenuItem';
import { formatPaise } from '@khata/domain';
import { DEFAULT_DMT_LIMITS, mayActInDmt } from '@khata/domain';
import { useAdminUser } from '../../session/adminUser';
import { DmtTransfersReport } from '../components/DmtTransfersReport';
import { SendMoney } from '../components/SendMoney';
import '../../remitters/dmt.css';

/**
 * Issue 25: /admin/dmtPayments. Whoever holds the dmt service (a retailer) sends money for a
 * walk-in customer; everyone the menu gives it reads the DMT transfers they may see.
 */
export function DmtPaymentsPage() {
  return (
    <RequireMenuItem item="dmtPayments">
      <DmtPayments />
    </RequireMenuItem>
  );
}

function DmtPayments() {
  const { services, kind } = useAdminUser();
  const acts = mayActInDmt(services);
  return (
    <AdminPage
      title="Money Transfer"
      intro={
        acts
          ? `Send a walk-in customer’s cash to a bank account: at most ${formatPaise(DEFAULT_DMT_LIMITS.perTransaction)} a transfer and ${formatPaise(DEFAULT_DMT_LIMITS.perMonth)} a month for each customer, each transfer confirmed with their OTP and your PIN.`
          : 'The DMT transfers of the shops you can see, and the ones waiting for the bank or a refund.'
      }
    >
      {acts && <SendMoney />}
      <DmtTransfersReport acts={acts} canCheck={kind === 'admin'} showShop={!acts} />
    </AdminPage>
  );
}
